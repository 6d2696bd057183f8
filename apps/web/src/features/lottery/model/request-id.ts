/** A fresh idempotency key for one bet the player asks for (kept across retries of that bet). */
export function newBetRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
