import { sql, type Kysely } from 'kysely';
import type { BalanceAdjustmentsTable, DB } from '../../db/schema';

/** SQL of balance adjustments (issue 16): the requests, their four-eyes state, the merchant's threshold. */

type Db = Kysely<DB>;

const adjustmentColumns = [
  'a.id',
  'a.member_id',
  'a.request_id',
  'a.direction',
  'a.amount_minor',
  'a.reason',
  'a.needs_approval',
  'a.status',
  'a.requested_by',
  'a.decided_by',
  'a.decision_note',
  'a.transfer_id',
  'a.created_at',
  'a.decided_at',
] as const;

function withNames(db: Db) {
  return db
    .selectFrom('balance_adjustments as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .innerJoin('operators as r', 'r.id', 'a.requested_by')
    .leftJoin('operators as d', 'd.id', 'a.decided_by')
    .select(adjustmentColumns)
    .select(['m.username as account', 'r.username as requested_by_name', 'd.username as decided_by_name']);
}

export type AdjustmentRow = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

export function selectAdjustment(db: Db, merchantId: number, id: bigint) {
  return withNames(db).where('a.merchant_id', '=', merchantId).where('a.id', '=', id).executeTakeFirst();
}

export function selectByRequest(db: Db, merchantId: number, requestId: string) {
  return withNames(db)
    .where('a.merchant_id', '=', merchantId)
    .where('a.request_id', '=', requestId)
    .executeTakeFirst();
}

export async function selectPage(
  db: Db,
  filter: { merchantId: number; status?: string | undefined; memberId?: number | undefined },
  offset: number,
  limit: number,
) {
  let base = db.selectFrom('balance_adjustments as a').where('a.merchant_id', '=', filter.merchantId);
  if (filter.status) base = base.where('a.status', '=', filter.status as BalanceAdjustmentsTable['status']);
  if (filter.memberId) base = base.where('a.member_id', '=', filter.memberId);
  let rows = withNames(db).where('a.merchant_id', '=', filter.merchantId);
  if (filter.status) rows = rows.where('a.status', '=', filter.status as BalanceAdjustmentsTable['status']);
  if (filter.memberId) rows = rows.where('a.member_id', '=', filter.memberId);
  const [items, total] = await Promise.all([
    rows.orderBy('a.id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(total.total) };
}

/** Inserts a request; undefined when its request id was already used in this merchant. */
export function insertAdjustment(
  db: Db,
  row: {
    merchant_id: number;
    member_id: number;
    request_id: string;
    direction: 'credit' | 'debit';
    amount_minor: bigint;
    reason: string;
    needs_approval: boolean;
    requested_by: number;
  },
) {
  return db
    .insertInto('balance_adjustments')
    .values({ ...row, status: 'pending' })
    .onConflict((conflict) => conflict.constraint('balance_adjustments_request').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/**
 * Locks a pending adjustment for its decision. A second decider waits here for the first to commit and
 * then finds it no longer pending, so the money moves once however many approve at once.
 */
export async function lockPending(db: Db, merchantId: number, id: bigint) {
  return db
    .selectFrom('balance_adjustments')
    .select(['id', 'member_id', 'direction', 'amount_minor', 'requested_by', 'needs_approval'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

export async function markDecided(
  db: Db,
  id: bigint,
  decision: {
    status: 'applied' | 'rejected';
    decidedBy: number;
    note: string | null;
    transferId: bigint | null;
  },
) {
  await db
    .updateTable('balance_adjustments')
    .set({
      status: decision.status,
      decided_by: decision.decidedBy,
      decision_note: decision.note,
      transfer_id: decision.transferId,
      decided_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function countPending(db: Db, merchantId: number, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('balance_adjustments')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}

export async function selectThreshold(db: Db, merchantId: number): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('adjustment_settings')
    .select('approval_threshold_minor')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row?.approval_threshold_minor;
}

export async function upsertThreshold(db: Db, merchantId: number, thresholdMinor: bigint) {
  await db
    .insertInto('adjustment_settings')
    .values({ merchant_id: merchantId, approval_threshold_minor: thresholdMinor })
    .onConflict((conflict) =>
      conflict.column('merchant_id').doUpdateSet({
        approval_threshold_minor: thresholdMinor,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}
