import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Vendor request signatures: hex HMAC-SHA256 with the vendor's secret over `${timestamp}.${body}`, the
 * timestamp in milliseconds since the epoch. Signing the timestamp with the body means an old request
 * cannot be replayed with a fresh timestamp; the window bounds how long a captured request stays valid.
 */
export const signatureWindowMs = 5 * 60 * 1000;

export function signBody(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export type SignatureCheck = 'valid' | 'bad_signature' | 'stale_timestamp';

/** Whether the signature matches and the timestamp lies within the window around `nowMs`. */
export function checkSignature(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
  nowMs: number,
): SignatureCheck {
  if (!/^\d{13}$/.test(timestamp)) return 'stale_timestamp';
  if (Math.abs(nowMs - Number(timestamp)) > signatureWindowMs) return 'stale_timestamp';
  const expected = Buffer.from(signBody(secret, timestamp, body), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'bad_signature';
}

/** The three headers of a signed vendor request for `body` (what a vendor's client sends). */
export function signedHeaders(
  vendorCode: string,
  secret: string,
  body: string,
  timestamp = String(Date.now()),
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-vendor-code': vendorCode,
    'x-timestamp': timestamp,
    'x-signature': signBody(secret, timestamp, body),
  };
}
