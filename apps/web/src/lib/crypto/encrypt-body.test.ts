import type { PublicKey } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64';
import { encryptBody, importServerKey } from './encrypt-body';

/** A real RSA key pair, as the server holds one: the public half published as base64 SPKI. */
async function serverKeyPair(): Promise<{ publicKey: PublicKey; privateKey: CryptoKey }> {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
  return {
    publicKey: {
      keyId: 'key-1',
      algorithm: 'RSA-OAEP-256+A256GCM',
      spki: bytesToBase64(new Uint8Array(spki)),
    },
    privateKey: pair.privateKey,
  };
}

/** What the server does: unwrap the AES key with the private key, then open the AES-GCM data. */
async function decrypt(privateKey: CryptoKey, body: { key: string; iv: string; data: string }) {
  const rawKey = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, base64ToBytes(body.key));
  expect(rawKey.byteLength).toBe(32);
  const aesKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(body.iv) },
    aesKey,
    base64ToBytes(body.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as {
    timestamp: number;
    nonce: string;
    payload: unknown;
  };
}

// RSA key generation takes a few hundred milliseconds; one pair serves every test.
const sharedPair = serverKeyPair();

describe('encryptBody', () => {
  it('round-trips: the private key recovers timestamp, nonce and payload', async () => {
    const { publicKey, privateKey } = await sharedPair;
    const payload = { type: 'username', username: 'somchai', password: 'Pa$$w0rd ไทย', side: 'member' };
    const body = await encryptBody(
      publicKey,
      await importServerKey(publicKey),
      payload,
      () => 1_700_000_000_000,
    );

    expect(body.keyId).toBe('key-1');
    expect(base64ToBytes(body.iv)).toHaveLength(12);
    expect(body.data).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const opened = await decrypt(privateKey, body);
    expect(opened.timestamp).toBe(1_700_000_000_000);
    expect(opened.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(opened.payload).toEqual(payload);
    // The password never travels in the clear.
    expect(JSON.stringify(body)).not.toContain('Pa$$w0rd');
  });

  it('uses a fresh key, iv and nonce for every body', async () => {
    const { publicKey, privateKey } = await sharedPair;
    const serverKey = await importServerKey(publicKey);
    const first = await encryptBody(publicKey, serverKey, { a: 1 });
    const second = await encryptBody(publicKey, serverKey, { a: 1 });
    expect(first.iv).not.toBe(second.iv);
    expect(first.key).not.toBe(second.key);
    expect((await decrypt(privateKey, first)).nonce).not.toBe((await decrypt(privateKey, second)).nonce);
  });

  it('refuses a key published for another algorithm', async () => {
    const { publicKey } = await sharedPair;
    await expect(
      importServerKey({ ...publicKey, algorithm: 'RSA1_5' as PublicKey['algorithm'] }),
    ).rejects.toThrow(/Unsupported/);
  });
});
