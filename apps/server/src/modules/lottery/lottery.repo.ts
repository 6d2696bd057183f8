import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { selectPage } from '../../db/paging';
import type { DB, LotteryDrawsTable, LotteryGamesTable } from '../../db/schema';

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
export function selectDrawnPage(db: Executor, gameId: number, page: number, pageSize: number) {
  const query = db
    .selectFrom('lottery_draws')
    .select(drawColumns)
    .where('game_id', '=', gameId)
    .where('status', '<>', 'open')
    .orderBy('draws_at', 'desc');
  return selectPage(query, { page, pageSize });
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

export async function markDrawSettled(db: Executor, drawId: bigint): Promise<void> {
  await db
    .updateTable('lottery_draws')
    .set({ status: 'settled', settled_at: sql<Date>`now()` })
    .where('id', '=', drawId)
    .where('status', '=', 'drawn')
    .execute();
}
