import type { Kysely } from 'kysely';
import {
  formatMinor,
  lotteryBetTypeNames,
  lotteryBetTypes,
  prizeModeOf,
  type LotteryBetsPage,
  type LotteryDraw,
  type LotteryGameCode,
  type LotteryMenu,
  type LotteryOpenedNumero,
  type LotteryResultsPage,
  type LotteryVerification,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { deriveResult, seedHashOf } from './lottery-draw';
import { betView, drawView } from './lottery-view';
import * as betsRepo from './lottery-bets.repo';
import * as repo from './lottery.repo';

/** Rules of the lottery calls: menus, draws, results, betting and verification (docs/lottery.md). */

/** How many lotteries the recent menu lists. */
const recentGamesLimit = 20;

async function gameOf(db: Kysely<DB>, merchant: MerchantConfig, gameCode: LotteryGameCode) {
  const game = await repo.selectGame(db, merchant.id, gameCode);
  if (!game) throw new AppError('lottery_not_found', `No lottery ${gameCode} at this merchant`);
  return game;
}

/** The menu of `games`; `group` is every lottery of the merchant (its vendor group sets the prize mode). */
async function menuOf(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  games: repo.LotteryGameRow[],
  group: repo.LotteryGameRow[],
): Promise<LotteryMenu> {
  const decimals = merchant.currency.decimals;
  const now = new Date();
  const entries = await Promise.all(
    games.map(async (game) => {
      const current = await repo.selectCurrentDraw(db, game.id);
      return {
        gameCode: game.game_code,
        gameName: game.name,
        vassalage: game.vendor_code,
        intervalSeconds: game.interval_seconds,
        closeBeforeSeconds: game.close_before_seconds,
        minStake: formatMinor(game.min_stake_minor, decimals),
        maxStake: formatMinor(game.max_stake_minor, decimals),
        currentDraw: current ? drawView(game.game_code, current, now) : null,
      };
    }),
  );
  return {
    // The merchant's lottery vendor group decides the prize mode (spec section 4), not the listed subset.
    prizeMode: prizeModeOf(group.map((game) => game.vendor_code)),
    games: entries,
    betTypes: lotteryBetTypeNames.map((betType) => ({
      betType,
      oddsHundredths: lotteryBetTypes[betType].oddsHundredths,
      pickDigits: lotteryBetTypes[betType].pickDigits,
    })),
    serverTime: now.toISOString(),
  };
}

/** `/lgw/vn/games/game_menu`: every lottery of the merchant with its current draw. */
export async function menu(db: Kysely<DB>, merchant: MerchantConfig): Promise<LotteryMenu> {
  const games = await repo.selectMerchantGames(db, merchant.id);
  return menuOf(db, merchant, games, games);
}

/** `/lgw/vn/games/game_menu/recent`: the lotteries this member bet on, most recent first. */
export async function recentMenu(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<LotteryMenu> {
  const [games, recentIds] = await Promise.all([
    repo.selectMerchantGames(db, merchant.id),
    betsRepo.selectRecentGameIds(db, memberId, recentGamesLimit),
  ]);
  const byId = new Map(games.map((game) => [game.id, game]));
  const recent = recentIds.flatMap((id) => {
    const game = byId.get(id);
    return game ? [game] : [];
  });
  return menuOf(db, merchant, recent, games);
}

/** `/lotto/lgw/games/opened/numero`: the draw taking bets (or about to draw) and the last result. */
export async function openedNumero(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  gameCode: LotteryGameCode,
): Promise<LotteryOpenedNumero> {
  const game = await gameOf(db, merchant, gameCode);
  const [current, previous] = await Promise.all([
    repo.selectCurrentDraw(db, game.id),
    repo.selectDrawnPage(db, game.id, 1, 1),
  ]);
  const now = new Date();
  const last = previous.rows[0];
  return {
    current: current ? drawView(gameCode, current, now) : null,
    previous: last ? drawView(gameCode, last, now) : null,
    serverTime: now.toISOString(),
  };
}

/** `/lgw/vn/numeros/opened/game`: drawn numeros, newest first, with revealed seeds. */
export async function results(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  query: { gameCode: LotteryGameCode; page: number; pageSize: number },
): Promise<LotteryResultsPage> {
  const game = await gameOf(db, merchant, query.gameCode);
  const { rows, total } = await repo.selectDrawnPage(db, game.id, query.page, query.pageSize);
  return {
    items: rows.map((row) => drawView(query.gameCode, row)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

async function drawOf(db: Kysely<DB>, merchant: MerchantConfig, gameCode: LotteryGameCode, numero: string) {
  const game = await gameOf(db, merchant, gameCode);
  const draw = await repo.selectDraw(db, game.id, numero);
  if (!draw) throw new AppError('draw_not_found', `No draw ${numero} of ${gameCode}`);
  return { game, draw };
}

/** One draw by number. */
export async function drawDetail(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  gameCode: LotteryGameCode,
  numero: string,
): Promise<LotteryDraw> {
  const { draw } = await drawOf(db, merchant, gameCode, numero);
  return drawView(gameCode, draw);
}

/** Recomputes a drawn draw from its revealed seed: the hash commitment and the result. */
export async function verify(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  gameCode: LotteryGameCode,
  numero: string,
): Promise<LotteryVerification> {
  const { draw } = await drawOf(db, merchant, gameCode, numero);
  if (draw.status === 'open' || draw.result === null) {
    throw new AppError('draw_not_revealed', 'The seed is revealed after the draw; verify it then');
  }
  const hashMatches = seedHashOf(draw.seed) === draw.seed_hash;
  const recomputedResult = deriveResult(draw.seed, gameCode, draw.draw_no);
  return {
    draw: drawView(gameCode, draw),
    hashMatches,
    recomputedResult,
    valid: hashMatches && recomputedResult === draw.result,
  };
}

/** A member's bets, newest first. */
export async function myBets(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  query: { gameCode?: LotteryGameCode | undefined; page: number; pageSize: number },
): Promise<LotteryBetsPage> {
  const { rows, total } = await betsRepo.selectMemberBets(
    db,
    merchant.id,
    memberId,
    query.gameCode,
    query.page,
    query.pageSize,
  );
  return {
    items: rows.map((row) => betView(row, merchant.currency.decimals)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
