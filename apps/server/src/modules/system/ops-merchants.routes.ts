import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsMerchantCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import * as service from './ops-merchants.service';

/**
 * Merchants and domains (the platform role; the role guard comes from ops-access.ts). Every call is
 * refused unless it came through the platform's home merchant (decision 0036).
 */
export const opsMerchantRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.MerchantDeps => ({ db: app.deps.database.db, merchants: app.deps.merchants });
  app.addHook('preHandler', async (request) => service.assertPlatformHome(request.merchant));
  // A new merchant or domain must resolve at once, after the call's transaction has committed too.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') app.deps.merchants.invalidate();
  });

  app.route({
    ...callRoute(calls.opsMerchants),
    handler: async (request) => ok(await service.listMerchants(app.deps.database.db, request.query)),
  });
  app.route({
    ...callRoute(calls.opsMerchantCreate),
    handler: async (request) => ok(await service.createMerchant(deps(), request.merchant, request.body)),
  });
  app.route({
    ...callRoute(calls.opsMerchantDomainAdd),
    handler: async (request) =>
      ok(await service.addDomain(deps(), request.params.code, request.body.domain, request.body.main)),
  });
  app.route({
    ...callRoute(calls.opsMerchantDomainRemove),
    handler: async (request) =>
      ok(
        await service.removeDomain(deps(), request.params.code, request.params.domain, request.headers.host),
      ),
  });
};
