import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { earnPoints } from '../modules/points';
import { defineJob } from './job-runner';

/**
 * Every 5 seconds: the ledger's new bets and deposits earn their points, rolled-back bets give theirs
 * back and VIP levels rise (decision 0033). Each batch moves the points cursor in its own transaction, so
 * a crash or a second instance neither loses nor doubles a point; nothing is added to a bet's
 * transaction. Every 5 rather than every second: a batch writes one points transfer per member who
 * played, so fewer, larger batches write less per bet (the wallet bench's points ratio).
 */
export function pointsEarningJob(db: Kysely<DB>, everyMs = 5_000) {
  return defineJob({
    name: 'points-earning',
    schedule: { everyMs, runAtStart: true },
    async run({ log }) {
      const rows = await earnPoints(db);
      if (rows > 0) log.debug({ rows }, 'ledger transfers read for points');
    },
  });
}
