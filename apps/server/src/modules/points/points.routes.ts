import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { opsPointsCalls } from '@portal/contracts/calls';
import { pointsCalls as calls } from '@portal/contracts/calls/points';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as ops from './points-ops.service';
import * as service from './points.service';
import { redeem, type PointsContext } from './redeems.service';

/** Points and the points mall (decision 0033): the player's relay calls and the operator's /ops calls. */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const db = app.deps.database.db;
  const contextOf = (request: FastifyRequest): PointsContext => ({
    db,
    merchant: request.merchant,
    memberId: request.session.memberId,
  });
  // A redeem or convert takes row locks and may move money: a player (by session, not by address, so
  // players behind one NAT do not share it) gets a few a minute.
  const moneyLimit = {
    rateLimit: {
      max: 20,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `points:${request.headers.authorization ?? request.ip}`,
    },
  };

  app.route({
    ...callRoute(calls.pointsBalance),
    preHandler: guard,
    handler: async (request) => ok(await service.balance(contextOf(request))),
  });
  app.route({
    ...callRoute(calls.pointsReward),
    preHandler: guard,
    handler: async (request) => ok(await service.items(db, request.merchant)),
  });
  app.route({
    ...callRoute(calls.pointsConfig),
    handler: async (request) => ok(await service.config(db, request.merchant)),
  });
  app.route({
    ...callRoute(calls.pointsRedeem),
    config: moneyLimit,
    preHandler: guard,
    handler: async (request) => ok(await redeem(contextOf(request), request.body)),
  });
  app.route({
    ...callRoute(calls.pointsConvert),
    config: moneyLimit,
    preHandler: guard,
    handler: async (request) => ok(await service.convert(contextOf(request), request.body)),
  });
  app.route({
    ...callRoute(calls.pointsRecords),
    preHandler: guard,
    handler: async (request) => ok(await service.records(contextOf(request), request.query)),
  });
  app.route({
    ...callRoute(calls.pointsRedeemHistory),
    preHandler: guard,
    handler: async (request) => ok(await service.redeemHistory(contextOf(request), request.query)),
  });

  app.route({
    ...callRoute(opsPointsCalls.opsPointsSettings),
    handler: async (request) => ok(await ops.getSettings(db, request.merchant)),
  });
  app.route({
    ...callRoute(opsPointsCalls.opsPointsSettingsSet),
    handler: async (request) => ok(await ops.setSettings(db, request.merchant, request.body)),
  });
  app.route({
    ...callRoute(opsPointsCalls.opsPointsItems),
    handler: async (request) => ok(await ops.listItems(db, request.merchant)),
  });
  app.route({
    ...callRoute(opsPointsCalls.opsPointsItemCreate),
    handler: async (request) => ok(await ops.createItem(db, request.merchant, request.body)),
  });
  app.route({
    ...callRoute(opsPointsCalls.opsPointsItemUpdate),
    handler: async (request) =>
      ok(await ops.updateItem(db, request.merchant, BigInt(request.params.id), request.body)),
  });
  app.route({
    ...callRoute(opsPointsCalls.opsPointsRedeems),
    handler: async (request) => ok(await ops.listRedeems(db, request.merchant, request.query)),
  });
  app.route({
    ...callRoute(opsPointsCalls.opsPointsRedeemDecide),
    handler: async (request) =>
      ok(
        await ops.decideRedeem(
          db,
          request.merchant,
          BigInt(request.params.id),
          request.body,
          request.operator.operatorId,
        ),
      ),
  });
};
