import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { rollupFigureNames } from './rollup-figures';

/**
 * SQL of the agent centre's team reads (decision 0028): the closure table for who is in a team, the
 * rollups for every figure. Each read is bounded by an agent and a period of at most 92 days.
 */

type Db = Kysely<DB>;

/** Days are compared as yyyy-MM-dd text cast to date. */
export interface DayRange {
  fromDay: string;
  toDay: string;
}

/** The summed figures of rollup rows. */
export interface FigureSums {
  registrations: number;
  first_deposits: number;
  deposit_count: number;
  deposit_minor: bigint;
  withdrawal_count: number;
  withdrawal_minor: bigint;
  bet_count: number;
  bet_minor: bigint;
  valid_bet_minor: bigint;
  payout_minor: bigint;
  bonus_minor: bigint;
  profit_minor: bigint;
}

/** `sum(x)::int8 as x` for every figure, over rows aliased `r`. */
const summedFigures = sql.raw(
  rollupFigureNames.map((name) => `coalesce(sum(r.${name}), 0)::int8 as ${name}`).join(', '),
);

/** The account, if it is the agent itself or below it in this merchant. */
export async function selectTeamMember(db: Db, merchantId: number, agentId: number, memberId: number) {
  return db
    .selectFrom('agent_tree as t')
    .innerJoin('members as m', 'm.id', 't.descendant_id')
    .select(['m.id', 'm.username', 'm.type', 't.depth'])
    .where('t.merchant_id', '=', merchantId)
    .where('t.ancestor_id', '=', agentId)
    .where('t.descendant_id', '=', memberId)
    .executeTakeFirst();
}

/** An agent's own affiliate code (null when it has none). */
export async function selectAffiliateCode(db: Db, agentId: number): Promise<string | null> {
  const row = await db
    .selectFrom('members')
    .select('affiliate_code')
    .where('id', '=', agentId)
    .executeTakeFirst();
  return row?.affiliate_code ?? null;
}

/** How many accounts are below the agent. */
export async function countTeam(db: Db, agentId: number): Promise<number> {
  const row = await db
    .selectFrom('agent_tree')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('ancestor_id', '=', agentId)
    .where('depth', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Team accounts (the agent included) with a bet on a day of the period, from the activity words. */
export async function countActive(db: Db, agentId: number, words: { word: number; mask: bigint }[]) {
  const conditions = words.map(({ word, mask }) => sql`(a.word = ${word} and a.bits & ${mask} <> 0)`);
  const { rows } = await sql<{ count: string }>`
    select count(distinct a.member_id) as count from team_activity a
    where a.agent_id = ${agentId} and a.word between ${words[0]!.word} and ${words.at(-1)!.word}
      and (${sql.join(conditions, sql` or `)})`.execute(db);
  return Number(rows[0]!.count);
}

/** The team's figures per day of the period (days without any row are absent). */
export async function selectTeamDays(db: Db, agentId: number, range: DayRange) {
  const { rows } = await sql<FigureSums & { day: string }>`
    select r.day::text as day, ${summedFigures} from team_daily r
    where r.agent_id = ${agentId} and r.day between ${range.fromDay}::date and ${range.toDay}::date
    group by r.day order by r.day`.execute(db);
  return rows;
}

/** The team's bets by game type and vendor over the period. */
export async function selectRevenue(db: Db, agentId: number, range: DayRange) {
  const { rows } = await sql<FigureSums & { game_type: string; vendor_code: string }>`
    select r.game_type, r.vendor_code, ${summedFigures} from team_daily r
    where r.agent_id = ${agentId} and r.day between ${range.fromDay}::date and ${range.toDay}::date
      and r.vendor_code <> ''
    group by r.game_type, r.vendor_code order by r.game_type, r.vendor_code`.execute(db);
  return rows;
}

const figureColumnList = sql.raw(rollupFigureNames.map((name) => `r.${name}`).join(', '));

/**
 * The rollup rows of an account over the period, to be summed: an agent's whole team (itself included)
 * from team_daily, a member's own from member_daily.
 */
function rollupRowsOf(memberId: RawBuilder<unknown>, withTeam: RawBuilder<unknown>, range: DayRange) {
  return sql`(
    select ${figureColumnList} from team_daily r
    where ${withTeam} and r.agent_id = ${memberId}
      and r.day between ${range.fromDay}::date and ${range.toDay}::date
    union all
    select ${figureColumnList} from member_daily r
    where not ${withTeam} and r.member_id = ${memberId}
      and r.day between ${range.fromDay}::date and ${range.toDay}::date
  )`;
}

export interface StatementAccountRow extends FigureSums {
  id: number;
  username: string;
}

/**
 * palStatementsAgentCopy by downline: the agent's own figures first, then each direct downline's (an
 * agent's with its team), by account; one page of them and the count.
 */
export async function selectStatementByDownline(
  db: Db,
  agentId: number,
  range: DayRange,
  paging: { limit: number; offset: number },
) {
  const { rows } = await sql<StatementAccountRow>`
    with accounts as (
      select m.id, m.username, m.type in (1, 2, 41, 42) and m.id <> ${agentId} as with_team,
        m.id = ${agentId} as own
      from agent_tree t join members m on m.id = t.descendant_id
      where t.ancestor_id = ${agentId} and t.depth <= 1
      order by own desc, m.username_key
      limit ${paging.limit} offset ${paging.offset}
    )
    select a.id, a.username, f.* from accounts a
    cross join lateral (
      select ${summedFigures} from ${rollupRowsOf(sql`a.id`, sql`a.with_team`, range)} r
    ) f
    order by a.own desc, a.username`.execute(db);
  const total = await db
    .selectFrom('agent_tree')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('ancestor_id', '=', agentId)
    .where('depth', '<=', 1)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.count) };
}

