import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { LotteryWallet, runLottery, type LotteryRunSummary } from '../modules/lottery';
import type { MerchantDirectory } from '../modules/system';
import { withAdvisoryLock } from './advisory-lock.repo';
import { defineJob } from './job-runner';
import { jobLockKeys } from './lock-keys';

/**
 * One run under the advisory lock; null when another instance holds it (it is doing the same work).
 * The lock keeps instances from doing the work twice; the unique keys keep the money right even if two
 * runs overlapped anyway (a lock lost with its connection, a run on a database without advisory locks).
 */
export async function runLotteryJob(
  db: Kysely<DB>,
  merchants: MerchantDirectory,
  wallet: LotteryWallet,
): Promise<LotteryRunSummary | null> {
  let summary: LotteryRunSummary | null = null;
  const ran = await withAdvisoryLock(db, jobLockKeys.lottery, async () => {
    summary = await runLottery(db, merchants, wallet);
  });
  return ran ? summary : null;
}

/**
 * Every second and at start: opens, draws and settles lottery draws. Draws are due on whole minutes; a
 * run every second publishes a result within about a second.
 */
export function lotteryJob(db: Kysely<DB>, merchants: MerchantDirectory, log: FastifyBaseLogger) {
  // With the logger, a payout the seamless wallet flags (decision 0024) is logged and alerted.
  const wallet = new LotteryWallet(db, log);
  return defineJob({
    name: 'lottery',
    schedule: { everyMs: 1_000, runAtStart: true },
    async run({ log }) {
      const summary = await runLottery(db, merchants, wallet);
      if (summary.drawn > 0 || summary.settledBets > 0) log.info(summary, 'lottery draws settled');
    },
  });
}
