import { openDatabase } from '../db/database';
import { rollUpMerchantFigures } from '../modules/reports';

/**
 * The operator reports' rollup in its own process, for the test that kills one mid-run: it rolls up in
 * tiny batches forever and prints a line after each, until it is killed.
 */
const url = process.argv[2];
if (!url) throw new Error('usage: report-rollup-child.ts <database url>');
const database = openDatabase({ url, poolMax: 2, statementTimeoutMs: 30_000 });
for (;;) {
  await rollUpMerchantFigures(database.db, {
    batchSize: 3,
    maxBatches: 1,
    afterBatch: (rows) => {
      process.stdout.write(`batch ${rows}\n`);
    },
  });
}
