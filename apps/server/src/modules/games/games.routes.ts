import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import {
  envelopeOf,
  favouriteBody,
  favouriteResult,
  favouritesQuery,
  gameLanes,
  gameLanesQuery,
  gameListQuery,
  gameMenus,
  gameMenusQuery,
  gamePage,
  hotGames,
  hotGamesQuery,
  launchedGame,
  launchGameBody,
  recentQuery,
  winnerBoard,
  winnerBoardQuery,
  type WinnerBoard,
} from '@portal/contracts';
import { requireSession } from '../../http/auth-guard';
import { sendCachedJson } from '../../http/cached-reply';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import type { MerchantCatalogue } from './game-catalogue';
import * as service from './games.service';
import { launchGame } from './launch.service';

const tags = ['games'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500, 503);
/** Bounds of the per-snapshot reply cache: distinct replies kept, and the longest address kept. */
const maxCachedReplies = 5_000;
const maxCachedAddressLength = 300;
/** The winner board changes with every win; a few seconds of staleness spares the database on home loads. */
const winnerBoardTtlMs = 5_000;
const winnerBoardCacheLimit = 1_000;

/**
 * The game catalogue calls (spec section 7): menus, game list, vendor lanes, hot games and the winner
 * board for everyone; favourites, recent plays and the launch for members. Catalogue reads are answered
 * from the merchant's in-memory snapshot (game-catalogue.ts) as JSON cached with the snapshot.
 */
export const gamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const catalogues = app.deps.catalogue;
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const catalogueOf = (request: FastifyRequest) =>
    catalogues.fresh(request.merchant.id) ?? catalogues.of(request.merchant.id);
  const winnerCache = new Map<string, { expiresAt: number; board: WinnerBoard }>();
  /**
   * Public catalogue reads are mostly the same few addresses (home rows, list pages): the reply built for
   * an address is kept with the snapshot under that exact address and sent before validation. Only
   * addresses that passed validation once are stored, so nothing unvalidated is ever answered.
   */
  const byAddress = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const body = catalogues.fresh(request.merchant.id)?.replyCache.get(`url:${request.url}`);
    if (body === undefined) return done();
    void reply.type('application/json; charset=utf-8').send(body);
  };
  const rememberAddress = (request: FastifyRequest, catalogue: MerchantCatalogue, key: string) => {
    const body = catalogue.replyCache.get(key);
    if (body !== undefined && request.url.length <= maxCachedAddressLength) {
      catalogue.replyCache.set(`url:${request.url}`, body);
    }
  };

  app.get(
    '/lgw/games/game_menus',
    {
      onRequest: byAddress,
      schema: {
        tags,
        summary: 'Games menu: the categories with at least one vendor, each with its vendors',
        querystring: gameMenusQuery,
        response: { 200: envelopeOf(gameMenus), ...failures },
      },
    },
    async (request, reply) => {
      const catalogue = await catalogueOf(request);
      const sent = sendCachedJson(reply, catalogue.replyCache, 'menus', gameMenus, () =>
        service.gameMenus(catalogue),
      );
      rememberAddress(request, catalogue, 'menus');
      return sent;
    },
  );

  app.get(
    '/wps/relay/games_list',
    {
      onRequest: byAddress,
      schema: {
        tags,
        summary: 'Game list: category, vendor, filter (NEW, FAV, ALL, HOT, RECENT), name search, pages',
        description: 'pageSize at most 100. FAV and RECENT need a session; RNG leaves vendor BGS out.',
        querystring: gameListQuery,
        response: { 200: envelopeOf(gamePage), ...failures },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const catalogue = await catalogueOf(request);
      if (catalogue.replyCache.size > maxCachedReplies) catalogue.replyCache.clear();
      if (query.filter === 'FAV' || query.filter === 'RECENT') {
        await guard.call(app, request, reply);
        const memberId = request.session.memberId;
        const ids =
          query.filter === 'FAV'
            ? await service.favouriteIds(db, memberId)
            : await service.recentIds(db, memberId);
        return ok(service.listGames(catalogue, query, ids));
      }
      // Public lists depend only on the query and the snapshot: one cached JSON per distinct query.
      const key = `list:${query.gameType ?? ''}:${query.vassalage ?? ''}:${query.filter}:${query.name ?? ''}:${query.pageNo}:${query.pageSize}`;
      const sent = sendCachedJson(reply, catalogue.replyCache, key, gamePage, () =>
        service.listGames(catalogue, query),
      );
      rememberAddress(request, catalogue, key);
      return sent;
    },
  );

  app.get(
    '/wps/relay/games_lanes',
    {
      schema: {
        tags,
        summary: 'Vendor lanes (platform html5-desktop): value.data.lanes, cards keyed by vassalage',
        querystring: gameLanesQuery,
        response: { 200: envelopeOf(gameLanes), ...failures },
      },
    },
    async (request, reply) => {
      const catalogue = await catalogueOf(request);
      return sendCachedJson(reply, catalogue.replyCache, 'lanes', gameLanes, () =>
        service.gameLanes(catalogue),
      );
    },
  );

  app.get(
    '/wps/relay/games_hot',
    {
      schema: {
        tags,
        summary: 'Hot games of the merchant (at most 20)',
        querystring: hotGamesQuery,
        response: { 200: envelopeOf(hotGames), ...failures },
      },
    },
    async (request, reply) => {
      const catalogue = await catalogueOf(request);
      const category = request.query.gameType;
      return sendCachedJson(reply, catalogue.replyCache, `hot:${category ?? ''}`, hotGames, () =>
        service.hotGames(catalogue, category),
      );
    },
  );

  app.get(
    '/wps/relay/games_winners',
    {
      schema: {
        tags,
        summary: 'Winner board: the biggest wins of the last 7 days (value.list, limitNum at most 20)',
        querystring: winnerBoardQuery,
        response: { 200: envelopeOf(winnerBoard), ...failures },
      },
    },
    async (request) => {
      const { gameCategory, limitNum } = request.query;
      const catalogue = await catalogueOf(request);
      const key = `${request.merchant.id}:${gameCategory}:${limitNum}`;
      const cached = winnerCache.get(key);
      if (cached && cached.expiresAt > Date.now()) return ok(cached.board);
      const board = await service.winnerBoard(db, request.merchant, catalogue, gameCategory, limitNum);
      if (winnerCache.size >= winnerBoardCacheLimit) winnerCache.clear();
      winnerCache.set(key, { expiresAt: Date.now() + winnerBoardTtlMs, board });
      return ok(board);
    },
  );

  registerMemberGameRoutes(app, guard, catalogueOf);
};

