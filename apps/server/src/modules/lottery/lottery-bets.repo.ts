import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { selectPage } from '../../db/paging';
import type { DB, LotteryBetStatus, LotteryBetsTable } from '../../db/schema';
import type { LotteryGameRow } from './lottery.repo';

/** SQL of lottery bets and their settlements (migration 0009). */
type Executor = Kysely<DB> | Transaction<DB>;

const betColumns = [
  'lottery_bets.id',
  'lottery_bets.merchant_id',
  'lottery_bets.member_id',
  'lottery_bets.draw_id',
  'lottery_bets.bet_type',
  'lottery_bets.pick',
  'lottery_bets.stake_minor',
  'lottery_bets.odds_hundredths',
  'lottery_bets.currency',
  'lottery_bets.request_hash',
  'lottery_bets.status',
  'lottery_bets.refusal_code',
  'lottery_bets.payout_minor',
  'lottery_bets.created_at',
] as const;
export type LotteryBetRow = Pick<
  Selectable<LotteryBetsTable>,
  | 'id'
  | 'merchant_id'
  | 'member_id'
  | 'draw_id'
  | 'bet_type'
  | 'pick'
  | 'stake_minor'
  | 'odds_hundredths'
  | 'currency'
  | 'request_hash'
  | 'status'
  | 'refusal_code'
  | 'payout_minor'
  | 'created_at'
>;

/** Bets of a draw still to settle (pending ones are voided, placed ones paid or lost). */
export function selectUnsettledBets(db: Executor, drawId: bigint, limit: number): Promise<LotteryBetRow[]> {
  return db
    .selectFrom('lottery_bets')
    .select(betColumns)
    .where('draw_id', '=', drawId)
    .where('status', 'in', ['pending', 'placed'])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Inserts a bet only while its draw takes bets (open, before closes_at by the database clock); undefined
 * when the draw is closed or the member already used the request id.
 */
export function insertBetWhileOpen(
  db: Executor,
  bet: Pick<
    LotteryBetRow,
    | 'merchant_id'
    | 'member_id'
    | 'draw_id'
    | 'bet_type'
    | 'pick'
    | 'stake_minor'
    | 'odds_hundredths'
    | 'currency'
    | 'request_hash'
  > & { request_id: string },
): Promise<LotteryBetRow | undefined> {
  return db
    .insertInto('lottery_bets')
    .columns([
      'merchant_id',
      'member_id',
      'draw_id',
      'bet_type',
      'pick',
      'stake_minor',
      'odds_hundredths',
      'currency',
      'request_id',
      'request_hash',
    ])
    .expression((eb) =>
      eb
        .selectFrom('lottery_draws')
        .select([
          sql.lit(bet.merchant_id).as('merchant_id'),
          sql.lit(bet.member_id).as('member_id'),
          'lottery_draws.id',
          sql<string>`${bet.bet_type}`.as('bet_type'),
          sql<string | null>`${bet.pick}`.as('pick'),
          sql<bigint>`${bet.stake_minor}::bigint`.as('stake_minor'),
          sql.lit(bet.odds_hundredths).as('odds_hundredths'),
          sql<string>`${bet.currency}`.as('currency'),
          sql<string>`${bet.request_id}`.as('request_id'),
          sql<string>`${bet.request_hash}`.as('request_hash'),
        ])
        .where('lottery_draws.id', '=', bet.draw_id)
        .where('lottery_draws.status', '=', 'open')
        .where('lottery_draws.closes_at', '>', sql<Date>`now()`),
    )
    .onConflict((conflict) => conflict.columns(['member_id', 'request_id']).doNothing())
    .returning(betColumns)
    .executeTakeFirst();
}

export function selectBetByRequest(db: Executor, memberId: number, requestId: string) {
  return db
    .selectFrom('lottery_bets')
    .select(betColumns)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

/** Moves a bet from one status to another; false when it was no longer in `from`. */
export async function moveBet(
  db: Executor,
  betId: bigint,
  from: LotteryBetStatus,
  to: LotteryBetStatus,
  extra: { refusal_code?: string; payout_minor?: bigint } = {},
): Promise<boolean> {
  const settled = to === 'won' || to === 'lost' || to === 'void';
  const updated = await db
    .updateTable('lottery_bets')
    .set({ status: to, ...extra, ...(settled ? { settled_at: sql<Date>`now()` } : {}) })
    .where('id', '=', betId)
    .where('status', '=', from)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Records a bet's settlement under its unique key; false when it was recorded before. */
export async function insertSettlement(
  db: Executor,
  settlement: {
    settlement_key: string;
    bet_id: bigint;
    payout_minor: bigint;
    win_transaction_id: string | null;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('lottery_settlements')
    .values(settlement)
    .onConflict((conflict) => conflict.doNothing())
    .returning('bet_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A member's bets, newest first, with the draw's number, game and result. */
export function selectMemberBets(
  db: Executor,
  merchantId: number,
  memberId: number,
  gameCode: string | undefined,
  page: number,
  pageSize: number,
) {
  let base = db
    .selectFrom('lottery_bets')
    .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_bets.draw_id')
    .innerJoin('lottery_games', 'lottery_games.id', 'lottery_draws.game_id')
    .where('lottery_bets.merchant_id', '=', merchantId)
    .where('lottery_bets.member_id', '=', memberId);
  if (gameCode) base = base.where('lottery_games.game_code', '=', gameCode as LotteryGameRow['game_code']);
  const query = base
    .select([...betColumns, 'lottery_draws.draw_no', 'lottery_draws.result', 'lottery_games.game_code'])
    .orderBy('lottery_bets.id', 'desc');
  return selectPage(query, { page, pageSize });
}

/** The lotteries a member bet on most recently, newest first (at most `limit`). */
export async function selectRecentGameIds(db: Executor, memberId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lottery_bets')
    .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_bets.draw_id')
    .select(['lottery_draws.game_id'])
    .select((eb) => eb.fn.max('lottery_bets.id').as('last_bet'))
    .where('lottery_bets.member_id', '=', memberId)
    .groupBy('lottery_draws.game_id')
    .orderBy('last_bet', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_id);
}

/** One of a member's bets with its draw's number, game and result. */
export function selectMemberBetById(db: Executor, merchantId: number, memberId: number, betId: bigint) {
  return db
    .selectFrom('lottery_bets')
    .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_bets.draw_id')
    .innerJoin('lottery_games', 'lottery_games.id', 'lottery_draws.game_id')
    .select([...betColumns, 'lottery_draws.draw_no', 'lottery_draws.result', 'lottery_games.game_code'])
    .where('lottery_bets.merchant_id', '=', merchantId)
    .where('lottery_bets.member_id', '=', memberId)
    .where('lottery_bets.id', '=', betId)
    .executeTakeFirst();
}

/**
 * Closes a lost bet's seamless round (its own round, LOTTERY-<betId>): a loss has no win call to close
 * it, and history shows open rounds as unsettled. No money moves; repeating it changes nothing.
 */
export async function closeLostRound(
  db: Executor,
  round: { merchantId: number; vendorCode: string; roundId: string },
): Promise<void> {
  // Raw SQL: the table type marks updated_at as set on insert only; the seamless functions update it too.
  await sql`update game_rounds set status = 'closed', updated_at = now()
    where merchant_id = ${round.merchantId} and vendor_code = ${round.vendorCode}
      and round_id = ${round.roundId} and status = 'open'`.execute(db);
}
