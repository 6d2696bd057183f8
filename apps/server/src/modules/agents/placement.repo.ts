import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { rollupFigureNames } from './rollup-figures';

/**
 * SQL of the operator's move of an account in the agent tree (decision 0034): the closure rows of the
 * moved subtree, its rollup history subtracted from the old ancestors and added to the new ones, its
 * activity bits moved. Every statement runs in the move's transaction, after `lockForMove`.
 */

type Trx = Transaction<DB>;

/** `x = t.x - m.x` / `x = t.x + excluded.x` for every figure. */
const subtracted = sql.raw(rollupFigureNames.map((name) => `${name} = t.${name} - m.${name}`).join(', '));
const added = sql.raw(rollupFigureNames.map((name) => `${name} = t.${name} + excluded.${name}`).join(', '));
const figureList = sql.raw(rollupFigureNames.join(', '));
const summed = sql.raw(
  rollupFigureNames
    .map((name) => `sum(${name})::${name.endsWith('_minor') ? 'int8' : 'int4'} as ${name}`)
    .join(', '),
);

/**
 * Serialises the move with the rollup job (its cursor row: a batch in flight commits first, the next
 * waits for the move and then reads the new tree) and locks the moved accounts' rows, so a registration
 * under one of them waits for the move (its foreign-key check needs the row) and then sees the new tree.
 */
export async function lockForMove(trx: Trx, memberId: number): Promise<void> {
  await sql`select 1 from rollup_cursors where name = 'ledger' for update`.execute(trx);
  await sql`select m.id from members m
    where m.id = ${memberId} or m.id in (select descendant_id from agent_tree where ancestor_id = ${memberId})
    order by m.id for update`.execute(trx);
}

/** An account of the merchant by id or by name, with its upline and type. */
export function selectAccount(trx: Trx, merchantId: number, by: { id: number } | { usernameKey: string }) {
  let query = trx
    .selectFrom('members')
    .select(['id', 'username', 'type', 'parent_agent_id'])
    .where('merchant_id', '=', merchantId);
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('username_key', '=', by.usernameKey);
  return query.executeTakeFirst();
}

