import { constants, createCipheriv, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import type { PublicKey } from '@portal/contracts';

/** Encrypts a payload exactly as the browser does (RSA-OAEP SHA-256 wrapping an AES-256-GCM key). */
export function encryptFor(
  key: PublicKey,
  payload: unknown,
  overrides: { timestamp?: number; nonce?: string } = {},
): { keyId: string; key: string; iv: string; data: string } {
  const aesKey = randomBytes(32);
  const iv = randomBytes(12);
  const plaintext = JSON.stringify({
    timestamp: overrides.timestamp ?? Date.now(),
    nonce: overrides.nonce ?? randomBytes(16).toString('base64url'),
    payload,
  });
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const rsa = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
  const wrapped = publicEncrypt(
    { key: rsa, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    keyId: key.keyId,
    key: wrapped.toString('base64'),
    iv: iv.toString('base64'),
    data: data.toString('base64'),
  };
}
