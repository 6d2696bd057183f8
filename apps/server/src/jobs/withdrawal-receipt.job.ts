import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { forceDueReceipts } from '../modules/payments/withdrawals.repo';
import { withAdvisoryLock } from './cleanup.repo';

/** Advisory-lock key of this job: one instance at a time closes receipt windows. */
export const withdrawalReceiptLockKey = 7_005;
const intervalMs = 60_000;

/**
 * One run: every paid-out withdrawal the player did not answer before its deadline becomes
 * forced_received (spec section 4), after which nothing can be returned. Returns how many changed, or
 * null when another instance holds the lock (it is doing the same work).
 */
export async function runWithdrawalReceiptJob(db: Kysely<DB>): Promise<number | null> {
  let changed = 0;
  const ran = await withAdvisoryLock(db, withdrawalReceiptLockKey, async () => {
    changed = await forceDueReceipts(db);
  });
  return ran ? changed : null;
}

/** Runs the job every minute (a late run only delays the state; claims after the deadline are refused). */
export function startWithdrawalReceiptJob(db: Kysely<DB>, log: FastifyBaseLogger): () => void {
  const run = () =>
    runWithdrawalReceiptJob(db)
      .then((changed) => {
        if (changed) log.info({ changed }, 'unanswered withdrawals marked forced_received');
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'withdrawal receipt job failed; it runs again later'),
      );
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
