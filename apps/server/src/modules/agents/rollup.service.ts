import type { Kysely } from 'kysely';
import { followLedger } from '../../db/ledger-cursor';
import type { DB } from '../../db/schema';
import * as repo from './rollup.repo';

/** The rollup cursor that follows the ledger. */
const ledgerCursor = 'ledger';

export interface RollupOptions {
  /** Transfers per transaction. */
  batchSize?: number;
  /** Batches per call at most, so one call stays bounded (the job calls again on its next tick). */
  maxBatches?: number;
  /** Called between batches; a test uses it to stop a run half-way. */
  afterBatch?: (rows: number) => Promise<void> | void;
}

/**
 * Rolls the ledger's new transfers up into the agent figures (decision 0028): in batches, each in one
 * transaction with the cursor's move, so a crash loses no batch half-written and repeats none. Only
 * transfers of transactions older than every running one are read, so one that commits late is still
 * ahead of the cursor. Answers how many transfers it read.
 */
export function rollUpLedger(db: Kysely<DB>, options: RollupOptions = {}): Promise<number> {
  return followLedger(
    db,
    ledgerCursor,
    {
      batchSize: options.batchSize ?? 20_000,
      maxBatches: options.maxBatches ?? 50,
      afterBatch: options.afterBatch,
    },
    async (trx, cursor, horizon, limit) => {
      const result = await repo.rollUpBatch(trx, cursor, horizon, limit);
      return { read: result.rows, last: result.last };
    },
  );
}

/** How far the rollups are: the cursor's position and when it last moved. */
export async function rollupStatus(db: Kysely<DB>) {
  return db
    .selectFrom('rollup_cursors')
    .select(['xid', 'transfer_id', 'rows_total', 'updated_at', 'caught_up_at'])
    .where('name', '=', ledgerCursor)
    .executeTakeFirstOrThrow();
}