/** The agent's own figures (its own bets and money, not its team's). */
export async function selectOwnFigures(db: Db, memberId: number, range: DayRange) {
  const { rows } = await sql<FigureSums>`
    select ${summedFigures} from member_daily r
    where r.member_id = ${memberId} and r.day between ${range.fromDay}::date and ${range.toDay}::date`.execute(
    db,
  );
  return rows[0]!;
}

/** The chain from `topId` (the caller) down to `memberId`, top first, for breadcrumbs. */
export async function selectPathDown(db: Db, topId: number, memberId: number) {
  const { rows } = await sql<{ id: number; username: string }>`
    select m.id, m.username from agent_tree t
    join agent_tree c on c.ancestor_id = ${topId} and c.descendant_id = t.ancestor_id
    join members m on m.id = t.ancestor_id
    where t.descendant_id = ${memberId}
    order by t.depth desc`.execute(db);
  return rows;
}

export interface DownlineFilter {
  rootId: number;
  /** Direct downlines only, or the whole team (optionally one level). */
  wholeTeam: boolean;
  level?: number | undefined;
  accountPrefix?: string | undefined;
  type?: number | undefined;
  status?: 'active' | 'disabled' | undefined;
}

export type DownlineSortColumn = 'account' | 'registeredAt' | 'lastLoginAt' | 'level' | 'validBet';

export interface DownlineRow {
  id: number;
  username: string;
  nickname: string | null;
  type: number;
  status: 'active' | 'disabled';
  level: number;
  created_at: Date;
  last_login_at: Date | null;
  balance_minor: bigint;
  team_size: number;
  valid_bet_minor: bigint;
}

/** Sort keys over the team rows (before the page is picked) and over the picked page's rows. */
const sortExpressions: Record<DownlineSortColumn, string> = {
  account: 'm.username_key',
  registeredAt: 'm.created_at',
  lastLoginAt: 'last_login_at',
  level: 't.depth',
  validBet: 'valid_bet_minor',
};
const pickedSortExpressions: Record<DownlineSortColumn, string> = { ...sortExpressions, level: 'm.depth' };

function downlineWhere(filter: DownlineFilter) {
  const conditions = [sql`t.ancestor_id = ${filter.rootId}`];
  if (!filter.wholeTeam) conditions.push(sql`t.depth = 1`);
  else if (filter.level !== undefined) conditions.push(sql`t.depth = ${filter.level}`);
  else conditions.push(sql`t.depth > 0`);
  if (filter.accountPrefix) {
    const escaped = filter.accountPrefix.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
    conditions.push(sql`m.username_key like ${`${escaped}%`}`);
  }
  if (filter.type !== undefined) conditions.push(sql`m.type = ${filter.type}`);
  if (filter.status) conditions.push(sql`m.status = ${filter.status}`);
  return sql.join(conditions, sql` and `);
}

/**
 * downlineManagmentView: one page of accounts below `rootId` with balance, team size, last login and
 * valid bet in the period (an agent's with its team), sorted on the server, and the total.
 */
