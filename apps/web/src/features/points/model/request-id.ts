/** A fresh client request id (the contracts' clientRequestId: 8 to 64 letters and digits). */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** The withdraw (payment) password's shape: six digits, as the contracts' paymentPassword. */
export const paymentPasswordPattern = /^\d{6}$/;
