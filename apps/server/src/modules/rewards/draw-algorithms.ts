import { createHmac } from 'node:crypto';
import { numberFromHmac } from '@portal/contracts/rules';

/**
 * What red envelopes and raffles derive from their committed seed (decision 0031, docs/rewards.md), the
 * way the lottery derives its results: HMAC-SHA256 with the seed text as key over a message naming what
 * is drawn and a counter, read by the lottery's rejection sampling (`numberFromHmac`, no modulo bias).
 * Pure functions: the services store what they answer, the verify calls recompute it from the seed.
 */

/** How many HMAC counters one number may try (each rejects with a chance below 10^-30). */
const maxCounters = 16;

/** Red envelope weights are drawn from 1 to this (inclusive). */
const weightRange = 1_000_000;

/** A uniform number in [0, range) for `message`, from the seed. */
export function seededNumber(seed: string, message: string, range: number): number {
  if (!Number.isSafeInteger(range) || range < 1 || range > 2 ** 32) {
    throw new Error(`range ${range} is outside 1 .. 2^32`);
  }
  for (let counter = 0; counter < maxCounters; counter += 1) {
    const bytes = createHmac('sha256', Buffer.from(seed, 'utf8')).update(`${message}:${counter}`).digest();
    const value = numberFromHmac(bytes, range);
    if (value !== null) return value;
  }
  throw new Error(`no unbiased number after ${maxCounters} HMAC counters; this cannot happen in practice`);
}

/**
 * The split of a red envelope: `shares` amounts of at least one minor unit summing exactly to the pool.
 * Each share i draws a weight w_i in 1..1,000,000 (message `red-envelope:<i>`); the pool less one unit
 * per share is divided in proportion to the weights, rounded down, and the units left over by rounding
 * (fewer than `shares`) go one each to the first shares.
 */
export function splitPool(seed: string, poolMinor: bigint, shares: number): bigint[] {
  if (shares < 1 || poolMinor < BigInt(shares)) throw new Error('a pool needs one minor unit per share');
  const weights = Array.from({ length: shares }, (_, index) =>
    BigInt(seededNumber(seed, `red-envelope:${index}`, weightRange) + 1),
  );
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0n);
  const rest = poolMinor - BigInt(shares);
  const amounts = weights.map((weight) => 1n + (rest * weight) / totalWeight);
  let leftover = poolMinor - amounts.reduce((sum, amount) => sum + amount, 0n);
  for (let index = 0; leftover > 0n; index += 1, leftover -= 1n) amounts[index] = amounts[index]! + 1n;
  return amounts;
}

/**
 * A raffle's winners: positions into `tickets` (the entries in canonical order), one per prize rank, each
 * entry winning at most once. For rank r a ticket number t in [0, tickets still in the draw) is drawn
 * (message `raffle:<r>`) and the winner is the entry whose run of tickets, counted in canonical order over
 * the entries not yet drawn, holds t. Fewer entries than prizes: the prizes left are not drawn.
 */
export function pickWinners(seed: string, tickets: readonly number[], prizeCount: number): number[] {
  const drawn = new Set<number>();
  const winners: number[] = [];
  let remaining = tickets.reduce((sum, count) => sum + count, 0);
  for (let rank = 1; rank <= prizeCount && remaining > 0; rank += 1) {
    let ticket = seededNumber(seed, `raffle:${rank}`, remaining);
    for (let position = 0; position < tickets.length; position += 1) {
      if (drawn.has(position)) continue;
      const count = tickets[position]!;
      if (ticket < count) {
        drawn.add(position);
        winners.push(position);
        remaining -= count;
        break;
      }
      ticket -= count;
    }
  }
  return winners;
}
