import type { Kysely } from 'kysely';
import {
  formatMinor,
  gameCategories,
  recentPlaysKept,
  type FavouriteResult,
  type Game,
  type GameCategory,
  type GameLanes,
  type GameMenus,
  type GamePage,
  type HotGames,
  type MenuVendor,
  type WinnerBoard,
  type WinnerEntry,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import type { CatalogueGame, CatalogueVendor, MerchantCatalogue } from './game-catalogue';
import * as repo from './games.repo';

/** Filters of the public game list (FAV and RECENT need the member's ids, passed in `memberGameIds`). */
export interface GameListFilter {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  filter: 'NEW' | 'FAV' | 'ALL' | 'HOT' | 'RECENT';
  name?: string | undefined;
  pageNo: number;
  pageSize: number;
}

/** Whether a game belongs to a category: RNG leaves the in-house vendor out (spec section 9). */
function inCategory(entry: CatalogueGame, category: GameCategory | undefined): boolean {
  return category === undefined || entry.category === category;
}

/** A page out of a filtered list; pages past the end are empty, not an error. */
export function pageOf(games: Game[], pageNo: number, pageSize: number): GamePage {
  const start = (pageNo - 1) * pageSize;
  return {
    content: games.slice(start, start + pageSize),
    pageNum: pageNo,
    pageSize,
    total: games.length,
    totalPages: Math.ceil(games.length / pageSize),
  };
}

/**
 * The game list (spec section 7 game store query): category, vendor, filter and name search over the
 * merchant's snapshot. For FAV and RECENT `memberGameIds` is the member's list in its own order.
 */
export function listGames(
  catalogue: MerchantCatalogue,
  query: GameListFilter,
  memberGameIds?: number[],
): GamePage {
  const needle = query.name?.toLowerCase();
  const keep = (entry: CatalogueGame) =>
    inCategory(entry, query.gameType) &&
    (query.vassalage === undefined || entry.game.vassalage === query.vassalage) &&
    (needle === undefined || entry.searchText.includes(needle));
  let source: CatalogueGame[];
  if (memberGameIds) {
    source = memberGameIds.flatMap((id) => catalogue.byId.get(id) ?? []);
  } else {
    source = catalogue.games;
  }
  const filtered = source.filter((entry) => {
    if (!keep(entry)) return false;
    if (query.filter === 'HOT') return entry.game.isHot === 1;
    if (query.filter === 'NEW') return entry.game.isNew;
    return true;
  });
  if (query.filter === 'NEW')
    filtered.sort((a, b) => b.releasedAt - a.releasedAt || a.game.gameId - b.game.gameId);
  return pageOf(
    filtered.map((entry) => entry.game),
    query.pageNo,
    query.pageSize,
  );
}

function menuVendorOf(vendor: CatalogueVendor, category: GameCategory, gameCount: number): MenuVendor {
  return {
    vassalage: vendor.code,
    displayName: vendor.displayName,
    iconUrl: vendor.iconUrl,
    gameCount,
    // Spec section 2: the vendor tile's start button is hidden for RNG (the in-house games are RNG too).
    showStart: category !== 'RNG' && category !== 'BGS',
    maintenance: vendor.maintenance,
    maintenanceMessage: vendor.maintenanceMessage,
  };
}

/** Categories in menu order, each with its vendors (in vendor order) that have a game in it. */
function vendorsByCategory(catalogue: MerchantCatalogue): Map<GameCategory, MenuVendor[]> {
  const counts = new Map<string, number>();
  for (const entry of catalogue.games) {
    const key = `${entry.category}/${entry.vendor.code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const result = new Map<GameCategory, MenuVendor[]>();
  for (const category of gameCategories) {
    const vendors = [...catalogue.vendors.values()]
      .filter((vendor) => (counts.get(`${category}/${vendor.code}`) ?? 0) > 0)
      .map((vendor) => menuVendorOf(vendor, category, counts.get(`${category}/${vendor.code}`) ?? 0));
    if (vendors.length > 0) result.set(category, vendors);
  }
  return result;
}

/** `/lgw/games/game_menus`: the categories that have at least one vendor (top navigation, header menu). */
export function gameMenus(catalogue: MerchantCatalogue): GameMenus {
  return { menus: [...vendorsByCategory(catalogue)].map(([gameType, vendors]) => ({ gameType, vendors })) };
}

/** Vendor lanes: one per category, cards keyed by vassalage. */
export function gameLanes(catalogue: MerchantCatalogue): GameLanes {
  const lanes = [...vendorsByCategory(catalogue)].map(([category, vendors]) => ({
    title: category,
    gameClassify: category,
    cards: Object.fromEntries(vendors.map((vendor) => [vendor.vassalage, vendor])),
  }));
  return { data: { lanes } };
}

/** How many hot games the hot call answers (spec section 9: home and hot lists page size 20). */
export const hotGamesLimit = 20;

/** Hot games of the merchant, optionally of one category. */
export function hotGames(catalogue: MerchantCatalogue, category?: GameCategory): HotGames {
  const list = catalogue.games
    .filter((entry) => entry.game.isHot === 1 && inCategory(entry, category))
    .slice(0, hotGamesLimit)
    .map((entry) => entry.game);
  return { list };
}

/** The game a favourite or launch names; 404 not_found when it is unknown or off for this merchant. */
export function gameOf(catalogue: MerchantCatalogue, gameId: number): CatalogueGame {
  const entry = catalogue.byId.get(gameId);
  if (!entry) throw new AppError('not_found', 'No such game');
  return entry;
}

/**
 * Adds a favourite. Idempotent and race-safe: the primary key (member, game) makes a second add, or two
 * at once, one row. A member keeps at most 999 favourites (the list's page size).
 */
export async function addFavourite(
  db: Kysely<DB>,
  catalogue: MerchantCatalogue,
  memberId: number,
  gameId: number,
): Promise<FavouriteResult> {
  gameOf(catalogue, gameId);
  if ((await repo.countFavourites(db, memberId)) >= repo.maxFavouritesPerMember) {
    throw new AppError('favourites_full', `At most ${repo.maxFavouritesPerMember} favourites`);
  }
  await repo.insertFavourite(db, memberId, gameId);
  return { gameId, favourite: true };
}

/** Removes a favourite; removing one that is not there (or a game since switched off) is not an error. */
export async function removeFavourite(
  db: Kysely<DB>,
  memberId: number,
  gameId: number,
): Promise<FavouriteResult> {
  await repo.deleteFavourite(db, memberId, gameId);
  return { gameId, favourite: false };
}

/** The member's favourite game ids, newest first. */
export function favouriteIds(db: Kysely<DB>, memberId: number): Promise<number[]> {
  return repo.selectFavouriteIds(db, memberId, repo.maxFavouritesPerMember);
}

/** The member's recent plays, newest first. */
export function recentIds(db: Kysely<DB>, memberId: number): Promise<number[]> {
  return repo.selectRecentIds(db, memberId, recentPlaysKept);
}

/** "player1" -> "pl***1": enough to recognise oneself, not enough to find someone. */
export function maskName(username: string): string {
  if (username.length <= 2) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** Wins of the last week count for the board. */
export const winnerBoardDays = 7;
/** Rounds read per board build: enough that games switched off for this merchant still leave 20. */
const winnerRowsRead = 100;

/**
 * The winner board: the biggest wins of the last week at this merchant (rounds filled by real seamless
 * wins), joined to the merchant's catalogue for the game's name and icon, optionally of one category.
 */
export async function winnerBoard(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  catalogue: MerchantCatalogue,
  category: GameCategory | 'ALL',
  limit: number,
): Promise<WinnerBoard> {
  const rows = await repo.selectBiggestWins(db, merchant.id, winnerBoardDays, winnerRowsRead);
  const list: WinnerEntry[] = [];
  for (const row of rows) {
    const entry = catalogue.byVendorGame.get(`${row.vendor_code}/${row.game_code}`);
    if (!entry || (category !== 'ALL' && entry.category !== category)) continue;
    list.push({
      customerName: maskName(row.username),
      winAmount: formatMinor(row.win_minor, merchant.currency.decimals),
      gameName: entry.game.displayName,
      iconUrl: entry.game.iconUrl,
      vassalage: entry.game.vassalage,
      gameCode: entry.game.gameCode,
      wonAt: row.updated_at.toISOString(),
    });
    if (list.length >= limit) break;
  }
  return { list };
}
