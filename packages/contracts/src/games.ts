import { z } from 'zod';
import { moneyText } from './wallet';
import { pageOf, pageQuery } from './paging';

/**
 * The game catalogue (spec sections 2, 3, 7, 9): vendors (vassalage), game types, games, vendor lanes,
 * favourites, recent plays, hot games, the winner board and the launch. Catalogue reads are public;
 * favourites, recent plays, the FAV and RECENT filters and the launch need a session.
 */

/** Game types a game carries (spec section 3 gameType). */
export const gameTypes = [
  'LIVE',
  'FISH',
  'RNG',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
] as const;
export const gameType = z.enum(gameTypes);
export type GameType = z.infer<typeof gameType>;

/**
 * Menu categories: the game types plus BGS, the in-house vendor's own category (its games are RNG games,
 * and the RNG category leaves vendor BGS out, spec section 9 "RNG excluded vendor BGS").
 */
export const gameCategories = [...gameTypes, 'BGS'] as const;
export const gameCategory = z.enum(gameCategories);
export type GameCategory = z.infer<typeof gameCategory>;

/** Vendor code (vassalage): BGS, IMES, DS88, LOTT, TCG_LOTTO_VN, ... */
export const vassalage = z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a vendor code');
/** Game code, unique within its vendor: letters, digits, '-', '_' and '.'. */
export const gameCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a game code');

/** Game list filters (spec section 9): NEW, FAV, ALL, HOT, RECENT. FAV and RECENT need a session. */
export const gameFilter = z.enum(['NEW', 'FAV', 'ALL', 'HOT', 'RECENT']);
export type GameFilter = z.infer<typeof gameFilter>;

/** GAME launches directly; VASSALAGE is a vendor entry that opens a popup list of its games. */
export const isGameKind = z.enum(['GAME', 'VASSALAGE']);
export type IsGameKind = z.infer<typeof isGameKind>;

/** Language codes of the text dictionaries (EN, TY, ...). */
const language = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z]{2})?$/, 'a language code')
  .optional();

/**
 * One game as lists show it (spec section 3 Game). Where the spec offers a choice of names ("gameName or
 * nodeName", "showIcon or iconUrl") the reply carries one, gameName and iconUrl: a page of 20 games is
 * a fifth smaller without the copies (issue 19).
 */
export const game = z.object({
  /** Catalogue id: the one to favourite and launch with. */
  gameId: z.number().int(),
  /** The node of the game store tree; for a game equal to gameId. */
  nodeId: z.number().int(),
  gameCode: z.string(),
  displayName: z.string(),
  gameName: z.string(),
  vassalage: z.string(),
  gameType,
  isGame: isGameKind,
  /** 1 = hot (spec section 3). */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** Added within the merchant's "new" window (filter NEW). */
  isNew: z.boolean(),
  iconUrl: z.string(),
  /** The large icon (large vendor menu layout, hot carousel). */
  lagerIcon: z.string(),
  /** The vendor is under maintenance: the list shows it, launch refuses with its message. */
  maintenance: z.boolean(),
});
export type Game = z.infer<typeof game>;

/** A page of games (spec section 3 "Favourite list: content, pageNum, totalPages"). */
export const gamePage = z.object({
  content: z.array(game),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type GamePage = z.infer<typeof gamePage>;

/** The page-size cap of game lists; favourites allow 999 (spec section 9). */
export const gameListMaxPageSize = 100;
export const favouritesMaxPageSize = 999;

const pageNo = z.coerce.number().int().min(1).max(10_000).default(1);

/** `GET /wps/relay/games_list`: clientType 3, platform, merchant, gameType, vassalage, pageNo, pageSize. */
export const gameListQuery = z.object({
  clientType: z.coerce.number().int().min(1).max(9).default(3),
  platform: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  merchant: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  gameType: gameCategory.optional(),
  vassalage: vassalage.optional(),
  filter: gameFilter.default('ALL'),
  /** Search by display name or game code: 1-50 characters, case-insensitive substring. */
  name: z.string().trim().min(1).max(50).optional(),
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(gameListMaxPageSize).default(20),
  language,
});
export type GameListQuery = z.input<typeof gameListQuery>;

/** One vendor of a category in the games menu. */
export const menuVendor = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  iconUrl: z.string(),
  /** Games of this vendor in this category (the header uses the large layout above 10). */
  gameCount: z.number().int(),
  /** Whether the vendor tile shows a start button (hidden for RNG, spec section 2). */
  showStart: z.boolean(),
  maintenance: z.boolean(),
  maintenanceMessage: z.string().nullable(),
});
export type MenuVendor = z.infer<typeof menuVendor>;