export async function selectDownlines(
  db: Db,
  merchant: { id: number; currency: string },
  filter: DownlineFilter,
  range: DayRange,
  sort: { column: DownlineSortColumn; descending: boolean },
  paging: { limit: number; offset: number },
) {
  const where = downlineWhere(filter);
  // Page first by a cheap order when the sort needs no computed column; otherwise compute, then page.
  const computedSort = sort.column === 'validBet' || sort.column === 'lastLoginAt';
  const direction = sql.raw(sort.descending ? 'desc nulls last' : 'asc nulls first');
  const order = sql.raw(sortExpressions[sort.column]);
  const page = sql`limit ${paging.limit} offset ${paging.offset}`;
  const { rows } = await sql<DownlineRow>`
    with picked as (
      select m.id, m.username, m.username_key, m.nickname, m.type, m.status, m.created_at, t.depth
      from agent_tree t join members m on m.id = t.descendant_id
      where ${where}
      ${computedSort ? sql`` : sql`order by ${order} ${direction}, m.id ${page}`}
    )
    select m.id, m.username, m.nickname, m.type, m.status, m.depth as level, m.created_at,
      (select max(s.created_at) from sessions s where s.member_id = m.id) as last_login_at,
      -- Spelled as the identity index's key, so each row is one probe (member_id alone has no index).
      coalesce((select a.balance_minor from ledger_accounts a where a.merchant_id = ${merchant.id}
        and a.currency = ${merchant.currency} and a.kind = 'player_main' and coalesce(a.member_id, 0) = m.id
        and a.vendor_code = '' and a.shard = 0), 0) as balance_minor,
      (select count(*)::int from agent_tree d where d.ancestor_id = m.id and d.depth > 0) as team_size,
      (select coalesce(sum(r.valid_bet_minor), 0)::int8
        from ${rollupRowsOf(sql`m.id`, sql`m.type in (1, 2, 41, 42)`, range)} r) as valid_bet_minor
    from picked m
    order by ${sql.raw(pickedSortExpressions[sort.column])} ${direction}, m.id
    ${computedSort ? page : sql``}`.execute(db);
  const total = await sql<{ count: string }>`
    select count(*) as count from agent_tree t join members m on m.id = t.descendant_id where ${where}`.execute(
    db,
  );
  return { rows, total: Number(total.rows[0]!.count) };
}

/** The ledger kinds each team transaction type lists (player main-wallet movements). */
export const transactionKinds: Record<string, readonly string[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold'],
  transfer: ['transfer_upline', 'transfer_downline'],
  bet: ['bet'],
  win: ['win'],
  rollback: ['rollback'],
};

export interface TeamTransactionRow {
  id: bigint;
  created_at: Date;
  kind: string;
  amount_minor: bigint;
  member_id: number;
  username: string;
  incoming: boolean;
  vendor_code: string;
}

/**
 * agentDownlineTransactionDetailsCopy: main-wallet movements of the team's accounts (or one of them) in
 * the instants [from, to), newest first, one page and the total.
 */
export async function selectTeamTransactions(
  db: Db,
  filter: { agentId: number; memberId?: number | undefined; kinds: readonly string[]; currency: string },
  range: { from: Date; to: Date },
  paging: { limit: number; offset: number },
) {
  const member = filter.memberId === undefined ? sql`` : sql`and tr.descendant_id = ${filter.memberId}`;
  const matching = sql`
    from agent_tree tr
    join members m on m.id = tr.descendant_id
    join ledger_accounts a on a.merchant_id = tr.merchant_id and a.currency = ${filter.currency}
      and a.kind = 'player_main' and coalesce(a.member_id, 0) = tr.descendant_id and a.vendor_code = ''
      and a.shard = 0
    join lateral (
      select t.id, t.created_at, t.kind, t.amount_minor, true as incoming, t.debit_account_id as other
      from ledger_transfers t where t.credit_account_id = a.id
        and t.created_at >= ${range.from} and t.created_at < ${range.to} and t.kind in (${sql.join([...filter.kinds])})
      union all
      select t.id, t.created_at, t.kind, t.amount_minor, false, t.credit_account_id
      from ledger_transfers t where t.debit_account_id = a.id
        and t.created_at >= ${range.from} and t.created_at < ${range.to} and t.kind in (${sql.join([...filter.kinds])})
    ) x on true
    where tr.ancestor_id = ${filter.agentId} ${member}`;
  const { rows } = await sql<TeamTransactionRow>`
    select x.id, x.created_at, x.kind, x.amount_minor, m.id as member_id, m.username, x.incoming,
      (select o.vendor_code from ledger_accounts o where o.id = x.other) as vendor_code
    ${matching}
    order by x.created_at desc, x.id desc
    limit ${paging.limit} offset ${paging.offset}`.execute(db);
  const total = await sql<{ count: string }>`select count(*) as count ${matching}`.execute(db);
  return { rows, total: Number(total.rows[0]!.count) };
}
