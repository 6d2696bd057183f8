import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import * as service from './auth.service';
import { createCaptcha } from './captcha';
import { answerChallenge } from './second-factor';

/** Sign-in calls of spec section 7: key, captcha, login, SMS codes, free play, logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => service.sessionPolicy(app.deps.config);

  app.route({
    ...callRoute(calls.publicKey),
    handler: async () => ok(app.deps.encryption.publicKey),
  });

  app.route({
    ...callRoute(calls.captcha),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (_request, reply) => {
      const captcha = await createCaptcha(app.deps.database.db);
      reply.header('x-captcha-id', captcha.id);
      return ok(captcha.pngBase64);
    },
  });

  app.route({
    ...callRoute(calls.login),
    handler: async (request) =>
      ok(
        await service.login(
          service.contextOf(request, policy()),
          service.challengeChannels(app.deps),
          request.body,
        ),
      ),
  });

  app.route({
    ...callRoute(calls.loginSecondFactor),
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) => ok(await answerChallenge(service.contextOf(request, policy()), request.body)),
  });

  for (const [call, purpose] of [
    [calls.smsLoginCode, 'login'],
    [calls.smsRegisterCode, 'register'],
  ] as const) {
    app.route({
      ...callRoute(call),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      handler: async (request) => {
        if (!request.merchant.modules.smsVerification) {
          throw new AppError('operation-not-allowed', 'SMS verification is not offered here');
        }
        return ok(await service.sendSms(app.deps, request.merchant, purpose, request.body));
      },
    });
  }

  app.route({
    ...callRoute(calls.freePlay),
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request) => ok(await service.freePlay(service.contextOf(request, policy()))),
  });

  app.route({
    ...callRoute(calls.logout),
    preHandler: requireSession(policy, { allowTrial: true, duringForcedChange: true }),
    handler: async (request) => {
      await service.logout(app.deps.database.db, request.session);
      return ok(null);
    },
  });
};
