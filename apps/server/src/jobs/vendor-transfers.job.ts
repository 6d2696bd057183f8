import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import {
  reconcileVendorTransfers,
  type ReconcileReport,
} from '../modules/transfer-wallet/reconciliation.service';
import type { VendorRegistry } from '../modules/vendors/vendor-registry';
import { withAdvisoryLock } from './cleanup.repo';

/** Advisory-lock key of this job: one instance reconciles at a time, whatever the number of instances. */
const reconcileLockKey = 7_002;

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
  await withAdvisoryLock(db, reconcileLockKey, async () => {
    report = await reconcileVendorTransfers(db, vendors, { minAgeMs });
  });
  return report;
}

/** Every intervalMs: settles the transfers whose vendor answer was unknown (time-out, lost answer, crash). */
export function startVendorReconcileJob(
  db: Kysely<DB>,
  vendors: VendorRegistry,
  log: FastifyBaseLogger,
  settings: VendorReconcileSettings,
): () => void {
  let running = false;
  const run = async () => {
    // A slow vendor can make a run outlast the interval; runs never overlap within one instance.
    if (running) return;
    running = true;
    try {
      const report = await runVendorReconcile(db, vendors, settings.minAgeMs);
      if (report && report.posted + report.voided + report.stillPending > 0) {
        log.info(report, 'vendor transfers reconciled');
      }
    } catch (error) {
      log.warn({ err: error }, 'vendor transfer reconciliation failed; it runs again later');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), settings.intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