type Guard = ReturnType<typeof requireSession>;
type CatalogueOf = (request: FastifyRequest) => MerchantCatalogue | Promise<MerchantCatalogue>;

/** Favourites, recent plays and the launch: a member's session is required. */
function registerMemberGameRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  guard: Guard,
  catalogueOf: CatalogueOf,
): void {
  const db = app.deps.database.db;
  const memberOf = (request: FastifyRequest) => request.session.memberId;

  app.get(
    '/wps/relay/games_favorites',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The member's favourite games, newest first (pageSize up to 999)",
        querystring: favouritesQuery,
        response: { 200: envelopeOf(gamePage), ...failures },
      },
    },
    async (request) => {
      const ids = await service.favouriteIds(db, memberOf(request));
      return ok(service.listGames(await catalogueOf(request), { ...request.query, filter: 'ALL' }, ids));
    },
  );

  app.post(
    '/wps/relay/games_favorite',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Adds a favourite (adding twice is not an error)',
        body: favouriteBody,
        response: { 200: envelopeOf(favouriteResult), ...failures },
      },
    },
    async (request) =>
      ok(await service.addFavourite(db, await catalogueOf(request), memberOf(request), request.body.gameId)),
  );

  app.delete(
    '/wps/relay/games_favorite',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Removes a favourite (removing twice is not an error)',
        querystring: favouriteBody,
        response: { 200: envelopeOf(favouriteResult), ...failures },
      },
    },
    async (request) => ok(await service.removeFavourite(db, memberOf(request), request.query.gameId)),
  );

  app.get(
    '/wps/relay/games_recent',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The member's recently launched games, newest first (page size at most 20)",
        querystring: recentQuery,
        response: { 200: envelopeOf(gamePage), ...failures },
      },
    },
    async (request) => {
      const ids = await service.recentIds(db, memberOf(request));
      return ok(service.listGames(await catalogueOf(request), { ...request.query, filter: 'ALL' }, ids));
    },
  );

  app.post(
    '/wps/game/launchGame',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Launches a game: opens a game session and answers the address the game popup opens',
        description:
          'Visitors 401 unauthorized; trial accounts 403 in_need_true_account; vendor under maintenance 503 ' +
          'game_maintenance (message = the vendor maintenance message); game off or unknown 404 not_found.',
        body: launchGameBody,
        response: { 200: envelopeOf(launchedGame), ...failures },
      },
    },
    async (request) =>
      ok(await launchGame(db, request.merchant, await catalogueOf(request), memberOf(request), request.body)),
  );
}
