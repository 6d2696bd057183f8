import type { EncryptedBody, PublicKey } from '@portal/contracts';
import { base64ToBytes, bytesToBase64, bytesToBase64Url } from './base64';

/** The one algorithm the server publishes: RSA-OAEP (SHA-256) wrapping an AES-256-GCM key. */
export const encryptionAlgorithm = 'RSA-OAEP-256+A256GCM';
const ivBytes = 12;
const nonceBytes = 16;

/** Imports the server's SPKI public key for wrapping AES keys. */
export function importServerKey(publicKey: PublicKey): Promise<CryptoKey> {
  if (publicKey.algorithm !== encryptionAlgorithm) {
    return Promise.reject(new Error(`Unsupported encryption algorithm ${publicKey.algorithm as string}`));
  }
  return crypto.subtle.importKey(
    'spki',
    base64ToBytes(publicKey.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
}

/**
 * Encrypts a payload for the server: a fresh AES-256-GCM key per body encrypts
 * `{ timestamp, nonce, payload }` (the timestamp and single-use nonce let the server refuse replays),
 * and RSA-OAEP wraps that key for the server's private key.
 */
export async function encryptBody(
  publicKey: PublicKey,
  serverKey: CryptoKey,
  payload: unknown,
  now: () => number = Date.now,
): Promise<EncryptedBody> {
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(ivBytes));
  const nonce = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(nonceBytes)));
  const plaintext = new TextEncoder().encode(JSON.stringify({ timestamp: now(), nonce, payload }));
  // WebCrypto's AES-GCM output is the ciphertext followed by the 16-byte tag, as the server expects.
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext);
  const rawKey = await crypto.subtle.exportKey('raw', aesKey);
  const wrappedKey = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, serverKey, rawKey);
  return {
    keyId: publicKey.keyId,
    key: bytesToBase64(new Uint8Array(wrappedKey)),
    iv: bytesToBase64(iv),
    data: bytesToBase64(new Uint8Array(data)),
  };
}
