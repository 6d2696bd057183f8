import type { Kysely } from 'kysely';
import { followLedger } from '../../db/ledger-cursor';
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
export function rollUpMerchantFigures(db: Kysely<DB>, options: ReportRollupOptions = {}): Promise<number> {
  return followLedger(
    db,
    reportsCursor,
    {
      batchSize: options.batchSize ?? 20_000,
      maxBatches: options.maxBatches ?? 50,
      afterBatch: options.afterBatch,
    },
    async (trx, cursor, horizon, limit) => {
      const result = await repo.rollUpMerchantBatch(trx, cursor, horizon, limit);
      return { read: result.rows, last: result.last };
    },
  );
}
