import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsPlayerCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { betRecords, walletHistory } from '../history';
import * as adjustments from './adjustments.service';
import * as players from './players.service';

/**
 * The operator's players and agents (/ops/players, /ops/agents/top, /ops/adjustments; issue 16). The
 * roles of each call are ops-access.ts's, applied with the audit transaction by the operator hook.
 */
export const opsPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const memberId = (params: { id: string }) => Number(params.id);

  app.route({
    ...callRoute(calls.opsPlayers),
    handler: async (request) => ok(await players.search(db(), request.merchant, request.query)),
  });
  app.route({
    ...callRoute(calls.opsPlayer),
    handler: async (request) => ok(await players.profile(db(), request.merchant, memberId(request.params))),
  });
  app.route({
    ...callRoute(calls.opsPlayerMoney),
    handler: async (request) => {
      const id = memberId(request.params);
      await players.memberOf(db(), request.merchant, id);
      return ok(await walletHistory({ db: db(), merchant: request.merchant, memberId: id }, request.query));
    },
  });
  app.route({
    ...callRoute(calls.opsPlayerBets),
    handler: async (request) => {
      const id = memberId(request.params);
      await players.memberOf(db(), request.merchant, id);
      return ok(await betRecords({ db: db(), merchant: request.merchant, memberId: id }, request.query));
    },
  });
  app.route({
    ...callRoute(calls.opsPlayerSessions),
    handler: async (request) =>
      ok(await players.sessions(db(), request.merchant, memberId(request.params), request.query)),
  });
  app.route({
    ...callRoute(calls.opsPlayerLock),
    handler: async (request) =>
      ok(await players.lock(db(), request.merchant, memberId(request.params), request.body.reason)),
  });
  app.route({
    ...callRoute(calls.opsPlayerUnlock),
    handler: async (request) => ok(await players.unlock(db(), request.merchant, memberId(request.params))),
  });
  app.route({
    ...callRoute(calls.opsPlayerResetPassword),
    handler: async (request) =>
      ok(await players.resetPassword(db(), request.merchant, memberId(request.params))),
  });
  app.route({
    ...callRoute(calls.opsTopAgentCreate),
    handler: async (request) => ok(await players.createTopAgent(db(), request.merchant, request.body)),
  });
  app.route({
    ...callRoute(calls.opsPlayerMove),
    handler: async (request) =>
      ok(await players.move(db(), request.merchant, memberId(request.params), request.body.uplineAccount)),
  });

  app.route({
    ...callRoute(calls.opsAdjustments),
    handler: async (request) => ok(await adjustments.listAdjustments(db(), request.merchant, request.query)),
  });
  app.route({
    ...callRoute(calls.opsAdjustmentCreate),
    handler: async (request) =>
      ok(
        await adjustments.requestAdjustment(
          db(),
          request.merchant,
          request.operator.operatorId,
          memberId(request.params),
          request.body,
        ),
      ),
  });
  app.route({
    ...callRoute(calls.opsAdjustmentDecide),
    handler: async (request) =>
      ok(
        await adjustments.decideAdjustment(
          db(),
          request.merchant,
          request.operator.operatorId,
          BigInt(request.params.id),
          request.body,
        ),
      ),
  });
  app.route({
    ...callRoute(calls.opsAdjustmentSettings),
    handler: async (request) => ok(await adjustments.settings(db(), request.merchant)),
  });
  app.route({
    ...callRoute(calls.opsAdjustmentSettingsSet),
    handler: async (request) =>
      ok(await adjustments.setSettings(db(), request.merchant, request.body.approvalThreshold)),
  });
};
