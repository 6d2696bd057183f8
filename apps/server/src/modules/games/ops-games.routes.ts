import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsGameCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { syncVendorCatalogue } from './catalogue-sync.service';
import * as service from './ops-games.service';

/**
 * The merchant's catalogue on /ops: the console's lists and the switches (who may: ops-access.ts, the one
 * table); every change reaches every instance's snapshot.
 */
export const opsGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  // The console's lists (every role reads; the guard comes from ops-access.ts).
  app.route({
    ...callRoute(calls.opsGameVendors),
    handler: async (request) => ok(await service.listVendors(db(), request.merchant.id)),
  });
  app.route({
    ...callRoute(calls.opsGames),
    handler: async (request) => ok(await service.listGames(db(), request.merchant.id, request.query)),
  });

  app.route({
    ...callRoute(calls.opsGameVendorUpdate),
    handler: async (request) =>
      ok(
        await service.updateVendor(
          db(),
          app.deps.catalogue,
          request.merchant.id,
          request.params.code,
          request.body,
        ),
      ),
  });

  app.route({
    ...callRoute(calls.opsGameUpdate),
    handler: async (request) =>
      ok(
        await service.updateGame(
          db(),
          app.deps.catalogue,
          request.merchant.id,
          request.params.id,
          request.body,
        ),
      ),
  });

  app.route({
    ...callRoute(calls.opsGameVendorSync),
    handler: async (request) =>
      ok(
        await syncVendorCatalogue(db(), app.deps.catalogue, request.params.code, {
          timeoutMs: app.deps.config.vendors.timeoutMs,
        }),
      ),
  });
};
