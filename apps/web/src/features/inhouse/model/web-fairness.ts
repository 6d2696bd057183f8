import {
  computeOutcome,
  fromHex,
  toHex,
  type BgsOutcome,
  type FairInput,
  type HmacSha256,
} from '@portal/contracts/bgs';

/**
 * The browser's half of provable fairness: the same shared rules as the server, with WebCrypto's
 * HMAC-SHA256 and SHA-256, so the verify page recomputes a round without trusting the server.
 */

/** Copies bytes into a fresh ArrayBuffer (WebCrypto refuses views of shared or foreign buffers). */
function bufferOf(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

/** HMAC-SHA256 through WebCrypto; the imported key is reused for the blocks of one round. */
export function webHmac(): HmacSha256 {
  let cached: { hex: string; key: Promise<CryptoKey> } | null = null;
  const encoder = new TextEncoder();
  return async (keyBytes, message) => {
    const hex = toHex(keyBytes);
    if (cached?.hex !== hex) {
      cached = {
        hex,
        key: crypto.subtle.importKey('raw', bufferOf(keyBytes), { name: 'HMAC', hash: 'SHA-256' }, false, [
          'sign',
        ]),
      };
    }
    const signature = await crypto.subtle.sign('HMAC', await cached.key, bufferOf(encoder.encode(message)));
    return new Uint8Array(signature);
  };
}

/** SHA-256 of the server seed's 32 bytes, as hex: what was shown before play. */
export async function serverSeedHashOf(serverSeed: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bufferOf(fromHex(serverSeed)))));
}

/** Recomputes a round in the browser. */
export function recomputeOutcome(input: FairInput): Promise<BgsOutcome> {
  return computeOutcome(webHmac(), input);
}

/** A fresh request id for a play (its idempotency key). */
export function newPlayRequestId(): string {
  return crypto.randomUUID();
}