/** `GET /lgw/games/game_menus`: the categories with at least one vendor, in menu order. */
export const gameMenusQuery = z.object({ language });
export const gameMenus = z.object({
  menus: z.array(z.object({ gameType: gameCategory, vendors: z.array(menuVendor) })),
});
export type GameMenus = z.infer<typeof gameMenus>;

/** `GET /wps/relay/games_lanes`: vendor lanes (platform html5-desktop), answered as value.data.lanes. */
export const gameLanesQuery = z.object({
  platform: z.enum(['html5-desktop', 'html5']).default('html5-desktop'),
  language,
});
export const vendorLane = z.object({
  /** The category, e.g. LIVE. */
  title: gameCategory,
  /** The category again, as the game store classifies it. */
  gameClassify: gameCategory,
  /** Vendor cards keyed by vassalage. */
  cards: z.record(z.string(), menuVendor),
});
export type VendorLane = z.infer<typeof vendorLane>;
export const gameLanes = z.object({ data: z.object({ lanes: z.array(vendorLane) }) });
export type GameLanes = z.infer<typeof gameLanes>;

/** `GET /wps/relay/games_favorites`: the member's favourites (pageSize up to 999, optional gameType). */
export const favouritesQuery = z.object({
  gameType: gameCategory.optional(),
  pageNo,
  pageSize: z.coerce.number().int().min(1).max(favouritesMaxPageSize).default(999),
});
export type FavouritesQuery = z.input<typeof favouritesQuery>;

/** `POST /wps/relay/games_favorite` (add) and `DELETE /wps/relay/games_favorite?gameId=` (remove). */
export const favouriteBody = z.object({ gameId: z.coerce.number().int().min(1).max(2_147_483_647) });
export type FavouriteBody = z.infer<typeof favouriteBody>;
/** Both answers: whether the game is now a favourite (adding twice or removing twice is not an error). */
export const favouriteResult = z.object({ gameId: z.number().int(), favourite: z.boolean() });
export type FavouriteResult = z.infer<typeof favouriteResult>;

/** `GET /wps/relay/games_recent`: the member's recent launches, newest first (page 1, size 20). */
export const recentQuery = z.object({
  gameType: gameCategory.optional(),
  pageNo: z.coerce.number().int().min(1).max(5).default(1),
  pageSize: z.coerce.number().int().min(1).max(20).default(20),
});
export type RecentQuery = z.input<typeof recentQuery>;
/** How many recent plays are kept per member. */
export const recentPlaysKept = 100;

/** `GET /wps/relay/games_hot`: merchantCode, isPlatform 2, platform, language; at most 20 games. */
export const hotGamesQuery = z.object({
  merchantCode: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  isPlatform: z.coerce.number().int().min(0).max(9).default(2),
  platform: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .optional(),
  gameType: gameCategory.optional(),
  language,
});
export type HotGamesQuery = z.input<typeof hotGamesQuery>;
export const hotGames = z.object({ list: z.array(game) });
export type HotGames = z.infer<typeof hotGames>;

/** `GET /wps/relay/games_winners`: gameCategory ALL (or a category), limitNum up to 20; reads value.list. */
export const winnerBoardQuery = z.object({
  gameCategory: z.union([z.literal('ALL'), gameCategory]).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(20).default(20),
  language,
});
export type WinnerBoardQuery = z.input<typeof winnerBoardQuery>;
export const winnerEntry = z.object({
  /** The winner's username, masked (e.g. "pl***r1"). */
  customerName: z.string(),
  winAmount: moneyText,
  gameName: z.string(),
  iconUrl: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  wonAt: z.string(),
});
export type WinnerEntry = z.infer<typeof winnerEntry>;
export const winnerBoard = z.object({ list: z.array(winnerEntry) });
export type WinnerBoard = z.infer<typeof winnerBoard>;

/**
 * `POST /wps/game/launchGame`: by gameId, or a vendor (vassalage) with an optional gameCode for a vendor
 * tile. Visitors get 401 `unauthorized`, trial accounts 403 `in_need_true_account`, a vendor under
 * maintenance 503 `game_maintenance` with its message, a game that is off or unknown 404 `not_found`.
 */
export const launchGameBody = z
  .object({
    gameId: z.number().int().min(1).max(2_147_483_647).optional(),
    vassalage: vassalage.optional(),
    gameCode: gameCode.optional(),
    platform: z.enum(['WEB', 'H5']).default('WEB'),
    language,
  })
  .refine((body) => body.gameId !== undefined || body.vassalage !== undefined, {
    message: 'gameId or vassalage is required',
    path: ['gameId'],
  });
