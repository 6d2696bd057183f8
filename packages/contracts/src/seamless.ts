import { z } from 'zod';

/**
 * The seamless wallet API that game vendors call (docs/vendor-integration.md): balance, bet, win and
 * rollback. Every request is signed (X-Vendor-Code, X-Timestamp, X-Signature headers); amounts are
 * decimal strings in the merchant's currency; the vendor's transactionId is the idempotency key.
 */
const identifier = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');
/** Amount text: validated exactly (decimals, range) by the server against the merchant's currency. */
const amountText = z.string().min(1).max(40);

const playerFields = {
  merchantCode: z.string().min(1).max(32),
  playerId: z.string().regex(/^\d{1,10}$/, 'the player id given at launch'),
  currency: z.string().regex(/^[A-Z]{3}$/),
};

export const seamlessBalanceRequest = z.object(playerFields);

export const seamlessBetRequest = z.object({
  ...playerFields,
  sessionToken: z.string().min(16).max(200),
  amount: amountText,
  transactionId: identifier,
  roundId: identifier,
  gameCode: identifier,
  roundClosed: z.boolean().optional(),
});

export const seamlessWinRequest = z.object({
  ...playerFields,
  amount: amountText,
  transactionId: identifier,
  roundId: identifier,
  gameCode: identifier,
  roundClosed: z.boolean().optional(),
});

export const seamlessRollbackRequest = z.object({
  ...playerFields,
  amount: amountText,
  transactionId: identifier,
  betTransactionId: identifier,
  roundId: identifier,
  gameCode: identifier,
});

export type SeamlessBalanceRequest = z.infer<typeof seamlessBalanceRequest>;
export type SeamlessBetRequest = z.infer<typeof seamlessBetRequest>;
export type SeamlessWinRequest = z.infer<typeof seamlessWinRequest>;
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequest>;

/** Every answer: the player's balance after the call (a duplicate gets the stored answer, replayed). */
export const seamlessAnswer = z.object({
  balance: z.string(),
  currency: z.string(),
  transactionId: z.string().optional(),
  replayed: z.boolean().optional(),
});
export type SeamlessAnswer = z.infer<typeof seamlessAnswer>;

/** Headers of a signed vendor request; the signature is hex HMAC-SHA256 of `${timestamp}.${body}`. */
export const vendorSignatureHeaders = {
  vendor: 'x-vendor-code',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;
