import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lotteryCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import { placeBet } from './lottery-betting.service';
import { modelList } from './lottery-models.service';
import { LotteryWallet } from './lottery-wallet';
import * as service from './lottery.service';

/** The lottery calls (docs/lottery.md): menus and results are public, betting needs a real account. */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const wallet = new LotteryWallet(db, app.log);

  app.route({
    ...callRoute(calls.lotteryMenu),
    handler: async (request) => ok(await service.menu(db, request.merchant)),
  });

  app.route({
    ...callRoute(calls.lotteryModelList),
    handler: async (request) => ok(await modelList(db, request.merchant)),
  });

  app.route({
    ...callRoute(calls.lotteryMenuRecent),
    preHandler: guard,
    handler: async (request) => ok(await service.recentMenu(db, request.merchant, request.session.memberId)),
  });

  app.route({
    ...callRoute(calls.lotteryOpenedNumero),
    handler: async (request) => ok(await service.openedNumero(db, request.merchant, request.query.gameCode)),
  });

  app.route({
    ...callRoute(calls.lotteryResults),
    handler: async (request) => ok(await service.results(db, request.merchant, request.query)),
  });

  app.route({
    ...callRoute(calls.lotteryBet),
    preHandler: guard,
    handler: async (request) =>
      ok(await placeBet(db, wallet, request.merchant, request.session.memberId, request.body)),
  });

  app.route({
    ...callRoute(calls.lotteryMyBets),
    preHandler: guard,
    handler: async (request) =>
      ok(await service.myBets(db, request.merchant, request.session.memberId, request.query)),
  });

  app.route({
    ...callRoute(calls.lotteryDraw),
    handler: async (request) =>
      ok(await service.drawDetail(db, request.merchant, request.query.gameCode, request.query.numero)),
  });

  app.route({
    ...callRoute(calls.lotteryVerify),
    handler: async (request) =>
      ok(await service.verify(db, request.merchant, request.query.gameCode, request.query.numero)),
  });
};
