import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsRgCalls, rgCalls as calls } from '@portal/contracts/calls/rg';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import { depositedWithin } from '../payments';
import { cancelPending, changeLimit, limitMinor, type RgContext } from './limits.service';
import * as ops from './rg-ops.service';
import * as service from './responsible-gaming.service';

/** Responsible gaming (issue 17): the player's page and reality check, and the operators' read-only view. */
export const responsibleGamingRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const db = app.deps.database.db;
  // The clock of cooling-offs and blocks: the system's, or the one a test drives.
  const now = () => new Date(app.deps.clock?.now() ?? Date.now());
  const contextOf = (request: FastifyRequest): RgContext => ({
    db,
    merchant: request.merchant,
    memberId: request.session.memberId,
  });
  const changeLimit_ = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const countryOf = (ip: string) => app.deps.geoIp.countryOf(ip);
  const overview = (request: FastifyRequest) =>
    service.overview(contextOf(request), now(), depositedWithin, countryOf);

  app.route({
    ...callRoute(calls.rgOverview),
    preHandler: guard,
    handler: async (request) => ok(await overview(request)),
  });
  app.route({
    ...callRoute(calls.rgLimitSet),
    config: changeLimit_,
    preHandler: guard,
    handler: async (request) => {
      const { kind, period, amount } = request.body;
      const value = amount === null ? null : limitMinor(request.merchant, amount);
      await changeLimit(contextOf(request), { kind, period, value }, now());
      return ok(await overview(request));
    },
  });
  app.route({
    ...callRoute(calls.rgSessionLimitSet),
    config: changeLimit_,
    preHandler: guard,
    handler: async (request) => {
      const minutes = request.body.minutes;
      const value = minutes === null ? null : BigInt(minutes);
      await changeLimit(contextOf(request), { kind: 'session', period: 'session', value }, now());
      return ok(await overview(request));
    },
  });
  app.route({
    ...callRoute(calls.rgPendingCancel),
    config: changeLimit_,
    preHandler: guard,
    handler: async (request) => {
      const { kind, period } = request.body;
      const target =
        kind === 'session' ? ({ kind, period: 'session' } as const) : { kind, period: period ?? 'day' };
      await cancelPending(contextOf(request), target, now());
      return ok(await overview(request));
    },
  });
  app.route({
    ...callRoute(calls.rgRealityCheckSet),
    config: changeLimit_,
    preHandler: guard,
    handler: async (request) => {
      await service.setRealityCheck(contextOf(request), request.body.minutes, now());
      return ok(await overview(request));
    },
  });
  app.route({
    ...callRoute(calls.rgBlock),
    config: changeLimit_,
    preHandler: guard,
    handler: async (request) => ok(await service.startBlock(contextOf(request), request.body, now())),
  });
  app.route({
    ...callRoute(calls.rgSession),
    preHandler: guard,
    handler: async (request) => ok(await service.sessionStatus(contextOf(request), now(), countryOf)),
  });
  app.route({
    ...callRoute(calls.rgMoneySummary),
    preHandler: guard,
    handler: async (request) => ok(await service.moneySummary(contextOf(request), now())),
  });
  app.route({
    ...callRoute(calls.rgEvents),
    preHandler: guard,
    handler: async (request) => ok({ items: await service.events(db, request.session.memberId) }),
  });

  // The operators' calls: the ops-routes hook guards each from ops-access.ts and runs the write as one
  // audited unit of work.
  app.route({
    ...callRoute(opsRgCalls.opsRgPlayer),
    handler: async (request) => ok(await ops.playerView(db, request.merchant, request.query.username, now())),
  });
  app.route({
    ...callRoute(opsRgCalls.opsRgReport),
    handler: async (request) => ok(await ops.report(db, request.merchant, request.query, now())),
  });
  app.route({
    ...callRoute(opsRgCalls.opsRgSettings),
    handler: async (request) => ok(await ops.settings(db, request.merchant)),
  });
  app.route({
    ...callRoute(opsRgCalls.opsRgSettingsSet),
    handler: async (request) => ok(await ops.setSettings(db, request.merchant, request.body)),
  });
};
