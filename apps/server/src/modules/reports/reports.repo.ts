import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The reports' reads (issue 16): every one from a rollup or a settlement table, never the ledger. Days
 * are yyyy-MM-dd text in the merchant's calendar, both ends inclusive.
 */

type Db = Kysely<DB>;

const dayText = sql<string>`to_char(day, 'YYYY-MM-DD')`;

/** The merchant's money figures per day (merchant_daily summed over vendors and game types). */
export function selectMerchantDays(db: Db, merchantId: number, from: string, to: string) {
  return db
    .selectFrom('merchant_daily')
    .select([
      dayText.as('day'),
      sql<bigint>`sum(bet_count)::bigint`.as('bet_count'),
      sql<bigint>`sum(bet_minor)::bigint`.as('bet_minor'),
      sql<bigint>`sum(refund_minor)::bigint`.as('refund_minor'),
      sql<bigint>`sum(win_minor)::bigint`.as('win_minor'),
      sql<bigint>`sum(settlement_minor)::bigint`.as('settlement_minor'),
      sql<bigint>`sum(bonus_minor)::bigint`.as('bonus_minor'),
      sql<bigint>`sum(bonus_forfeit_minor)::bigint`.as('bonus_forfeit_minor'),
      sql<bigint>`sum(adjustment_minor)::bigint`.as('adjustment_minor'),
      sql<bigint>`sum(deposit_count)::bigint`.as('deposit_count'),
      sql<bigint>`sum(deposit_minor)::bigint`.as('deposit_minor'),
      sql<bigint>`sum(withdrawal_count)::bigint`.as('withdrawal_count'),
      sql<bigint>`sum(withdrawal_minor)::bigint`.as('withdrawal_minor'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('day', '>=', sql<Date>`${from}::date`)
    .where('day', '<=', sql<Date>`${to}::date`)
    .groupBy('day')
    .orderBy('day')
    .execute();
}
export type MerchantDayRow = Awaited<ReturnType<typeof selectMerchantDays>>[number];

/** Bets, refunds, wins and settlements per vendor or per game type over the days (game rows only). */
export function selectGameGroups(
  db: Db,
  merchantId: number,
  from: string,
  to: string,
  by: 'vendor' | 'gameType',
) {
  const key = by === 'vendor' ? sql<string>`vendor_code` : sql<string>`game_type`;
  return db
    .selectFrom('merchant_daily')
    .select([
      key.as('key'),
      sql<bigint>`sum(bet_count)::bigint`.as('bet_count'),
      sql<bigint>`sum(bet_minor)::bigint`.as('bet_minor'),
      sql<bigint>`sum(refund_minor)::bigint`.as('refund_minor'),
      sql<bigint>`sum(win_minor)::bigint`.as('win_minor'),
      sql<bigint>`sum(settlement_minor)::bigint`.as('settlement_minor'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('day', '>=', sql<Date>`${from}::date`)
    .where('day', '<=', sql<Date>`${to}::date`)
    .where('vendor_code', '<>', '')
    .groupBy(key)
    .execute();
}
export type GameGroupRow = Awaited<ReturnType<typeof selectGameGroups>>[number];

/**
 * Player counts per day from the per-member-per-day rollup (member_daily, decision 0028): registrations
 * (the placement trigger's), accounts with a bet, accounts with a deposit, and first deposits. A
 * deposit's row is the member's day row without vendor (first deposits are counted on that row too).
 */
export function selectPlayerDays(db: Db, merchantId: number, from: string, to: string) {
  return db
    .selectFrom('member_daily')
    .select([
      dayText.as('day'),
      sql<bigint>`sum(registrations)::bigint`.as('registered'),
      sql<bigint>`count(distinct member_id) filter (where bet_count > 0)`.as('active'),
      sql<bigint>`count(*) filter (where vendor_code = '' and game_type = '' and deposit_count > 0)`.as(
        'depositing',
      ),
      sql<bigint>`count(*) filter (where vendor_code = '' and game_type = '' and deposit_count > 0
        and first_deposits > 0)`.as('first_depositing'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('day', '>=', sql<Date>`${from}::date`)
    .where('day', '<=', sql<Date>`${to}::date`)
    .groupBy('day')
    .execute();
}
export type PlayerDayRow = Awaited<ReturnType<typeof selectPlayerDays>>[number];

/** The instant a merchant day (plus `plusDays`) starts at a fixed GMT offset. */
const localMidnight = (day: string, gmtOffsetMinutes: number, plusDays: number) =>
  sql<Date>`((${day}::date + ${plusDays}::int)::timestamp - make_interval(mins => ${gmtOffsetMinutes}::int))
    at time zone 'UTC'`;

/**
 * The agent payouts settled per day and contract kind (agent_settlements, one row per merchant, kind and
 * period: decision 0029), by the merchant day of the period's last instant, so a month's dividend lands
 * on the month's last day. Indexed by (merchant, kind, period_end).
 */
export function selectPayoutDays(
  db: Db,
  merchantId: number,
  from: string,
  to: string,
  gmtOffsetMinutes: number,
) {
  const day = sql<string>`to_char(merchant_day(period_end - interval '1 microsecond', ${gmtOffsetMinutes}::int),
    'YYYY-MM-DD')`;
  return (
    db
      .selectFrom('agent_settlements')
      .select([
        day.as('day'),
        'kind',
        sql<bigint>`sum(agents)::bigint`.as('records'),
        sql<bigint>`sum(total_minor)::bigint`.as('total_minor'),
      ])
      .where('merchant_id', '=', merchantId)
      .where('period_end', '>', localMidnight(from, gmtOffsetMinutes, 0))
      .where('period_end', '<=', localMidnight(to, gmtOffsetMinutes, 1))
      // By position: the day's expression carries a parameter, so written again it would not match.
      .groupBy([sql`1`, sql`2`])
      .execute()
  );
}
export type PayoutDayRow = Awaited<ReturnType<typeof selectPayoutDays>>[number];

/**
 * How far the figures go: the earlier of the two rollups' caught-up instants (merchant_daily's cursor
 * and the agent rollups', which keep member_daily), null until both have caught up once.
 */
export async function selectCaughtUpAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('rollup_cursors')
    .select(sql<Date | null>`case when count(caught_up_at) = 2 then min(caught_up_at) end`.as('at'))
    .where('name', 'in', ['reports', 'ledger'])
    .executeTakeFirst();
  return row?.at ?? null;
}
