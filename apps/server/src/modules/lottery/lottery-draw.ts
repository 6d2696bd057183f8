import { createHash, createHmac, randomBytes } from 'node:crypto';
import { drawMessage, formatLotteryResult, lotteryResultRange, numberFromHmac } from '@portal/contracts';

/**
 * Commit-reveal of a draw (docs/lottery.md). The seed is 32 random bytes written as 64 hex characters;
 * the commitment is SHA-256 of that text; the result is the first HMAC-SHA256(key = seed text, message =
 * "<gameCode>:<drawNo>:<counter>") word that passes rejection sampling, modulo 1000. Anyone can redo it:
 * `echo -n <seed> | sha256sum` and `openssl dgst -sha256 -hmac <seed>`.
 */

/** How many HMAC counters a draw may try before giving up (each rejects with chance below 10^-50). */
const maxCounters = 16;

/** A fresh secret seed and its published hash. */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHashOf(seed) };
}

/** SHA-256 (hex) of the seed text: the commitment shown before betting closes. */
export function seedHashOf(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** The three-digit result derived from the seed, the game and the draw number. */
export function deriveResult(seed: string, gameCode: string, drawNo: string): string {
  for (let counter = 0; counter < maxCounters; counter += 1) {
    const bytes = createHmac('sha256', Buffer.from(seed, 'utf8'))
      .update(drawMessage(gameCode, drawNo, counter))
      .digest();
    const value = numberFromHmac(bytes, lotteryResultRange);
    if (value !== null) return formatLotteryResult(value);
  }
  throw new Error(`no unbiased result after ${maxCounters} HMAC counters; this cannot happen in practice`);
}

/** The draw number: the draw time's UTC minute as yyyyMMddHHmm (intervals are whole minutes or more). */
export function drawNumberOf(drawsAt: Date): string {
  return drawsAt.toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/**
 * The schedule of a lottery: a draw every `intervalSeconds`, aligned to the epoch (every 5 minutes means
 * :00, :05, ...). Returns the draw periods that include `now` and the next `ahead` ones.
 */
export function scheduledDraws(
  now: Date,
  intervalSeconds: number,
  closeBeforeSeconds: number,
  ahead = 1,
): { drawNo: string; opensAt: Date; closesAt: Date; drawsAt: Date }[] {
  const intervalMs = intervalSeconds * 1000;
  const firstDrawMs = Math.floor(now.getTime() / intervalMs) * intervalMs + intervalMs;
  const draws = [];
  for (let index = 0; index <= ahead; index += 1) {
    const drawsAt = new Date(firstDrawMs + index * intervalMs);
    draws.push({
      drawNo: drawNumberOf(drawsAt),
      opensAt: new Date(drawsAt.getTime() - intervalMs),
      closesAt: new Date(drawsAt.getTime() - closeBeforeSeconds * 1000),
      drawsAt,
    });
  }
  return draws;
}
