import { sql, type Kysely, type Transaction } from 'kysely';
import type { AgentContractsTable, ContractKindColumn, DB, StoredTier } from '../../db/schema';

/** SQL of agent contracts (decision 0029): the contracts, their events, the rate rule's reads. */

type Db = Kysely<DB> | Transaction<DB>;

/** The advisory-lock class of contract changes: one merchant and kind at a time (settlement takes it too). */
const contractLockClass = 7_100;
const kindIndex: Record<ContractKindColumn, number> = {
  dailySalary: 0,
  hourlySalary: 1,
  realtimeSalary: 2,
  dividend: 3,
};

/**
 * Serialises contract changes of one merchant and kind with each other and with the settlement of the
 * kind, and answers the database clock after the lock: what a change records as its time, so a change
 * that waited for a settlement is dated after it.
 */
export async function lockContracts(trx: Transaction<DB>, merchantId: number, kind: ContractKindColumn) {
  const { rows } = await sql<{ now: Date }>`
    select clock_timestamp() as now
    from (select pg_advisory_xact_lock(${contractLockClass}, ${merchantId * 4 + kindIndex[kind]})) as locked`.execute(
    trx,
  );
  return rows[0]!.now;
}

export const contractColumns = [
  'c.id',
  'c.kind',
  'c.period',
  'c.state',
  'c.tiers',
  'c.max_rate_bp',
  'c.upline_id',
  'c.downline_id',
  'c.proposed_by',
  'c.created_at',
  'c.decided_at',
  'c.ends_at',
  'c.end_reason',
] as const;

/** A contract with its parties' accounts. */
export interface ContractRow {
  id: number;
  kind: ContractKindColumn;
  period: AgentContractsTable['period'];
  state: AgentContractsTable['state'];
  tiers: StoredTier[];
  max_rate_bp: number;
  upline_id: number;
  downline_id: number;
  proposed_by: 'upline' | 'downline';
  created_at: Date;
  decided_at: Date | null;
  ends_at: Date | null;
  end_reason: AgentContractsTable['end_reason'];
  upline_account: string;
  upline_nickname: string | null;
  downline_account: string;
  downline_nickname: string | null;
}

function withParties(db: Db) {
  return db
    .selectFrom('agent_contracts as c')
    .innerJoin('members as u', 'u.id', 'c.upline_id')
    .innerJoin('members as d', 'd.id', 'c.downline_id')
    .select(contractColumns)
    .select([
      'u.username as upline_account',
      'u.nickname as upline_nickname',
      'd.username as downline_account',
      'd.nickname as downline_nickname',
    ]);
}

