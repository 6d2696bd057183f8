import { sql, type Kysely } from 'kysely';
import { selectPage, type PageRequest, type PageRows } from '../../db/paging';
import type { DB } from '../../db/schema';

/** What one audit row records of an action; the database adds the time, the changes and the chain. */
export interface AuditRecord {
  merchantId: number;
  operatorId: number | null;
  operatorName: string;
  ip: string | null;
  action: string;
  target: Record<string, unknown>;
  request: unknown;
  outcome: string;
}

/** Turns the capture triggers on for the rest of this transaction (they record what it changes). */
export async function captureChanges(db: Kysely<DB>): Promise<void> {
  await sql`select set_config('portal.audit_unit', 'on', true)`.execute(db);
}

/**
 * Appends the action's row to its merchant's chain, folding in the rows this transaction changed
 * (audit_append, migration 0032). Call it last inside the action's transaction.
 */
export async function appendAudit(db: Kysely<DB>, record: AuditRecord): Promise<void> {
  await sql`select audit_append(${record.merchantId}, ${record.operatorId}, ${record.operatorName},
    ${record.ip}, ${record.action}, ${JSON.stringify(record.target)}::jsonb,
    ${record.request === undefined ? null : JSON.stringify(record.request)}::jsonb, ${record.outcome})`.execute(
    db,
  );
}

export interface AuditFilter {
  operator?: string;
  action?: string;
  from?: Date;
  to?: Date;
}

/** A page of the merchant's audit rows, newest first. */
export function listAudit(
  db: Kysely<DB>,
  merchantId: number,
  filter: AuditFilter,
  paging: PageRequest,
): Promise<
  PageRows<{
    id: bigint;
    seq: bigint;
    at: Date;
    operator_id: number | null;
    operator_name: string;
    ip: string | null;
    action: string;
    target: unknown;
    request: unknown;
    changes: unknown;
    change_count: number;
    outcome: string;
    hash: string;
  }>
> {
  let query = db
    .selectFrom('audit_log')
    .where('merchant_id', '=', merchantId)
    .select([
      'id',
      'seq',
      'at',
      'operator_id',
      'operator_name',
      'ip',
      'action',
      'target',
      'request',
      'changes',
      'change_count',
      'outcome',
      sql<string>`encode(hash, 'hex')`.as('hash'),
    ])
    .orderBy('seq', 'desc');
  if (filter.operator) query = query.where('operator_name', '=', filter.operator);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return selectPage(query, paging);
}

/** One row of the chain as verify reads it: its links and the canonical text its hash covers. */
export interface ChainRow {
  id: bigint;
  seq: bigint;
  prev: string;
  hash: string;
  text: string;
}

/** Up to `limit` rows of the merchant's chain after sequence number `afterSeq`, in chain order. */
export async function chainRows(
  db: Kysely<DB>,
  merchantId: number,
  afterSeq: bigint,
  limit: number,
): Promise<ChainRow[]> {
  const { rows } = await sql<ChainRow>`
    select id, seq, encode(prev_hash, 'hex') as prev, encode(hash, 'hex') as hash,
      audit_row_text(prev_hash, merchant_id, seq, at, operator_id, operator_name, ip, action, target, request,
        changes, change_count, outcome) as text
    from audit_log
    where merchant_id = ${merchantId} and seq > ${afterSeq}
    order by seq
    limit ${limit}`.execute(db);
  return rows;
}
