import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { forceDueReceipts } from '../modules/payments';
import { withAdvisoryLock } from './advisory-lock.repo';
import { defineJob } from './job-runner';
import { jobLockKeys } from './lock-keys';

/** Advisory-lock key of this job: one instance at a time closes receipt windows. */
export const withdrawalReceiptLockKey = jobLockKeys['withdrawal-receipt'];

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

/** Every minute and at start (a late run only delays the state; claims after the deadline are refused). */
export function withdrawalReceiptJob(db: Kysely<DB>) {
  return defineJob({
    name: 'withdrawal-receipt',
    schedule: { everyMs: 60_000, runAtStart: true },
    async run({ log }) {
      const changed = await forceDueReceipts(db);
      if (changed) log.info({ changed }, 'unanswered withdrawals marked forced_received');
    },
  });
}
