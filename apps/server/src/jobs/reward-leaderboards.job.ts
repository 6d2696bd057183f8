import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { settleLeaderboards } from '../modules/rewards';
import { defineJob } from './job-runner';

/**
 * Every 30 seconds: the prizes of every leaderboard period that has closed and that the rollups cover
 * are paid into the winners' bonus wallets (decision 0030). A period's row and its winners' claims are
 * written in one transaction and each prize is keyed by activity, winner and period, so a rerun, a crash
 * or a second instance pays nothing twice.
 */
export function rewardLeaderboardsJob(db: Kysely<DB>, everyMs = 30_000) {
  return defineJob({
    name: 'reward-leaderboards',
    schedule: { everyMs, runAtStart: true },
    async run({ now, log }) {
      const paid = await settleLeaderboards(db, now);
      if (paid > 0) log.info({ periods: paid }, 'leaderboard prizes paid');
    },
  });
}
