import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainRoutes, registerSettings, whitelabel } from '@portal/contracts';
import { systemCalls as calls } from '@portal/contracts/calls';
import { sendCachedJson, sendPlainJson } from '../../http/cached-reply';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import * as service from './system.service';

/** The white-label system calls of spec section 7. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...callRoute(calls.systemStatus),
    // The hottest call of all: its reply is built field by field by systemStatus(), so it is written
    // with JSON.stringify instead of being re-validated by the schema on every request.
    handler: async (request, reply) =>
      sendPlainJson(reply, service.systemStatus(request.merchant, request.visitor)),
  });

  app.route({
    ...callRoute(calls.whitelabel),
    handler: async (request, reply) =>
      sendCachedJson(reply, request.merchant.replyCache, 'whitelabel', whitelabel, () =>
        service.whitelabelOf(request.merchant),
      ),
  });

  app.route({
    ...callRoute(calls.permission),
    handler: async (request) => ok(service.permissionOf(request.merchant, request.visitor)),
  });

  app.route({
    ...callRoute(calls.registerSettings),
    handler: async (request, reply) =>
      sendCachedJson(
        reply,
        request.merchant.replyCache,
        'register',
        registerSettings,
        () => request.merchant.register,
      ),
  });

  app.route({
    ...callRoute(calls.domainRoute),
    handler: async (request, reply) =>
      sendCachedJson(
        reply,
        request.merchant.replyCache,
        'domainRoute',
        domainRoutes,
        () => request.merchant.domains,
      ),
  });

  app.route({
    ...callRoute(calls.helpCenter),
    handler: async (request) =>
      ok(
        await service.helpCenter(
          app.deps.database.db,
          request.merchant,
          request.query.lang,
          request.query.device,
        ),
      ),
  });
};
