import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { earnPoints } from '../modules/points';
import { defineJob } from './job-runner';

/**
 * Every second: the ledger's new bets and deposits earn their points, rolled-back bets give theirs back
 * and VIP levels rise (decision 0033). Each batch moves the points cursor in its own transaction, so a
 * crash or a second instance neither loses nor doubles a point; nothing is added to a bet's transaction.
 */
export function pointsEarningJob(db: Kysely<DB>, everyMs = 1_000) {
  return defineJob({
    name: 'points-earning',
    schedule: { everyMs, runAtStart: true },
    async run({ log }) {
      const rows = await earnPoints(db);
      if (rows > 0) log.debug({ rows }, 'ledger transfers read for points');
    },
  });
}
