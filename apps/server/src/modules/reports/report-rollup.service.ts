import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './report-rollup.repo';

/** The cursor of the operator reports' rollup in rollup_cursors (migration 0031). */
export const reportsCursor = 'reports';

export interface ReportRollupOptions {
  /** Transfers per transaction. */
  batchSize?: number;
  /** Batches per call at most, so one call stays bounded (the job calls again on its next tick). */
  maxBatches?: number;
  /** Called between batches; the crash test's child prints a line here. */
  afterBatch?: (rows: number) => Promise<void> | void;
}

/**
 * Rolls the ledger's new transfers up into merchant_daily, as the agent rollups do (decision 0028): in
 * batches, each in one transaction with its cursor's move, so a crash loses no batch half-written and
 * repeats none, and only transfers of transactions older than every running one are read, so one that
 * commits late is still ahead of the cursor. Answers how many transfers it read.
 */
export async function rollUpMerchantFigures(
  db: Kysely<DB>,
  options: ReportRollupOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 20_000;
  const maxBatches = options.maxBatches ?? 50;
  // Read before this call's own transactions take an id, so the horizon is other sessions' oldest.
  const horizon = await repo.selectHorizon(db);
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const rows = await db.transaction().execute(async (trx) => {
      const cursor = await repo.lockCursor(trx, reportsCursor);
      const result = await repo.rollUpMerchantBatch(trx, cursor, horizon.xmin, batchSize);
      if (result.last) await repo.moveCursor(trx, reportsCursor, result.last, result.rows);
      return result.rows;
    });
    total += rows;
    await options.afterBatch?.(rows);
    if (rows < batchSize) {
      await repo.markCaughtUp(db, reportsCursor, horizon);
      break;
    }
  }
  return total;
}
