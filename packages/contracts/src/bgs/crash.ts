import { fromHex, toHex, type HmacSha256 } from './fair-stream';

/**
 * The rules of BGS Crash (`bgs-crash`, docs/provably-fair.md "Crash"): shared rounds whose crash point
 * comes from a published hash chain. Pure functions shared by the server (which runs the rounds) and the
 * browser (which animates the curve and verifies past rounds), each side passing its own SHA-256 and
 * HMAC-SHA256.
 */

export const crashGameCode = 'bgs-crash';

/** SHA-256 of raw bytes; async because WebCrypto is. */
export type Sha256 = (bytes: Uint8Array) => Promise<Uint8Array>;

/** Multipliers are integers in hundredths: 100 is 1.00x, 250 is 2.50x. */
export const crashMinMultiplier = 100;
/** No round flies past 10,000.00x (the in-house cap of 10,000 bets per round). */
export const crashMaxMultiplier = 1_000_000;
/** The lowest auto cash-out target (1.01x): a target of 1.00x could never win anything. */
export const crashMinAutoCashout = 101;
/** House edge 1%: a cash-out at x is reached with probability 0.99 / x. */
export const crashHouseEdge = 0.01;
/** The curve: multiplier(t) = e^(growth * t ms); 2x after 11.55 s, 10x after 38.4 s, 100x after 76.8 s. */
export const crashGrowthPerMs = 0.00006;
/** The HMAC message under each round's seed (the seed is the key). */
export const crashHmacMessage = 'bgs-crash';

const twoPow52 = 2n ** 52n;

/**
 * The crash point (hundredths) of a round seed: h = the first 52 bits of HMAC-SHA256(key = the seed's 32
 * bytes, message "bgs-crash"); crash = max(1.00, floor(99 * 2^52 / (2^52 - h)) / 100), capped at
 * 10,000.00. Then P(crash >= x) = 0.99 / x for every x >= 1.00 up to the cap: a 1% edge whatever the
 * target, and an instant crash at 1.00x one round in a hundred.
 */
export async function crashPointOf(hmac: HmacSha256, seed: string): Promise<number> {
  const digest = await hmac(fromHex(seed), crashHmacMessage);
  return crashPointFromDigest(digest);
}

/** The crash point (hundredths) of an HMAC digest (the first 52 bits decide it). */
export function crashPointFromDigest(digest: Uint8Array): number {
  const h = BigInt(`0x${toHex(digest.subarray(0, 7))}`) >> 4n;
  const point = (99n * twoPow52) / (twoPow52 - h);
  if (point < BigInt(crashMinMultiplier)) return crashMinMultiplier;
  if (point > BigInt(crashMaxMultiplier)) return crashMaxMultiplier;
  return Number(point);
}

/** The multiplier (hundredths) the curve shows `elapsedMs` after take-off. */
export function crashMultiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return crashMinMultiplier;
  return Math.min(crashMaxMultiplier, Math.floor(100 * Math.exp(crashGrowthPerMs * elapsedMs)));
}

/** The first whole millisecond after take-off at which the curve shows `multiplier` (hundredths). */
export function crashElapsedMsFor(multiplier: number): number {
  if (multiplier <= crashMinMultiplier) return 0;
  let ms = Math.max(0, Math.floor(Math.log(multiplier / 100) / crashGrowthPerMs) - 2);
  while (crashMultiplierAt(ms) < multiplier) ms += 1;
  return ms;
}

/** What a cash-out at `multiplier` (hundredths) pays for a bet, in minor units (rounded down). */
export function crashPayout(betMinor: bigint, multiplier: number): bigint {
  return (betMinor * BigInt(multiplier)) / 100n;
}

/** "2.37" for 237 hundredths. */
export function formatMultiplier(multiplier: number): string {
  return `${Math.floor(multiplier / 100)}.${String(multiplier % 100).padStart(2, '0')}`;
}

/** The hash chain's link: seed_(k-1) = SHA-256(seed_k) as hex. */
export async function previousSeed(sha256: Sha256, seed: string): Promise<string> {
  return toHex(await sha256(fromHex(seed)));
}

/**
 * Checks that round `roundNo`'s seed belongs to the chain whose final hash was published: hashing the seed
 * `roundNo` times must give the published hash (seed_0). Answers the seed after one hash too (the previous
 * round's seed), so a page can also compare it with the round before.
 */
export async function verifyChainSeed(
  sha256: Sha256,
  seed: string,
  roundNo: number,
  publishedHash: string,
): Promise<{ matches: boolean; previous: string }> {
  let current = seed;
  let previous = seed;
  for (let step = 0; step < roundNo; step += 1) {
    current = await previousSeed(sha256, current);
    if (step === 0) previous = current;
  }
  return { matches: current === publishedHash, previous };
}
