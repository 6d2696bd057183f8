import { createHash, randomBytes } from 'node:crypto';
import { crashPointOf } from '@portal/contracts/bgs';
import { nodeHmac } from '../fairness';

/**
 * The hash chain of BGS Crash: seed_length is 32 random bytes and seed_(k-1) = SHA-256(seed_k) down to
 * seed_0, the chain's published hash. Round k plays with seed_k, so each revealed seed hashes to the one
 * before it and, k hashes down, to the published hash; nobody can compute seed_(k+1) from it.
 */

/** Rounds per chain unless configured: about a day of rounds at 10 s each. */
export const defaultChainLength = 10_000;

function sha256Hex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** A new chain: its secret top seed and the published hash (seed_0). */
export function generateChain(length: number): { topSeed: string; hash: string } {
  const topSeed = randomBytes(32).toString('hex');
  return { topSeed, hash: chainSeeds(topSeed, length)[0]! };
}

/** Every seed of a chain: index k holds seed_k (index 0 the published hash). */
export function chainSeeds(topSeed: string, length: number): string[] {
  const seeds = new Array<string>(length + 1);
  let seed = topSeed;
  for (let k = length; k >= 0; k -= 1) {
    seeds[k] = seed;
    if (k > 0) seed = sha256Hex(seed);
  }
  return seeds;
}

const cache = new Map<bigint, string[]>();
const cacheSize = 8;

/** seed_k of a chain (the chain's seeds are computed once per process and kept for a few chains). */
export function roundSeed(chain: { id: bigint; top_seed: string; length: number }, roundNo: number): string {
  let seeds = cache.get(chain.id);
  if (!seeds) {
    seeds = chainSeeds(chain.top_seed, chain.length);
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    cache.set(chain.id, seeds);
  }
  const seed = seeds[roundNo];
  if (!seed || roundNo < 1) throw new Error(`chain ${chain.id} has no round ${roundNo}`);
  return seed;
}

/** The crash point (hundredths) of a round seed, as the shared rules compute it. */
export function crashPointOfSeed(seed: string): Promise<number> {
  return crashPointOf(nodeHmac, seed);
}
