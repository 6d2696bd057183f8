import type { FastifyInstance } from 'fastify';
import { injectedBgsWallet, recoverStuckRounds, type RecoveryReport } from '../modules/inhouse';
import { VendorDirectory } from '../modules/seamless';
import { withAdvisoryLock } from './advisory-lock.repo';
import { defineJob } from './job-runner';
import { jobLockKeys } from './lock-keys';

/** A round younger than this may still belong to the request that is playing it. */
export const bgsRecoveryMinAgeMs = 60_000;

/** Finishes the stuck in-house rounds (the caller holds the lock). */
function recoverRounds(app: FastifyInstance, minAgeMs: number): Promise<RecoveryReport> {
  const db = app.deps.database.db;
  const wallet = injectedBgsWallet(app, new VendorDirectory(db, undefined, app.deps.bus));
  return recoverStuckRounds(db, wallet, app.deps.merchants, minAgeMs);
}

/** One run under the advisory lock; undefined when another instance holds it. */
export async function runBgsRecovery(app: FastifyInstance, minAgeMs = bgsRecoveryMinAgeMs) {
  let report: RecoveryReport | undefined;
  await withAdvisoryLock(app.deps.database.db, jobLockKeys['bgs-recovery'], async () => {
    report = await recoverRounds(app, minAgeMs);
  });
  return report;
}

/** Every 30 s: finishes in-house rounds whose bet or win answer was lost (docs/provably-fair.md). */
export function bgsRecoveryJob(app: FastifyInstance) {
  return defineJob({
    name: 'bgs-recovery',
    schedule: { everyMs: 30_000 },
    async run({ log }) {
      const report = await recoverRounds(app, bgsRecoveryMinAgeMs);
      if (report.rolledBack + report.paid + report.failed > 0) log.info(report, 'in-house rounds recovered');
    },
  });
}
