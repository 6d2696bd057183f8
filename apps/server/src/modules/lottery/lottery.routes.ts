import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  lotteryBetPlaced,
  lotteryBetRequest,
  lotteryBetsPage,
  lotteryDraw,
  lotteryDrawQuery,
  lotteryGameQuery,
  lotteryMenu,
  lotteryMyBetsQuery,
  lotteryOpenedNumero,
  lotteryResultsPage,
  lotteryResultsQuery,
  lotteryVerification,
} from '@portal/contracts';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import { placeBet } from './lottery-betting.service';
import { LotteryWallet } from './lottery-wallet';
import * as service from './lottery.service';

const tags = ['lottery'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500);

/** The lottery calls (docs/lottery.md): menus and results are public, betting needs a real account. */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const wallet = new LotteryWallet(db, app.log);

  app.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags,
        summary: 'The lotteries with their current draw, prize mode and odds',
        response: { 200: envelopeOf(lotteryMenu), ...failures },
      },
    },
    async (request) => ok(await service.menu(db, request.merchant)),
  );

  app.get(
    '/lgw/vn/games/game_menu/recent',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The lotteries this member bet on, most recent first',
        response: { 200: envelopeOf(lotteryMenu), ...failures },
      },
    },
    async (request) => ok(await service.recentMenu(db, request.merchant, request.session.memberId)),
  );

  app.get(
    '/lotto/lgw/games/opened/numero',
    {
      schema: {
        tags,
        summary: 'The draw open for betting (with its committed seed hash) and the last result',
        querystring: lotteryGameQuery,
        response: { 200: envelopeOf(lotteryOpenedNumero), ...failures },
      },
    },
    async (request) => ok(await service.openedNumero(db, request.merchant, request.query.gameCode)),
  );

  app.get(
    '/lgw/vn/numeros/opened/game',
    {
      schema: {
        tags,
        summary: 'Drawn numeros of a lottery, newest first, with their revealed seeds (pageSize at most 50)',
        querystring: lotteryResultsQuery,
        response: { 200: envelopeOf(lotteryResultsPage), ...failures },
      },
    },
    async (request) => ok(await service.results(db, request.merchant, request.query)),
  );

  app.post(
    '/wps/relay/lottery_bet',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Bet on the open draw through the seamless wallet, exactly once per requestId',
        body: lotteryBetRequest,
        response: { 200: envelopeOf(lotteryBetPlaced), ...failures },
      },
    },
    async (request) =>
      ok(await placeBet(db, wallet, request.merchant, request.session.memberId, request.body)),
  );

  app.get(
    '/wps/relay/lottery_myBets',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The member's lottery bets, newest first (pageSize at most 50)",
        querystring: lotteryMyBetsQuery,
        response: { 200: envelopeOf(lotteryBetsPage), ...failures },
      },
    },
    async (request) =>
      ok(await service.myBets(db, request.merchant, request.session.memberId, request.query)),
  );

  app.get(
    '/wps/relay/lottery_draw',
    {
      schema: {
        tags,
        summary: 'One draw: times, committed hash, and after the draw its seed and result',
        querystring: lotteryDrawQuery,
        response: { 200: envelopeOf(lotteryDraw), ...failures },
      },
    },
    async (request) =>
      ok(await service.drawDetail(db, request.merchant, request.query.gameCode, request.query.numero)),
  );

  app.get(
    '/wps/relay/lottery_verify',
    {
      schema: {
        tags,
        summary: 'Recomputes a drawn draw from its revealed seed (the page repeats it in the browser)',
        querystring: lotteryDrawQuery,
        response: { 200: envelopeOf(lotteryVerification), ...failures },
      },
    },
    async (request) =>
      ok(await service.verify(db, request.merchant, request.query.gameCode, request.query.numero)),
  );
};
