import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { rollUpMerchantFigures } from '../modules/reports';
import { defineJob } from './job-runner';

/**
 * Every 5 seconds: the ledger's new transfers become the operator reports' merchant figures (migration
 * 0031). Each batch moves the reports cursor in its own transaction, so a crash or a second instance
 * neither loses nor doubles a figure; nothing is added to a bet's transaction. Reports are read by staff,
 * not players: a few seconds behind is fine, and fewer, larger batches write fewer row versions.
 */
export function operatorReportsJob(db: Kysely<DB>, everyMs = 5_000) {
  return defineJob({
    name: 'operator-reports',
    schedule: { everyMs, runAtStart: true },
    async run({ log }) {
      const rows = await rollUpMerchantFigures(db);
      if (rows > 0) log.debug({ rows }, 'ledger transfers rolled up for the operator reports');
    },
  });
}
