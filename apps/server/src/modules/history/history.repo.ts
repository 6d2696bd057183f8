import { sql, type Kysely, type Transaction } from 'kysely';
import { pageOffset, selectPage, type PageRequest, type PageRows } from '../../db/paging';
import type { DB } from '../../db/schema';

/**
 * SQL of the history reads: ledger movements of a member's wallets, game rounds, per-vendor sums (from the
 * per-day figures of migration 0040).
 */
type Executor = Kysely<DB> | Transaction<DB>;

export interface TimeRange {
  fromInclusive: Date;
  toExclusive: Date;
}

/** Which transfer kinds a movement read includes (`only`, never empty) or leaves out (`except`). */
export type KindFilter = { only: string[] } | { except: string[] };

/**
 * The member's wallets (main and per vendor, and with `bonus` the bonus wallet): at most one per vendor,
 * so a short list.
 */
export function selectMemberAccounts(db: Executor, merchantId: number, memberId: number, bonus = false) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'vendor_code'])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where(
      'kind',
      'in',
      bonus ? ['player_main', 'player_vendor', 'player_bonus'] : ['player_main', 'player_vendor'],
    )
    .execute();
}

/**
 * Each transfer touching one of the accounts, once per side: credits (money in) and debits (money out)
 * are two index range scans (account, created_at) joined by UNION ALL.
 */
function movements(db: Executor, accountIds: bigint[], range: TimeRange, kinds: KindFilter) {
  const side = (column: 'credit_account_id' | 'debit_account_id', sign: 1 | -1) => {
    const query = db
      .selectFrom('ledger_transfers')
      .select((eb) => [
        'id',
        'created_at',
        'kind',
        'amount_minor',
        eb.ref(column).as('account_id'),
        eb.lit(sign).as('sign'),
      ])
      .where(column, 'in', accountIds)
      .where('created_at', '>=', range.fromInclusive)
      .where('created_at', '<', range.toExclusive);
    if ('only' in kinds) return query.where('kind', 'in', kinds.only);
    return kinds.except.length > 0 ? query.where('kind', 'not in', kinds.except) : query;
  };
  return side('credit_account_id', 1).unionAll(side('debit_account_id', -1));
}

/** A page of the accounts' movements, newest first, with the total. */
export function selectMovementPage(
  db: Executor,
  accountIds: bigint[],
  range: TimeRange,
  kinds: KindFilter,
  paging: PageRequest,
) {
  const query = db
    .selectFrom(movements(db, accountIds, range, kinds).as('movement'))
    .select(['id', 'created_at', 'kind', 'amount_minor', 'account_id', 'sign'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .orderBy('sign');
  return selectPage(query, paging);
}

/** A range of whole merchant days: its instants, and its first and last day (yyyy-MM-dd). */
export interface DayRange extends TimeRange {
  fromDay: string;
  toDay: string;
}

/**
 * The member's per-day figures (member_round_days, migration 0040) over the range's days, optionally of
 * one vendor: a few rows per day, however many rounds the member played.
 */
function roundDays(db: Executor, merchantId: number, memberId: number, range: DayRange, vendorCode?: string) {
  let query = db
    .selectFrom('member_round_days')
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .where('day', '>=', sql<Date>`${range.fromDay}::date`)
    .where('day', '<=', sql<Date>`${range.toDay}::date`);
  if (vendorCode) query = query.where('vendor_code', '=', vendorCode);
  return query;
}

interface RoundRow {
  vendor_code: string;
  game_code: string;
  round_id: string;
  bet_minor: bigint;
  win_minor: bigint;
  refund_minor: bigint;
  bet_count: number;
  status: 'open' | 'closed';
  started_at: Date;
  game_name: string | null;
  vendor_name: string | null;
}

/**
 * A page of the member's game rounds, newest first, with the total (from the day figures). The rows are
 * the newest `offset + size` of each vendor the member played in the range (the index by member, vendor
 * and start), merged: a page reads a few rows per vendor, not every round of the range. The vendors come
 * from the day figures a day wider on each side, so rows filed under a day of an earlier GMT offset are
 * still found. The game's and vendor's names are the catalogue's (the names the tiles show); a round of a
 * game no longer catalogued keeps its codes.
 */
export async function selectRoundPage(
  db: Executor,
  merchantId: number,
  memberId: number,
  range: DayRange,
  vendorCode: string | undefined,
  paging: PageRequest,
): Promise<PageRows<RoundRow>> {
  const offset = pageOffset(paging);
  const vendor = vendorCode ? sql`and d.vendor_code = ${vendorCode}` : sql``;
  const [page, total] = await Promise.all([
    sql<RoundRow>`
      select r.vendor_code, r.game_code, r.round_id, r.bet_minor, r.win_minor, r.refund_minor, r.bet_count,
        r.status, r.started_at,
        (select g.display_name from games g where g.vendor_code = r.vendor_code and g.game_code = r.game_code)
          as game_name,
        (select v.display_name from vendors v where v.code = r.vendor_code) as vendor_name
      from (
        select distinct d.vendor_code from member_round_days d
        where d.member_id = ${memberId} and d.merchant_id = ${merchantId} and d.rounds > 0 ${vendor}
          and d.day between ${range.fromDay}::date - 1 and ${range.toDay}::date + 1
      ) played
      cross join lateral (
        select x.* from game_rounds x
        where x.merchant_id = ${merchantId} and x.member_id = ${memberId} and x.vendor_code = played.vendor_code
          and x.started_at >= ${range.fromInclusive} and x.started_at < ${range.toExclusive}
        order by x.started_at desc, x.id desc
        limit ${offset + paging.pageSize}
      ) r
      order by r.started_at desc, r.id desc
      limit ${paging.pageSize} offset ${offset}`.execute(db),
    roundDays(db, merchantId, memberId, range, vendorCode)
      .select((eb) => eb.fn.sum<string | null>('rounds').as('rounds'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: page.rows, total: Number(total.rounds ?? 0) };
}

/** Rounds, bets, wins and refunds per vendor over the range (sums as text: they may exceed 2^53). */
export function selectProfitByVendor(db: Executor, merchantId: number, memberId: number, range: DayRange) {
  return roundDays(db, merchantId, memberId, range)
    .select((eb) => [
      'vendor_code',
      eb.fn.sum<string>('rounds').as('rounds'),
      eb.fn.sum<string>('bet_minor').as('bet'),
      eb.fn.sum<string>('win_minor').as('win'),
      eb.fn.sum<string>('refund_minor').as('refund'),
    ])
    .groupBy('vendor_code')
    .having((eb) => eb.fn.sum('rounds'), '>', 0)
    .orderBy('vendor_code')
    .execute();
}
