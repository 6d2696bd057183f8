import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { reconcileVendorTransfers, type ReconcileReport } from '../modules/transfer-wallet';
import type { VendorRegistry } from '../modules/vendors';
import { withAdvisoryLock } from './advisory-lock.repo';
import { defineJob } from './job-runner';
import { jobLockKeys } from './lock-keys';

export interface VendorReconcileSettings {
  intervalMs: number;
  /** Pending transfers younger than this still belong to the request waiting for the vendor. */
  minAgeMs: number;
}

/**
 * One reconciliation run under the advisory lock; undefined when another instance holds it. Settling is
 * idempotent (row lock + hold settled at most once), so the lock saves vendor calls, not correctness.
 */
export async function runVendorReconcile(
  db: Kysely<DB>,
  vendors: VendorRegistry,
  minAgeMs: number,
): Promise<ReconcileReport | undefined> {
  let report: ReconcileReport | undefined;
  await withAdvisoryLock(db, jobLockKeys['vendor-reconcile'], async () => {
    report = await reconcileVendorTransfers(db, vendors, { minAgeMs });
  });
  return report;
}

/**
 * Every intervalMs and at start: settles the transfers whose vendor answer was unknown (time-out, lost
 * answer, crash). A slow vendor can make a run outlast the interval; the runner never overlaps runs.
 */
export function vendorReconcileJob(
  db: Kysely<DB>,
  vendors: VendorRegistry,
  settings: VendorReconcileSettings,
) {
  return defineJob({
    name: 'vendor-reconcile',
    schedule: { everyMs: settings.intervalMs, runAtStart: true },
    async run({ log }) {
      const report = await reconcileVendorTransfers(db, vendors, { minAgeMs: settings.minAgeMs });
      if (report.posted + report.voided + report.stillPending > 0) {
        log.info(report, 'vendor transfers reconciled');
      }
    },
  });
}