/** Whether `candidateId` is the account itself or anywhere below it. */
export async function isInSubtree(trx: Trx, rootId: number, candidateId: number): Promise<boolean> {
  if (rootId === candidateId) return true;
  const row = await trx
    .selectFrom('agent_tree')
    .select('depth')
    .where('ancestor_id', '=', rootId)
    .where('descendant_id', '=', candidateId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Contracts awaiting an answer or in force in which the account is the downline. */
export async function countLiveContractsAsDownline(trx: Trx, memberId: number): Promise<number> {
  const row = await trx
    .selectFrom('agent_contracts')
    .select((eb) => eb.fn.countAll<string>().as('live'))
    .where('downline_id', '=', memberId)
    .where('state', 'in', ['requested', 'accepted'])
    .executeTakeFirstOrThrow();
  return Number(row.live);
}

/**
 * The subtree as (account, depth below the moved account): the account at 0 and, for an agent, its team
 * from its closure rows.
 */
const subtreeOf = (memberId: number) => sql`(
  select ${memberId}::int as member_id, 0 as depth
  union
  select descendant_id, depth from agent_tree where ancestor_id = ${memberId} and depth > 0)`;

/** The ancestors above the account (not itself), by its closure rows. */
const ancestorsOf = (memberId: number) => sql`(
  select ancestor_id, depth from agent_tree where descendant_id = ${memberId} and ancestor_id <> ${memberId})`;

/**
 * Moves the subtree's history between team rows: subtracted from the old ancestors, then (after the
 * closure moved) added to the new ones. Team rows are touched in ascending agent order, as the rollup
 * job and the placement trigger do.
 */
export async function subtractHistory(trx: Trx, memberId: number): Promise<void> {
  await sql`
    with moved as (
      select day, vendor_code, game_type, ${summed}
      from member_daily where member_id in (select member_id from ${subtreeOf(memberId)} s)
      group by day, vendor_code, game_type
    ),
    targets as (
      select t.agent_id, t.day, t.vendor_code, t.game_type from team_daily t
      join moved m on m.day = t.day and m.vendor_code = t.vendor_code and m.game_type = t.game_type
      where t.agent_id in (select ancestor_id from ${ancestorsOf(memberId)} a)
      order by t.agent_id, t.day, t.vendor_code, t.game_type
      for update of t
    )
    update team_daily t set ${subtracted}
    from moved m, targets x
    where t.agent_id = x.agent_id and t.day = x.day and t.vendor_code = x.vendor_code
      and t.game_type = x.game_type
      and m.day = t.day and m.vendor_code = t.vendor_code and m.game_type = t.game_type`.execute(trx);
}

export async function addHistory(trx: Trx, merchantId: number, memberId: number): Promise<void> {
  await sql`
    insert into team_daily as t (merchant_id, agent_id, day, vendor_code, game_type, ${figureList})
    select ${merchantId}, a.ancestor_id, m.day, m.vendor_code, m.game_type, ${sql.raw(
      rollupFigureNames.map((name) => `m.${name}`).join(', '),
    )}
    from (
      select day, vendor_code, game_type, ${summed}
      from member_daily where member_id in (select member_id from ${subtreeOf(memberId)} s)
      group by day, vendor_code, game_type
    ) m
    cross join ${ancestorsOf(memberId)} a
    order by a.ancestor_id, m.day, m.vendor_code, m.game_type
    on conflict (agent_id, day, vendor_code, game_type) do update set ${added}`.execute(trx);
}

/**
 * Moves the subtree's activity bits: removed from the old ancestors and answered (per member and word,
 * the bits any old ancestor held, with the days its own rollups show a bet), to be added to the new
 * ancestors once the closure moved.
 */
export async function takeActivity(trx: Trx, memberId: number) {
  const { rows } = await sql<{ member_id: number; word: number; bits: string }>`
    with removed as (
      delete from team_activity
      where agent_id in (select ancestor_id from ${ancestorsOf(memberId)} a)
        and member_id in (select member_id from ${subtreeOf(memberId)} s)
      returning member_id, word, bits
    ),
    derived as (
      select member_id, (day - date '2000-01-01') / 64 as word,
        bit_or(1::int8 << ((day - date '2000-01-01') % 64)) as bits
      from member_daily
      where member_id in (select member_id from ${subtreeOf(memberId)} s) and bet_count > 0
      group by member_id, (day - date '2000-01-01') / 64
    )
    select member_id, word, bit_or(bits)::text as bits
    from (select member_id, word, bits from removed union all select member_id, word, bits from derived) b
    group by member_id, word`.execute(trx);
  return rows;
}

export async function putActivity(
  trx: Trx,
  memberId: number,
  activity: { member_id: number; word: number; bits: string }[],
): Promise<void> {
  if (activity.length === 0) return;
  await sql`
    insert into team_activity as t (agent_id, word, member_id, bits)
    select a.ancestor_id, b.word, b.member_id, b.bits
    from unnest(${activity.map((row) => row.member_id)}::int[], ${activity.map((row) => row.word)}::int[],
      ${activity.map((row) => row.bits)}::int8[]) as b (member_id, word, bits)
    cross join ${ancestorsOf(memberId)} a
    order by 1, 2, 3
    on conflict (agent_id, word, member_id) do update set bits = t.bits | excluded.bits`.execute(trx);
}

/** Replaces the subtree's closure rows above it: the old ancestors' go, the new upline's chain comes. */
export async function moveClosure(trx: Trx, merchantId: number, memberId: number, uplineId: number) {
  await sql`
    delete from agent_tree
    where descendant_id in (select member_id from ${subtreeOf(memberId)} s)
      and ancestor_id in (select ancestor_id from ${ancestorsOf(memberId)} a)`.execute(trx);
  await sql`
    insert into agent_tree (merchant_id, ancestor_id, descendant_id, depth)
    select ${merchantId}, u.ancestor_id, s.member_id, u.depth + 1 + s.depth
    from agent_tree u cross join ${subtreeOf(memberId)} s
    where u.descendant_id = ${uplineId}`.execute(trx);
  await sql`select set_config('portal.placement_move', 'on', true)`.execute(trx);
  await trx.updateTable('members').set({ parent_agent_id: uplineId }).where('id', '=', memberId).execute();
  await sql`select set_config('portal.placement_move', '', true)`.execute(trx);
}

/** How many accounts are below the account (its team, itself excluded). */
export async function countTeam(trx: Trx, memberId: number): Promise<number> {
  const row = await trx
    .selectFrom('agent_tree')
    .select((eb) => eb.fn.countAll<string>().as('team'))
    .where('ancestor_id', '=', memberId)
    .where('depth', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.team);
}