export type LaunchGameBody = z.input<typeof launchGameBody>;
export const launchedGame = z.object({
  /** The address the game popup opens in its iframe. */
  url: z.string(),
  gameId: z.number().int(),
  gameCode: z.string(),
  vassalage: z.string(),
  gameName: z.string(),
  /** When the game session the launch opened stops accepting bets. */
  sessionExpiresAt: z.string(),
});
export type LaunchedGame = z.infer<typeof launchedGame>;

/**
 * What the seamless wallet does with a vendor's win for a round without a stake (decision 0024):
 * `refuse` (code `round_has_no_bet`) or `alert` (paid, with a security alert).
 */
export const orphanWinPolicy = z.enum(['refuse', 'alert']);
export type OrphanWinPolicy = z.infer<typeof orphanWinPolicy>;
/** A round's wins may be at most this many times its stake (`win_limit_exceeded` beyond); null: no cap. */
export const maxWinMultiplier = z.number().int().min(1).max(1_000_000).nullable();

/** Operator: `PUT /ops/games/vendors/:code`, the merchant's switches of one vendor. */
export const opsVendorSettingsBody = z.object({
  enabled: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
  maintenance: z.boolean().optional(),
  maintenanceMessage: z.string().trim().max(200).nullable().optional(),
  orphanWinPolicy: orphanWinPolicy.optional(),
  maxWinMultiplier: maxWinMultiplier.optional(),
});
export type OpsVendorSettingsBody = z.infer<typeof opsVendorSettingsBody>;

/** Operator: `PUT /ops/games/games/:id`, the merchant's switches of one game. */
export const opsGameSettingsBody = z.object({
  enabled: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
  isHot: z.boolean().optional(),
});
export type OpsGameSettingsBody = z.infer<typeof opsGameSettingsBody>;

/** The answer of `PUT /ops/games/vendors/:code`: the merchant's switches of the vendor now. */
export const opsVendorSettings = z.object({
  vassalage: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  maintenance: z.boolean(),
  maintenanceMessage: z.string().nullable(),
  orphanWinPolicy,
  maxWinMultiplier,
});
export type OpsVendorSettings = z.infer<typeof opsVendorSettings>;

/** The answer of `PUT /ops/games/games/:id`: the merchant's overrides (null = the game's default). */
export const opsGameSettings = z.object({
  gameId: z.number().int(),
  enabled: z.boolean().nullable(),
  sortOrder: z.number().int().nullable(),
  isHot: z.boolean().nullable(),
});
export type OpsGameSettings = z.infer<typeof opsGameSettings>;
export const opsVendorParams = z.object({ code: vassalage });
export const opsGameParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Operator: one vendor of the platform with this merchant's switches (`GET /ops/games/vendors`). */
export const opsVendor = z.object({
  vassalage: z.string(),
  name: z.string(),
  categories: z.array(z.string()),
  /** Whether the merchant offers it (false also when the merchant never switched it on). */
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  maintenance: z.boolean(),
  maintenanceMessage: z.string().nullable(),
  /** Games of the vendor in the catalogue, and how many of them are on at this merchant. */
  gameCount: z.number().int(),
  enabledGameCount: z.number().int(),
});
export type OpsVendor = z.infer<typeof opsVendor>;
export const opsVendorList = z.array(opsVendor);

/** Operator: a page of the games (`GET /ops/games/games`), optionally of one vendor and by name or code. */
export const opsGameListQuery = pageQuery.extend({
  vendor: vassalage.optional(),
  search: z.string().trim().max(64).optional(),
});
export type OpsGameListQuery = z.input<typeof opsGameListQuery>;

/** Operator: one game with the switches in force at this merchant (its override, else its default). */
export const opsGame = z.object({
  id: z.number().int(),
  vassalage: z.string(),
  gameCode: z.string(),
  name: z.string(),
  gameType: z.string(),
  iconUrl: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  isHot: z.boolean(),
});
export type OpsGame = z.infer<typeof opsGame>;
export const opsGamePage = pageOf(opsGame);

/** The answer of `POST /ops/games/vendors/:code/sync`: what reading the vendor's catalogue changed. */
export const opsCatalogueSyncResult = z.object({
  vassalage: z.string(),
  /** Games the vendor lists that were new here. */
  added: z.number().int(),
  /** Games already here whose name or type the vendor's list changed. */
  updated: z.number().int(),
  /** Games here that the vendor no longer lists: switched off (never deleted; favourites keep them). */
  disabled: z.number().int(),
});
export type OpsCatalogueSyncResult = z.infer<typeof opsCatalogueSyncResult>;
