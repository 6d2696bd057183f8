import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  computeOutcome,
  fromHex,
  type BgsOutcome,
  type FairInput,
  type HmacSha256,
} from '@portal/contracts/bgs';

/** HMAC-SHA256 with node:crypto behind the shared (async) signature the browser's WebCrypto also fits. */
export const nodeHmac: HmacSha256 = (key, message) =>
  Promise.resolve(new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest()));

/** A fresh server seed: 32 random bytes as 64 hex digits. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A default client seed until the player picks one: 16 hex digits. */
export function newClientSeed(): string {
  return randomBytes(8).toString('hex');
}

/** The commitment shown before play: SHA-256 of the server seed's 32 bytes, as hex. */
export function serverSeedHash(serverSeed: string): string {
  return createHash('sha256').update(fromHex(serverSeed)).digest('hex');
}

/** The outcome of a round (server side of the shared rules). */
export function outcomeOf(input: FairInput): Promise<BgsOutcome> {
  return computeOutcome(nodeHmac, input);
}
