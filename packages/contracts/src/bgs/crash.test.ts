import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  crashElapsedMsFor,
  crashMaxMultiplier,
  crashMultiplierAt,
  crashPayout,
  crashPointFromDigest,
  crashPointOf,
  formatMultiplier,
  verifyChainSeed,
  type Sha256,
} from './crash';
import { toHex, type HmacSha256 } from './fair-stream';

const hmac: HmacSha256 = (key, message) =>
  Promise.resolve(new Uint8Array(createHmac('sha256', key).update(message).digest()));
const sha256: Sha256 = (bytes) =>
  Promise.resolve(new Uint8Array(createHash('sha256').update(bytes).digest()));

/** A chain of `length` seeds, round 1 first: seeds[k-1] = seed_k and seed_(k-1) = SHA-256(seed_k). */
function chain(length: number): { published: string; seeds: string[] } {
  const seeds: string[] = new Array<string>(length);
  let seed = randomBytes(32);
  for (let k = length; k >= 1; k -= 1) {
    seeds[k - 1] = seed.toString('hex');
    seed = createHash('sha256').update(seed).digest();
  }
  return { published: seed.toString('hex'), seeds };
}

/** A digest whose first 52 bits are `h` (the rest zero). */
function digestOf(h: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  const shifted = h << 4n;
  for (let index = 0; index < 7; index += 1)
    bytes[index] = Number((shifted >> BigInt(8 * (6 - index))) & 0xffn);
  return bytes;
}

describe('crash point', () => {
  it('follows floor(99 * 2^52 / (2^52 - h)) with 1.00x at the bottom and 10,000x at the top', () => {
    expect(crashPointFromDigest(digestOf(0n))).toBe(100); // 99 -> 1.00x, an instant crash
    expect(crashPointFromDigest(digestOf(2n ** 51n))).toBe(198); // X = 0.5: 99 / 0.5
    expect(crashPointFromDigest(digestOf(2n ** 52n - 1n))).toBe(crashMaxMultiplier);
    expect(crashPointFromDigest(digestOf((2n ** 52n * 9n) / 10n))).toBe(989); // 99 / 0.1 = 990 less rounding
  });

  it('is the HMAC of the seed under "bgs-crash", the same on every call', async () => {
    const seed = randomBytes(32).toString('hex');
    const digest = createHmac('sha256', Buffer.from(seed, 'hex')).update('bgs-crash').digest();
    expect(await crashPointOf(hmac, seed)).toBe(crashPointFromDigest(new Uint8Array(digest)));
    expect(await crashPointOf(hmac, seed)).toBe(await crashPointOf(hmac, seed));
  });

  it('returns 99% to a fixed auto cash-out in simulation along a real chain (300,000 rounds)', async () => {
    const rounds = 300_000;
    const { seeds } = chain(rounds);
    const targets = [101, 150, 200, 500, 1_000];
    const returned = new Map(targets.map((target) => [target, 0n]));
    let instant = 0;
    for (const seed of seeds) {
      const point = await crashPointOf(hmac, seed);
      if (point === 100) instant += 1;
      // An auto cash-out at x wins when the round reaches x (crash point >= x) and pays x.
      for (const target of targets) {
        if (point >= target) returned.set(target, (returned.get(target) ?? 0n) + crashPayout(100n, target));
      }
    }
    const rtps = targets.map((target) => Number(returned.get(target)) / (rounds * 100));
    console.log(
      `crash RTP over ${rounds} rounds: ${targets.map((target, i) => `${formatMultiplier(target)}x ${(rtps[i]! * 100).toFixed(2)}%`).join(', ')}; instant crashes ${((instant / rounds) * 100).toFixed(2)}%`,
    );
    // The return of one round at target x has a standard deviation of about sqrt(0.99 x); over 300,000
    // rounds that is a standard error of 0.18 points at 1.01x, 0.26 at 2x and 0.57 at 10x. The tolerance
    // is four standard errors.
    targets.forEach((target, index) => {
      const standardError = Math.sqrt((0.99 * target) / 100) / Math.sqrt(rounds);
      expect(Math.abs(rtps[index]! - 0.99)).toBeLessThan(4 * standardError);
    });
    // A round stops at 1.00x with probability 1 - 0.99 / 1.01 (the 1% edge and the rounds below 1.01x):
    // 1.98%, binomial standard error 0.025 points.
    expect(Math.abs(instant / rounds - (1 - 0.99 / 1.01))).toBeLessThan(0.001);
  }, 120_000);
});

describe('hash chain', () => {
  it('verifies every round of a chain against the published hash and finds a forged seed', async () => {
    const { published, seeds } = chain(50);
    for (const [index, seed] of seeds.entries()) {
      const result = await verifyChainSeed(sha256, seed, index + 1, published);
      expect(result.matches).toBe(true);
      expect(result.previous).toBe(index === 0 ? published : seeds[index - 1]);
    }
    const forged = toHex(randomBytes(32));
    expect((await verifyChainSeed(sha256, forged, 3, published)).matches).toBe(false);
    // The right seed under the wrong round number does not match either.
    expect((await verifyChainSeed(sha256, seeds[4]!, 4, published)).matches).toBe(false);
  });
});

describe('curve', () => {
  it('starts at 1.00x, doubles after about 11.55 s and is reached at the computed millisecond', () => {
    expect(crashMultiplierAt(0)).toBe(100);
    expect(crashMultiplierAt(11_552)).toBe(199);
    expect(crashMultiplierAt(11_553)).toBe(200);
    for (const target of [101, 137, 200, 999, 12_345, 1_000_000]) {
      const ms = crashElapsedMsFor(target);
      expect(crashMultiplierAt(ms)).toBeGreaterThanOrEqual(target);
      expect(crashMultiplierAt(ms - 1)).toBeLessThan(target);
    }
  });

  it('pays the bet times the multiplier, rounded down to the minor unit', () => {
    expect(crashPayout(1_000n, 237)).toBe(2_370n);
    expect(crashPayout(333n, 150)).toBe(499n);
    expect(formatMultiplier(100)).toBe('1.00');
    expect(formatMultiplier(12_305)).toBe('123.05');
  });
});
