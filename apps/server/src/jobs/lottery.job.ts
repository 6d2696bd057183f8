import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { runLottery, type LotteryRunSummary } from '../modules/lottery/lottery-settlement.service';
import { LotteryWallet } from '../modules/lottery/lottery-wallet';
import type { MerchantDirectory } from '../modules/system/merchant-directory';
import { withAdvisoryLock } from './cleanup.repo';

/** Advisory-lock key of this job: one instance at a time opens, draws and settles lotteries. */
export const lotteryLockKey = 7_009;
/** Draws are due on whole minutes; a run every second publishes a result within about a second. */
const intervalMs = 1_000;

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
  const ran = await withAdvisoryLock(db, lotteryLockKey, async () => {
    summary = await runLottery(db, merchants, wallet);
  });
  return ran ? summary : null;
}

/** Runs the job every second; one run at a time per instance. */
export function startLotteryJob(
  db: Kysely<DB>,
  merchants: MerchantDirectory,
  log: FastifyBaseLogger,
): () => void {
  const wallet = new LotteryWallet(db, log);
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    runLotteryJob(db, merchants, wallet)
      .then((summary) => {
        if (summary && (summary.drawn > 0 || summary.settledBets > 0))
          log.info(summary, 'lottery draws settled');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'lottery job failed; it runs again in a second'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
