import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberCalls as calls } from '@portal/contracts/calls';
import { z } from 'zod';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { contextOf, sessionPolicy } from '../auth';
import * as service from './social-login.service';

// The provider's redirect back: its parameters, each bounded (the service reads them as a whole).
const callbackQuery = z.object({
  state: z.string().max(256).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(512).optional(),
});

/**
 * Social login over OpenID Connect (decision 0048): start (JSON), the provider's callback (a browser
 * redirect, so a plain route that answers with a redirect) and the ticket exchange (JSON).
 */
export const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => sessionPolicy(app.deps.config);

  app.route({
    ...callRoute(calls.socialLoginStart),
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) =>
      ok(
        await service.start(
          contextOf(request, policy()),
          `${request.protocol}://${request.host}`,
          request.body,
        ),
      ),
  });

  app.get(
    '/wps/session/oidc/callback',
    {
      schema: { hide: true, querystring: callbackQuery },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1));
      const location = await service.callback(contextOf(request, policy()), query);
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(location);
    },
  );

  app.route({
    ...callRoute(calls.socialLoginExchange),
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) => ok(await service.exchange(contextOf(request, policy()), request.body.ticket)),
  });
};
