import {
  constants,
  createDecipheriv,
  createHash,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
  createPrivateKey,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import { encryptedBody, encryptedPlaintext, type PublicKey } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './auth.repo';

/**
 * Encrypted calls (login, register, password changes): the browser wraps a fresh AES-256-GCM key with our
 * RSA-OAEP public key, on top of TLS (docs/decisions/0008-encrypted-calls.md). The key pair lives in the
 * database so every instance decrypts the same bodies; a timestamp window and single-use nonces refuse
 * replayed bodies.
 */
export interface Encryption {
  publicKey: PublicKey;
  /** Decrypts and checks an encrypted body; returns its payload (validated afterwards by the route). */
  open(body: unknown): Promise<unknown>;
}

const clockSkewMs = 5 * 60_000;

async function loadOrCreateKey(db: Kysely<DB>): Promise<{ id: string; privateKey: KeyObject; spki: string }> {
  const existing = await repo.selectNewestServerKey(db);
  if (existing) {
    return {
      id: existing.id,
      privateKey: createPrivateKey(existing.private_key_pem),
      spki: existing.public_key_spki,
    };
  }
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const id = createHash('sha256').update(spki).digest('base64url').slice(0, 16);
  await repo.insertServerKey(
    db,
    id,
    pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    spki,
  );
  // Two instances starting together may both create one: everyone uses the newest, so read it back.
  return loadOrCreateKey(db);
}

function refuse(message: string): AppError {
  return new AppError('encryption_invalid', message);
}

function decrypt(privateKey: KeyObject, body: { key: string; iv: string; data: string }): string {
  const aesKey = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(body.key, 'base64'),
  );
  const iv = Buffer.from(body.iv, 'base64');
  const data = Buffer.from(body.data, 'base64');
  if (aesKey.length !== 32 || iv.length !== 12 || data.length < 17) throw refuse('malformed encrypted body');
  const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** Loads (or creates on first start) the server key pair. */
export async function openEncryption(db: Kysely<DB>): Promise<Encryption> {
  const key = await loadOrCreateKey(db);
  return {
    publicKey: { keyId: key.id, algorithm: 'RSA-OAEP-256+A256GCM', spki: key.spki },
    async open(body) {
      const envelope = encryptedBody.safeParse(body);
      if (!envelope.success) throw refuse('the body must be encrypted to the published key');
      if (envelope.data.keyId !== key.id)
        throw refuse('the body was encrypted to another key; fetch the public key again');
      let text: string;
      try {
        text = decrypt(key.privateKey, envelope.data);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw refuse('the body could not be decrypted');
      }
      let plaintext: unknown;
      try {
        plaintext = JSON.parse(text);
      } catch {
        throw refuse('the decrypted body is not JSON');
      }
      const parsed = encryptedPlaintext.safeParse(plaintext);
      if (!parsed.success) throw refuse('the decrypted body lacks timestamp, nonce or payload');
      if (Math.abs(Date.now() - parsed.data.timestamp) > clockSkewMs) {
        throw new AppError(
          'encryption_invalid',
          'the request is too old or from the future; check the clock',
        );
      }
      const fresh = await repo.useNonce(db, parsed.data.nonce, new Date(Date.now() + 2 * clockSkewMs));
      if (!fresh) throw new AppError('replayed_request', 'this request was already received');
      // Expired nonces can go: their timestamps are outside the window, so a replay fails on time anyway.
      if (Math.random() < 0.01) await repo.deleteExpiredNonces(db);
      return parsed.data.payload;
    },
  };
}
