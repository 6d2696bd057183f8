import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { drawDueRaffles } from '../modules/rewards';
import { defineJob } from './job-runner';

/**
 * Every 30 seconds: each raffle whose draw time has passed and whose window the rollups cover is drawn
 * and its prizes paid into the winners' bonus wallets (decision 0031). The raffle is marked drawn in the
 * transaction that pays, and each prize is keyed by raffle and rank, so a rerun, a crash or a second
 * instance pays nothing twice.
 */
export function rewardDrawsJob(db: Kysely<DB>, everyMs = 30_000) {
  return defineJob({
    name: 'reward-draws',
    schedule: { everyMs, runAtStart: true },
    async run({ now, log }) {
      const drawn = await drawDueRaffles(db, now);
      if (drawn > 0) log.info({ raffles: drawn }, 'raffles drawn and paid');
    },
  });
}
