import { sql, type Kysely, type Transaction } from 'kysely';
import type { ContractKindColumn, DB, StoredTier } from '../../db/schema';

/** SQL of the contract settlement (decision 0029): who is paid for a period, and the team figures. */

type Db = Kysely<DB> | Transaction<DB>;

export interface Participant {
  agentId: number;
  /** null for a top agent (paid at the merchant's rate). */
  uplineId: number | null;
  contractId: number | null;
  tiers: StoredTier[];
}

/**
 * Everyone paid for `kind` in the period ending at `end`: the merchant's top agents, and every agent
 * with a contract of the kind in force at the period's end (accepted before it, not ended before it).
 */
export async function selectParticipants(
  db: Db,
  merchantId: number,
  kind: ContractKindColumn,
  topRateBp: number,
  end: Date,
): Promise<Participant[]> {
  const tops = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('type', '=', 1)
    .orderBy('id')
    .execute();
  const contracts = await db
    .selectFrom('agent_contracts')
    .select(['id', 'upline_id', 'downline_id', 'tiers'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('state', 'in', ['accepted', 'terminated', 'finished'])
    .where('decided_at', '<', end)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>=', end)]))
    .orderBy('downline_id')
    .execute();
  return [
    ...tops.map((top) => ({
      agentId: top.id,
      uplineId: null,
      contractId: null,
      tiers: [{ minValidBetMinor: '0', minActiveMembers: 0, rateBp: topRateBp }],
    })),
    ...contracts.map((contract) => ({
      agentId: contract.downline_id,
      uplineId: contract.upline_id,
      contractId: contract.id,
      tiers: contract.tiers,
    })),
  ];
}

export interface TeamFigure {
  agentId: number;
  activeMembers: number;
  validBetMinor: bigint;
  profitMinor: bigint;
  bonusMinor: bigint;
}

/**
 * The teams' figures over whole merchant days (daily salary, dividends): team_daily summed over the
 * days, active members from the activity words and their masks of the period's days.
 */
export async function selectDayFigures(
  db: Db,
  agentIds: number[],
  fromDay: string,
  toDay: string,
  words: { word: number; mask: bigint }[],
): Promise<TeamFigure[]> {
  if (agentIds.length === 0) return [];
  const { rows } = await sql<{
    agent_id: number;
    active: string | null;
    valid_bet: string | null;
    profit: string | null;
    bonus: string | null;
  }>`
    with agents as (select unnest(${agentIds}::int[]) as agent_id),
    sums as (
      select d.agent_id, sum(d.valid_bet_minor) as valid_bet, sum(d.profit_minor) as profit,
        sum(d.bonus_minor) as bonus
      from team_daily d join agents a on a.agent_id = d.agent_id
      where d.day between ${fromDay}::date and ${toDay}::date
      group by d.agent_id
    ),
    active as (
      select t.agent_id, count(distinct t.member_id) as active
      from team_activity t join agents a on a.agent_id = t.agent_id
      join (values ${sql.join(words.map(({ word, mask }) => sql`(${word}::int, ${mask}::bigint)`))}) as w (word, mask)
        on w.word = t.word
      where t.bits & w.mask <> 0
      group by t.agent_id
    )
    select a.agent_id, x.active, s.valid_bet, s.profit, s.bonus
    from agents a left join sums s on s.agent_id = a.agent_id left join active x on x.agent_id = a.agent_id`.execute(
    db,
  );
  return rows.map(figureOf);
}

/** The teams' figures over 5-minute windows in [start, end) (hourly and real-time salary). */
export async function selectWindowFigures(
  db: Db,
  merchantId: number,
  agentIds: number[],
  start: Date,
  end: Date,
): Promise<TeamFigure[]> {
  if (agentIds.length === 0) return [];
  const { rows } = await sql<{
    agent_id: number;
    active: string | null;
    valid_bet: string | null;
    profit: string | null;
    bonus: string | null;
  }>`
    with agents as (select unnest(${agentIds}::int[]) as agent_id),
    members as (
      select w.member_id, sum(w.bet_count) as bets, sum(w.valid_bet_minor) as valid_bet,
        sum(w.profit_minor) as profit
      from member_windows w
      where w.merchant_id = ${merchantId} and w.window_start >= ${start} and w.window_start < ${end}
      group by w.member_id
    ),
    sums as (
      select t.ancestor_id as agent_id, count(*) filter (where m.bets > 0) as active,
        sum(m.valid_bet) as valid_bet, sum(m.profit) as profit
      from members m join agent_tree t on t.descendant_id = m.member_id
      join agents a on a.agent_id = t.ancestor_id
      group by t.ancestor_id
    )
    select a.agent_id, s.active, s.valid_bet, s.profit, 0 as bonus
    from agents a left join sums s on s.agent_id = a.agent_id`.execute(db);
  return rows.map(figureOf);
}

function figureOf(row: {
  agent_id: number;
  active: string | null;
  valid_bet: string | null;
  profit: string | null;
  bonus: string | null;
}): TeamFigure {
  return {
    agentId: row.agent_id,
    activeMembers: Number(row.active ?? 0),
    validBetMinor: BigInt(row.valid_bet ?? 0),
    profitMinor: BigInt(row.profit ?? 0),
    bonusMinor: BigInt(row.bonus ?? 0),
  };
}

/** The last period settled for the kind, if any. */
export function selectLastSettlement(db: Db, merchantId: number, kind: ContractKindColumn) {
  return db
    .selectFrom('agent_settlements')
    .select(['period_key', 'period_start', 'period_end'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .orderBy('period_end', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Claims the period for this settlement; false when it is settled already (by another run). */
export async function insertSettlement(
  trx: Transaction<DB>,
  row: { merchantId: number; kind: ContractKindColumn; key: string; start: Date; end: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('agent_settlements')
    .values({
      merchant_id: row.merchantId,
      kind: row.kind,
      period_key: row.key,
      period_start: row.start,
      period_end: row.end,
      agents: 0,
      total_minor: 0n,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('period_key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function finishSettlement(
  trx: Transaction<DB>,
  merchantId: number,
  kind: ContractKindColumn,
  key: string,
  agents: number,
  totalMinor: bigint,
) {
  await trx
    .updateTable('agent_settlements')
    .set({ agents, total_minor: totalMinor })
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('period_key', '=', key)
    .execute();
}

/** Whether the period was settled (so a change to its figures since is carried into the next one). */
export async function settlementExists(db: Db, merchantId: number, kind: ContractKindColumn, key: string) {
  const row = await db
    .selectFrom('agent_settlements')
    .select('period_key')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .where('period_key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** The figures and carried amounts recorded for the period, by agent. */
export function selectRecordedFigures(db: Db, kind: ContractKindColumn, key: string, agentIds: number[]) {
  if (agentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('agent_payouts')
    .select(['id', 'agent_id', 'figure_minor', 'carried_minor'])
    .where('kind', '=', kind)
    .where('period_key', '=', key)
    .where('agent_id', 'in', agentIds)
    .execute();
}

export async function addCarried(trx: Transaction<DB>, payoutId: bigint, carriedMinor: bigint) {
  await trx
    .updateTable('agent_payouts')
    .set((eb) => ({ carried_minor: eb('carried_minor', '+', carriedMinor) }))
    .where('id', '=', payoutId)
    .execute();
}

/** Scheduled daily salaries whose payday has come, oldest first. */
export function selectDuePayouts(db: Db, merchantId: number, today: string, limit: number) {
  return db
    .selectFrom('agent_payouts')
    .select(['id', 'agent_id', 'kind', 'contract_id', 'period_key', 'amount_minor'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'scheduled')
    .where('pay_on', '<=', sql<Date>`${today}::date`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Marks scheduled payouts paid with their transfers. */
export async function markPaid(trx: Transaction<DB>, paid: { id: bigint; transferId: bigint }[]) {
  if (paid.length === 0) return;
  await sql`update agent_payouts p set status = 'paid', transfer_id = x.transfer_id, paid_at = now()
    from unnest(${paid.map((row) => String(row.id))}::bigint[], ${paid.map((row) => String(row.transferId))}::bigint[])
      as x (id, transfer_id)
    where p.id = x.id and p.status = 'scheduled'`.execute(trx);
}

/** The merchants with a contract kind on, and their policies. */
export function selectEnabledPolicies(db: Db) {
  return db
    .selectFrom('agent_contract_policies')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('merchant_id')
    .orderBy('kind')
    .execute();
}

/** Whether the rollups hold every transfer recorded before `at`. */
export async function selectCaughtUpAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('rollup_cursors')
    .select('caught_up_at')
    .where('name', '=', 'ledger')
    .executeTakeFirst();
  return row?.caught_up_at ?? null;
}
