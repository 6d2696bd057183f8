import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsSessionCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import { recentAlerts } from '../security';
import * as service from './operators.service';

/**
 * Operator sessions: log in, who am I, log out, the authenticator, the own password, alerts. Guards come
 * from ops-access.ts through the ops-routes hook. The approvals are in payments/ops-payments.routes.ts.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...callRoute(calls.operatorLogin),
    // Besides the per-account lock in the service: bursts from one address are cut off here.
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request) =>
      ok(
        await service.login(
          app.deps.database.db,
          sessionPolicy(app.deps.config),
          { merchantId: request.merchant.id, ip: request.visitor.ip, log: request.log },
          request.body,
        ),
      ),
  });

  app.route({
    ...callRoute(calls.operatorMe),
    handler: async (request) => ok(service.sessionInfo(request.operator)),
  });

  app.route({
    ...callRoute(calls.opsPasswordChange),
    handler: async (request) => {
      await service.changeOwnPassword(app.deps.database.db, request.operator, request.body);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.operatorLogout),
    handler: async (request) => {
      await service.logout(app.deps.database.db, request.operator);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.opsTotpEnrol),
    handler: async (request) =>
      ok(await service.enrolTotp(app.deps.database.db, request.merchant.name, request.operator)),
  });

  app.route({
    ...callRoute(calls.opsTotpConfirm),
    handler: async (request) => {
      await service.confirmTotp(app.deps.database.db, request.operator, request.body.code);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.opsSecurityAlerts),
    handler: async (request) =>
      ok(await recentAlerts(app.deps.database.db, request.merchant.id, request.query.limit)),
  });
};
