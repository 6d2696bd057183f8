import type { Kysely, Transaction } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import type { DB } from '../../db/schema';

/** SQL of the history reads: ledger movements of a member's wallets, game rounds, per-vendor sums. */
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

function rounds(db: Executor, merchantId: number, memberId: number, range: TimeRange, vendorCode?: string) {
  let query = db
    .selectFrom('game_rounds')
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('started_at', '>=', range.fromInclusive)
    .where('started_at', '<', range.toExclusive);
  if (vendorCode) query = query.where('vendor_code', '=', vendorCode);
  return query;
}

/** A page of the member's game rounds, newest first, with the total. */
export function selectRoundPage(
  db: Executor,
  merchantId: number,
  memberId: number,
  range: TimeRange,
  vendorCode: string | undefined,
  paging: PageRequest,
) {
  // The game's and vendor's names from the catalogue (the names the tiles show); a round of a game no
  // longer catalogued keeps its codes.
  const query = rounds(db, merchantId, memberId, range, vendorCode)
    .select((eb) => [
      'vendor_code',
      'game_code',
      'round_id',
      'bet_minor',
      'win_minor',
      'refund_minor',
      'bet_count',
      'status',
      'started_at',
      eb
        .selectFrom('games')
        .select('games.display_name')
        .whereRef('games.vendor_code', '=', 'game_rounds.vendor_code')
        .whereRef('games.game_code', '=', 'game_rounds.game_code')
        .as('game_name'),
      eb
        .selectFrom('vendors')
        .select('vendors.display_name')
        .whereRef('vendors.code', '=', 'game_rounds.vendor_code')
        .as('vendor_name'),
    ])
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc');
  return selectPage(query, paging);
}

/** Bets, wins and refunds per vendor over the range (sums as text: they may exceed 2^53). */
export function selectProfitByVendor(db: Executor, merchantId: number, memberId: number, range: TimeRange) {
  return rounds(db, merchantId, memberId, range)
    .select((eb) => [
      'vendor_code',
      eb.fn.countAll<string>().as('rounds'),
      eb.fn.sum<string>('bet_minor').as('bet'),
      eb.fn.sum<string>('win_minor').as('win'),
      eb.fn.sum<string>('refund_minor').as('refund'),
    ])
    .groupBy('vendor_code')
    .orderBy('vendor_code')
    .execute();
}
