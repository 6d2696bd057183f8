// Payment limits shared by server and browser; pure (no zod) so the browser bundle can import it.

/** A member keeps at most this many bank accounts for withdrawals. */
export const maxBankAccounts = 5;
