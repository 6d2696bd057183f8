import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { gameLanes, gameMenus, gamePage, hotGames, type WinnerBoard } from '@portal/contracts';
import { gameCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { sendCachedJson } from '../../http/cached-reply';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import type { MerchantCatalogue } from './game-catalogue';
import * as service from './games.service';
import { launchGame } from './launch.service';

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

  app.route({
    ...callRoute(calls.gameMenus),
    onRequest: byAddress,
    handler: async (request, reply) => {
      const catalogue = await catalogueOf(request);
      const sent = sendCachedJson(reply, catalogue.replyCache, 'menus', gameMenus, () =>
        service.gameMenus(catalogue),
      );
      rememberAddress(request, catalogue, 'menus');
      return sent;
    },
  });

  const gameList = callRoute(calls.gameList);
  app.route({
    ...gameList,
    schema: {
      ...gameList.schema,
      description: 'pageSize at most 100. FAV and RECENT need a session; RNG leaves vendor BGS out.',
    },
    onRequest: byAddress,
    handler: async (request, reply) => {
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
  });

  app.route({
    ...callRoute(calls.gameLanes),
    handler: async (request, reply) => {
      const catalogue = await catalogueOf(request);
      return sendCachedJson(reply, catalogue.replyCache, 'lanes', gameLanes, () =>
        service.gameLanes(catalogue),
      );
    },
  });

  app.route({
    ...callRoute(calls.gameHot),
    handler: async (request, reply) => {
      const catalogue = await catalogueOf(request);
      const category = request.query.gameType;
      return sendCachedJson(reply, catalogue.replyCache, `hot:${category ?? ''}`, hotGames, () =>
        service.hotGames(catalogue, category),
      );
    },
  });

  app.route({
    ...callRoute(calls.gameWinners),
    handler: async (request) => {
      const { gameCategory, limitNum } = request.query;
      const catalogue = await catalogueOf(request);
      const key = `${request.merchant.id}:${gameCategory}:${limitNum}`;
      const cached = winnerCache.get(key);
      if (cached && cached.expiresAt > Date.now()) return ok(cached.board);
      // A heavy read a few seconds stale anyway (the cache): the replica's (decision 0050).
      const reads = app.deps.database.reads();
      const board = await service.winnerBoard(reads, request.merchant, catalogue, gameCategory, limitNum);
      if (winnerCache.size >= winnerBoardCacheLimit) winnerCache.clear();
      winnerCache.set(key, { expiresAt: Date.now() + winnerBoardTtlMs, board });
      return ok(board);
    },
  });

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

  app.route({
    ...callRoute(calls.gameFavourites),
    preHandler: guard,
    handler: async (request) => {
      const ids = await service.favouriteIds(db, memberOf(request));
      return ok(service.listGames(await catalogueOf(request), { ...request.query, filter: 'ALL' }, ids));
    },
  });

  app.route({
    ...callRoute(calls.gameFavouriteAdd),
    preHandler: guard,
    handler: async (request) =>
      ok(await service.addFavourite(db, await catalogueOf(request), memberOf(request), request.body.gameId)),
  });

  app.route({
    ...callRoute(calls.gameFavouriteRemove),
    preHandler: guard,
    handler: async (request) =>
      ok(await service.removeFavourite(db, memberOf(request), request.query.gameId)),
  });

  app.route({
    ...callRoute(calls.gameRecent),
    preHandler: guard,
    handler: async (request) => {
      const ids = await service.recentIds(db, memberOf(request));
      return ok(service.listGames(await catalogueOf(request), { ...request.query, filter: 'ALL' }, ids));
    },
  });

  const launch = callRoute(calls.launchGame);
  app.route({
    ...launch,
    schema: {
      ...launch.schema,
      description:
        'Visitors 401 unauthorized; trial accounts 403 in_need_true_account; vendor under maintenance 503 ' +
        'game_maintenance (message = the vendor maintenance message); game off or unknown 404 not_found.',
    },
    preHandler: guard,
    handler: async (request) =>
      ok(await launchGame(db, request.merchant, await catalogueOf(request), memberOf(request), request.body)),
  });
}
