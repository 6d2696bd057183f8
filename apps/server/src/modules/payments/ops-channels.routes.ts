import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsChannelCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import * as service from './ops-channels.service';

/** Deposit channels and their limits (owner and finance; the role guard comes from ops-access.ts). */
export const opsChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.ChannelDeps => ({ db: app.deps.database.db, gateways: app.deps.gateways });

  app.route({
    ...callRoute(calls.opsPaymentChannels),
    handler: async (request) =>
      ok(await service.listChannels(deps(), request.merchant.id, request.merchant.currency)),
  });
  app.route({
    ...callRoute(calls.opsPaymentChannelCreate),
    handler: async (request) =>
      ok(await service.createChannel(deps(), request.merchant.id, request.merchant.currency, request.body)),
  });
  app.route({
    ...callRoute(calls.opsPaymentChannelUpdate),
    handler: async (request) =>
      ok(
        await service.updateChannel(
          deps(),
          request.merchant.id,
          request.merchant.currency,
          Number(request.params.id),
          request.body,
        ),
      ),
  });
  app.route({
    ...callRoute(calls.opsPaymentChannelOrder),
    handler: async (request) =>
      ok(
        await service.orderChannels(deps(), request.merchant.id, request.merchant.currency, request.body.ids),
      ),
  });
};
