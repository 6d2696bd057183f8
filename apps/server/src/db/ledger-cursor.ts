import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * A cursor that follows the ledger by (xid, id) below the horizon (decision 0028): the agent rollups, the
 * points job (decision 0033) and the operator reports' rollup each keep one in `rollup_cursors`, moved in
 * the transaction that consumed the transfers (followLedger), so a batch is read once whatever crashes or
 * races.
 */

export interface RollupCursor {
  xid: string;
  transferId: bigint;
}

export interface Horizon {
  /** The oldest transaction id still running anywhere: every transfer below it is committed or never will be. */
  xmin: string;
  /** The next transaction id to be assigned: every transaction that wrote before `at` is below it. */
  xmax: string;
  /** The database's clock, read before the snapshot. */
  at: Date;
}

/**
 * Reads the horizon: the clock first, then the snapshot (in a second statement, since a statement's
 * snapshot is taken when it starts), so every transfer written before `at` has an xid below `xmax`.
 */
export async function selectHorizon(db: Kysely<DB>): Promise<Horizon> {
  const clock = await sql<{ at: Date }>`select clock_timestamp() as at`.execute(db);
  const { rows } = await sql<{ xmin: string; xmax: string }>`
    select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax
    from pg_current_snapshot() as s`.execute(db);
  return { xmin: rows[0]!.xmin, xmax: rows[0]!.xmax, at: clock.rows[0]!.at };
}

/**
 * After a pass that consumed every transfer below `horizon.xmin`: how far the rollups have caught up
 * in time. A pass's (xmax, at) is kept as pending until a later pass's xmin reaches that xmax (every
 * transaction that wrote before `at` has ended and is consumed); then `caught_up_at` moves to `at`.
 * With nothing running at the snapshot (xmin = xmax) this pass's own `at` holds at once.
 */
export async function markCaughtUp(db: Kysely<DB>, name: string, horizon: Horizon) {
  await sql`update rollup_cursors set
      caught_up_at = greatest(caught_up_at,
        case when pending_xmax is not null and ${horizon.xmin}::xid8 >= pending_xmax then pending_at end,
        case when ${horizon.xmin}::xid8 = ${horizon.xmax}::xid8 then ${horizon.at}::timestamptz end),
      pending_xmax = case when pending_xmax is null or ${horizon.xmin}::xid8 >= pending_xmax
        then ${horizon.xmax}::xid8 else pending_xmax end,
      pending_at = case when pending_xmax is null or ${horizon.xmin}::xid8 >= pending_xmax
        then ${horizon.at}::timestamptz else pending_at end
    where name = ${name}`.execute(db);
}

/** The cursor, locked for this transaction (a second runner waits here, then sees the moved cursor). */
export async function lockCursor(trx: Transaction<DB>, name: string): Promise<RollupCursor> {
  const row = await trx
    .selectFrom('rollup_cursors')
    .select(['xid', 'transfer_id'])
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { xid: row.xid, transferId: row.transfer_id };
}

export async function moveCursor(trx: Transaction<DB>, name: string, to: RollupCursor, rows: number) {
  await sql`update rollup_cursors set xid = ${to.xid}::xid8, transfer_id = ${to.transferId},
      rows_total = rows_total + ${rows}, updated_at = now()
    where name = ${name}`.execute(trx);
}

export interface FollowLedgerOptions {
  /** Transfers read per transaction. */
  batchSize: number;
  /** Batches per call at most, so one call stays bounded (the job calls again on its next tick). */
  maxBatches: number;
  /** Called between batches with how many transfers the batch read; tests stop a run half-way here. */
  afterBatch?: (read: number) => Promise<void> | void;
}

/** One batch of a job that follows the ledger: how many transfers it read and the last one's position. */
export type LedgerBatch = (
  trx: Transaction<DB>,
  cursor: RollupCursor,
  horizon: string,
  limit: number,
) => Promise<{ read: number; last: RollupCursor | null }>;

/**
 * Runs a job that follows the ledger with the cursor `name` (decision 0028): in batches, each `batch` in
 * one transaction with the cursor's move, so a crash loses no batch half-written and repeats none. Only
 * transfers of transactions older than every running one are read, so one that commits late is still
 * ahead of the cursor; once a batch comes back short the job has drained below the horizon and is marked
 * caught up. Answers how many transfers it read.
 */
export async function followLedger(
  db: Kysely<DB>,
  name: string,
  options: FollowLedgerOptions,
  batch: LedgerBatch,
): Promise<number> {
  // Read before this call's own transactions take an id, so the horizon is other sessions' oldest.
  const horizon = await selectHorizon(db);
  let total = 0;
  for (let done = 0; done < options.maxBatches; done += 1) {
    const read = await db.transaction().execute(async (trx) => {
      const cursor = await lockCursor(trx, name);
      const result = await batch(trx, cursor, horizon.xmin, options.batchSize);
      if (result.last) await moveCursor(trx, name, result.last, result.read);
      return result.read;
    });
    total += read;
    await options.afterBatch?.(read);
    if (read < options.batchSize) {
      await markCaughtUp(db, name, horizon);
      break;
    }
  }
  return total;
}
