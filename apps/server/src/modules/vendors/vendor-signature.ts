import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of the vendor protocols (docs/vendor-integration.md): HMAC-SHA256 with the vendor's
 * secret over `timestamp + "." + body`, hex encoded, in X-Signature next to X-Timestamp (milliseconds
 * since the epoch). Both directions sign, so a forged or altered answer is never taken as definite.
 */
export const signatureHeaders = { timestamp: 'x-timestamp', signature: 'x-signature' } as const;

/** Requests and answers older (or further in the future) than this are refused. */
export const maxSignatureSkewMs = 5 * 60_000;

/** The hex HMAC-SHA256 of `timestamp.body` with the vendor's secret. */
export function signPayload(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The two headers that sign `body` now. */
export function signedHeaders(secret: string, body: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = String(nowMs);
  return {
    [signatureHeaders.timestamp]: timestamp,
    [signatureHeaders.signature]: signPayload(secret, timestamp, body),
  };
}

export type SignatureCheck = 'valid' | 'missing' | 'stale' | 'mismatch';

/** Checks a signature in constant time and the timestamp against the allowed skew. */
export function verifySignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  body: string,
  nowMs = Date.now(),
): SignatureCheck {
  if (!timestamp || !signature) return 'missing';
  if (!/^\d{1,15}$/.test(timestamp) || Math.abs(nowMs - Number(timestamp)) > maxSignatureSkewMs) {
    return 'stale';
  }
  const expected = Buffer.from(signPayload(secret, timestamp, body), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'mismatch';
}
