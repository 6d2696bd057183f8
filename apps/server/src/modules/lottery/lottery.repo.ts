import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  DB,
  LotteryBetStatus,
  LotteryBetsTable,
  LotteryDrawsTable,
  LotteryGamesTable,
} from '../../db/schema';

/** SQL of the lotteries: games, draws, bets and settlements (migration 0009). */
type Executor = Kysely<DB> | Transaction<DB>;

const gameColumns = [
  'lottery_games.id',
  'lottery_games.merchant_id',
  'lottery_games.game_code',
  'lottery_games.vendor_code',
  'lottery_games.name',
  'lottery_games.interval_seconds',
  'lottery_games.close_before_seconds',
  'lottery_games.min_stake_minor',
  'lottery_games.max_stake_minor',
] as const;
export type LotteryGameRow = Pick<
  Selectable<LotteryGamesTable>,
  | 'id'
  | 'merchant_id'
  | 'game_code'
  | 'vendor_code'
  | 'name'
  | 'interval_seconds'
  | 'close_before_seconds'
  | 'min_stake_minor'
  | 'max_stake_minor'
>;

const drawColumns = [
  'lottery_draws.id',
  'lottery_draws.game_id',
  'lottery_draws.draw_no',
  'lottery_draws.opens_at',
  'lottery_draws.closes_at',
  'lottery_draws.draws_at',
  'lottery_draws.seed',
  'lottery_draws.seed_hash',
  'lottery_draws.result',
  'lottery_draws.status',
] as const;
export type LotteryDrawRow = Pick<
  Selectable<LotteryDrawsTable>,
  | 'id'
  | 'game_id'
  | 'draw_no'
  | 'opens_at'
  | 'closes_at'
  | 'draws_at'
  | 'seed'
  | 'seed_hash'
  | 'result'
  | 'status'
>;

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

/** The enabled lotteries of a merchant in menu order. */
export function selectMerchantGames(db: Executor, merchantId: number): Promise<LotteryGameRow[]> {
  return db
    .selectFrom('lottery_games')
    .select(gameColumns)
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .limit(50)
    .execute();
}

/** One enabled lottery of a merchant by its code. */
export function selectGame(db: Executor, merchantId: number, gameCode: string) {
  return db
    .selectFrom('lottery_games')
    .select(gameColumns)
    .where('merchant_id', '=', merchantId)
    .where('game_code', '=', gameCode as LotteryGameRow['game_code'])
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/** Every enabled lottery of every merchant, with the merchant's code (the draw job walks them all). */
export function selectAllEnabledGames(db: Executor) {
  return db
    .selectFrom('lottery_games')
    .innerJoin('merchants', 'merchants.id', 'lottery_games.merchant_id')
    .select([...gameColumns, 'merchants.code as merchant_code'])
    .where('lottery_games.enabled', '=', true)
    .orderBy('lottery_games.id')
    .limit(1000)
    .execute();
}

/** Creates a draw unless it exists (several instances may try at once; one row results). */
export async function insertDraw(
  db: Executor,
  draw: Pick<
    LotteryDrawRow,
    'game_id' | 'draw_no' | 'opens_at' | 'closes_at' | 'draws_at' | 'seed' | 'seed_hash'
  >,
): Promise<void> {
  await db
    .insertInto('lottery_draws')
    .values(draw)
    .onConflict((conflict) => conflict.columns(['game_id', 'draw_no']).doNothing())
    .execute();
}

/** The draw a player sees now: the earliest one not yet drawn whose time has not passed. */
export function selectCurrentDraw(db: Executor, gameId: number): Promise<LotteryDrawRow | undefined> {
  return db
    .selectFrom('lottery_draws')
    .select(drawColumns)
    .where('game_id', '=', gameId)
    .where('status', '=', 'open')
    .where('opens_at', '<=', sql<Date>`now()`)
    .where('draws_at', '>', sql<Date>`now()`)
    .orderBy('draws_at')
    .limit(1)
    .executeTakeFirst();
}

/** The latest drawn draws of a game, newest first, and how many there are. */
export async function selectDrawnPage(db: Executor, gameId: number, page: number, pageSize: number) {
  const items = await db
    .selectFrom('lottery_draws')
    .select(drawColumns)
    .where('game_id', '=', gameId)
    .where('status', '<>', 'open')
    .orderBy('draws_at', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await db
    .selectFrom('lottery_draws')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('game_id', '=', gameId)
    .where('status', '<>', 'open')
    .executeTakeFirstOrThrow();
  return { items, total: Number(total) };
}

export function selectDraw(
  db: Executor,
  gameId: number,
  drawNo: string,
): Promise<LotteryDrawRow | undefined> {
  return db
    .selectFrom('lottery_draws')
    .select(drawColumns)
    .where('game_id', '=', gameId)
    .where('draw_no', '=', drawNo)
    .executeTakeFirst();
}

/** Open draws whose time has come, oldest first (bounded per run). */
export function selectDueDraws(db: Executor, limit: number) {
  return db
    .selectFrom('lottery_draws')
    .innerJoin('lottery_games', 'lottery_games.id', 'lottery_draws.game_id')
    .select([...drawColumns, 'lottery_games.game_code'])
    .where('lottery_draws.status', '=', 'open')
    .where('lottery_draws.draws_at', '<=', sql<Date>`now()`)
    .orderBy('lottery_draws.draws_at')
    .limit(limit)
    .execute();
}

/** Publishes the result of an open draw; false when another run already did. */
export async function markDrawn(db: Executor, drawId: bigint, result: string): Promise<boolean> {
  const updated = await db
    .updateTable('lottery_draws')
    .set({ result, status: 'drawn', drawn_at: sql<Date>`now()` })
    .where('id', '=', drawId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Drawn draws whose bets are not all settled yet, with what settling needs. */
export function selectDrawsToSettle(db: Executor, limit: number) {
  return db
    .selectFrom('lottery_draws')
    .innerJoin('lottery_games', 'lottery_games.id', 'lottery_draws.game_id')
    .innerJoin('merchants', 'merchants.id', 'lottery_games.merchant_id')
    .select([
      'lottery_draws.id',
      'lottery_draws.result',
      'lottery_games.game_code',
      'lottery_games.vendor_code',
      'merchants.code as merchant_code',
    ])
    .where('lottery_draws.status', '=', 'drawn')
    .orderBy('lottery_draws.draws_at')
    .limit(limit)
    .execute();
}

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

export async function markDrawSettled(db: Executor, drawId: bigint): Promise<void> {
  await db
    .updateTable('lottery_draws')
    .set({ status: 'settled', settled_at: sql<Date>`now()` })
    .where('id', '=', drawId)
    .where('status', '=', 'drawn')
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
export async function selectMemberBets(
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
  const items = await base
    .select([...betColumns, 'lottery_draws.draw_no', 'lottery_draws.result', 'lottery_games.game_code'])
    .orderBy('lottery_bets.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { items, total: Number(total) };
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
