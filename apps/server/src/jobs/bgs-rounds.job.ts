import type { FastifyInstance } from 'fastify';
import { injectedBgsWallet } from '../modules/inhouse/bgs-wallet';
import { recoverStuckRounds, type RecoveryReport } from '../modules/inhouse/recovery.service';
import { VendorDirectory } from '../modules/seamless/vendor-directory';
import { withAdvisoryLock } from './cleanup.repo';

/** Advisory-lock key of this job: one instance finishes stuck in-house rounds at a time. */
const bgsRecoveryLockKey = 7_008;
const intervalMs = 30_000;
/** A round younger than this may still belong to the request that is playing it. */
export const bgsRecoveryMinAgeMs = 60_000;

/** One run under the advisory lock; undefined when another instance holds it. */
export async function runBgsRecovery(app: FastifyInstance, minAgeMs = bgsRecoveryMinAgeMs) {
  const db = app.deps.database.db;
  const wallet = injectedBgsWallet(app, new VendorDirectory(db));
  let report: RecoveryReport | undefined;
  await withAdvisoryLock(db, bgsRecoveryLockKey, async () => {
    report = await recoverStuckRounds(db, wallet, app.deps.merchants, minAgeMs);
  });
  return report;
}

/** Every 30 s: finishes in-house rounds whose bet or win answer was lost (docs/provably-fair.md). */
export function startBgsRecoveryJob(app: FastifyInstance): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await runBgsRecovery(app);
      if (report && report.rolledBack + report.paid + report.failed > 0) {
        app.log.info(report, 'in-house rounds recovered');
      }
    } catch (error) {
      app.log.warn({ err: error }, 'in-house round recovery failed; it runs again later');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
