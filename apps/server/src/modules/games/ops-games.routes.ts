import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsGameCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { requireOperator } from '../operators';
import { syncVendorCatalogue } from './catalogue-sync.service';
import * as service from './ops-games.service';

/** The merchant's catalogue switches (admins only); every change reaches every instance's snapshot. */
export const opsGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = requireOperator(['owner']);
  const db = () => app.deps.database.db;

  app.route({
    ...callRoute(calls.opsGameVendorUpdate),
    preHandler: admins,
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
    preHandler: admins,
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
    preHandler: admins,
    handler: async (request) =>
      ok(
        await syncVendorCatalogue(db(), app.deps.catalogue, request.params.code, {
          timeoutMs: app.deps.config.vendors.timeoutMs,
        }),
      ),
  });
};