export async function selectContract(
  db: Db,
  merchantId: number,
  id: number,
): Promise<ContractRow | undefined> {
  return await withParties(db)
    .where('c.merchant_id', '=', merchantId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function selectContracts(db: Db, ids: number[]): Promise<ContractRow[]> {
  if (ids.length === 0) return [];
  return await withParties(db).where('c.id', 'in', ids).orderBy('c.id').execute();
}

export interface ContractFilter {
  merchantId: number;
  side: 'mine' | 'downlines';
  memberId: number;
  kind?: ContractKindColumn | undefined;
  state?: AgentContractsTable['state'] | undefined;
  awaitingMe?: boolean | undefined;
  downlineId?: number | undefined;
}

function filtered(db: Db, filter: ContractFilter) {
  let query = withParties(db)
    .where('c.merchant_id', '=', filter.merchantId)
    .where(filter.side === 'mine' ? 'c.downline_id' : 'c.upline_id', '=', filter.memberId);
  if (filter.kind) query = query.where('c.kind', '=', filter.kind);
  if (filter.state) query = query.where('c.state', '=', filter.state);
  if (filter.downlineId) query = query.where('c.downline_id', '=', filter.downlineId);
  if (filter.awaitingMe) {
    query = query
      .where('c.state', '=', 'requested')
      .where('c.proposed_by', '=', filter.side === 'mine' ? 'upline' : 'downline');
  }
  return query;
}

export async function selectContractPage(db: Db, filter: ContractFilter, offset: number, limit: number) {
  const rows = (await filtered(db, filter)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute()) as ContractRow[];
  const { count } = await filtered(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/** The member's upline and type, if it is in the merchant. */
export function selectMember(db: Db, merchantId: number, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'type', 'parent_agent_id'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** Whether `descendantId` is in `agentId`'s team below it (any depth). */
export async function isInTeam(db: Db, agentId: number, descendantId: number) {
  const row = await db
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', '=', descendantId)
    .where('depth', '>', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** A contract that still pays at `at`: accepted, or terminated with its end still to come. */
const liveAt = (at: Date) => sql<boolean>`(c.state = 'accepted'
  or (c.state = 'terminated' and c.ends_at > ${at}))`;

/** The agent's own contract of the kind that pays now (with its upline), if any. */
export function selectLiveContract(db: Db, agentId: number, kind: ContractKindColumn, at: Date) {
  return db
    .selectFrom('agent_contracts as c')
    .select(['c.id', 'c.max_rate_bp', 'c.state', 'c.ends_at'])
    .where('c.downline_id', '=', agentId)
    .where('c.kind', '=', kind)
    .where(liveAt(at))
    .orderBy('c.decided_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The live contracts of the kind that end when `agentId`'s own rate becomes `rateBp` (null: no rate
 * left): those it gives above that rate, and below each of those, every live contract of the kind in that
 * downline's team (its upline has no rate left to share).
 */
export async function selectEnding(
  db: Db,
  agentId: number,
  kind: ContractKindColumn,
  rateBp: number | null,
  at: Date,
): Promise<{ id: number; direct: boolean }[]> {
  const { rows } = await sql<{ id: number; direct: boolean }>`
    with recursive ending (id, downline_id, direct) as (
      select c.id, c.downline_id, true from agent_contracts c
      where c.upline_id = ${agentId} and c.kind = ${kind} and ${liveAt(at)}
        and c.max_rate_bp > ${rateBp ?? -1}
      union
      select c.id, c.downline_id, false from agent_contracts c join ending e on c.upline_id = e.downline_id
      where c.kind = ${kind} and ${liveAt(at)}
    )
    select id, direct from ending order by id`.execute(db);
  return rows;
}

/** Ends contracts at `at` (or at their own earlier end), with the reason. */
export async function endContracts(
  trx: Transaction<DB>,
  ids: number[],
  at: Date,
  reason: NonNullable<AgentContractsTable['end_reason']>,
  state: 'terminated' | 'finished',
) {
  if (ids.length === 0) return;
  await sql`update agent_contracts set state = ${state}, end_reason = ${reason},
      ends_at = least(coalesce(ends_at, ${at}), ${at})
    where id = any(${ids}::int[])`.execute(trx);
}

export async function insertContract(
  trx: Transaction<DB>,
  row: {
    merchantId: number;
    kind: ContractKindColumn;
    uplineId: number;
    downlineId: number;
    period: AgentContractsTable['period'];
    tiers: AgentContractsTable['tiers'];
    maxRateBp: number;
    proposedBy: 'upline' | 'downline';
    at: Date;
  },
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('agent_contracts')
    .values({
      merchant_id: row.merchantId,
      kind: row.kind,
      upline_id: row.uplineId,
      downline_id: row.downlineId,
      period: row.period,
      tiers: JSON.stringify(row.tiers) as unknown as AgentContractsTable['tiers'],
      max_rate_bp: row.maxRateBp,
      proposed_by: row.proposedBy,
      state: 'requested',
      created_at: row.at,
    })
    .onConflict((conflict) =>
      conflict.columns(['downline_id', 'kind']).where('state', '=', 'requested').doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function setState(
  trx: Transaction<DB>,
  id: number,
  changes: Partial<Pick<AgentContractsTable, 'state' | 'decided_at' | 'ends_at' | 'end_reason'>>,
) {
  await trx.updateTable('agent_contracts').set(changes).where('id', '=', id).execute();
}

export async function insertEvents(
  trx: Transaction<DB>,
  events: { contractId: number; actorId: number | null; action: string; detail?: unknown; at: Date }[],
) {
  if (events.length === 0) return;
  await trx
    .insertInto('agent_contract_events')
    .values(
      events.map((event) => ({
        contract_id: event.contractId,
        actor_id: event.actorId,
        action: event.action as never,
        detail: event.detail === undefined ? null : (JSON.stringify(event.detail) as never),
        at: event.at,
      })),
    )
    .execute();
}

/** The ending ids the downline agreed to when it requested the contract. */
export async function selectConsentedEnding(db: Db, contractId: number): Promise<number[]> {
  const row = await db
    .selectFrom('agent_contract_events')
    .select('detail')
    .where('contract_id', '=', contractId)
    .where('action', '=', 'requested')
    .executeTakeFirst();
  const detail = row?.detail as { confirmEnding?: number[] } | null | undefined;
  return detail?.confirmEnding ?? [];
}

/** Requests of each kind awaiting the member's answer. */
export function selectPendingCounts(db: Db, merchantId: number, memberId: number) {
  return db
    .selectFrom('agent_contracts as c')
    .select(['c.kind', (eb) => eb.fn.countAll<string>().as('count')])
    .where('c.merchant_id', '=', merchantId)
    .where('c.state', '=', 'requested')
    .where((eb) =>
      eb.or([
        eb.and([eb('c.downline_id', '=', memberId), eb('c.proposed_by', '=', 'upline')]),
        eb.and([eb('c.upline_id', '=', memberId), eb('c.proposed_by', '=', 'downline')]),
      ]),
    )
    .groupBy('c.kind')
    .execute();
}

export function selectPolicies(db: Db, merchantId: number) {
  return db.selectFrom('agent_contract_policies').selectAll().where('merchant_id', '=', merchantId).execute();
}
