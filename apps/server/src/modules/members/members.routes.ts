import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotByEmailMessage } from '@portal/contracts';
import { memberCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import * as auth from '../auth';
import { contextOf, sessionPolicy } from '../auth';
import * as service from './members.service';
import { socialLoginRoutes } from './social-login.routes';

/** Account calls: register, affiliate check, member info, password change, the security centre. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => sessionPolicy(app.deps.config);
  await app.register(socialLoginRoutes);

  app.route({
    ...callRoute(calls.register),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => ok(await service.register(contextOf(request, policy()), request.body)),
  });

  app.route({
    ...callRoute(calls.registerMobile),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => ok(await service.registerMobile(contextOf(request, policy()), request.body)),
  });

  app.route({
    ...callRoute(calls.affiliate),
    handler: async (request) =>
      ok(await service.affiliate(app.deps.database.db, request.merchant, request.query.affiliateCode)),
  });

  app.route({
    ...callRoute(calls.memberInfo),
    // Not during a forced password change: the session may only change the password or log out.
    preHandler: requireSession(policy, { allowTrial: true }),
    handler: async (request) =>
      ok(await service.info(app.deps.database.db, request.merchant, request.session)),
  });

  app.route({
    ...callRoute(calls.memberIcon),
    preHandler: requireSession(policy, { allowTrial: true }),
    handler: async (request) => ok(await service.icon(app.deps.database.db, request.session)),
  });

  app.route({
    ...callRoute(calls.changePassword),
    preHandler: requireSession(policy, { duringForcedChange: true }),
    handler: async (request) => {
      await auth.changePassword(app.deps.database.db, request.merchant, request.session, request.body);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.forgotByEmail),
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    handler: async (request) => {
      const origin = app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      await auth.requestEmailReset(
        contextOf(request, policy()),
        app.deps.mailer,
        origin,
        request.body,
        (error) => request.log.error({ err: error }, 'password reset e-mail failed'),
      );
      return ok(null, forgotByEmailMessage);
    },
  });

  app.route({
    ...callRoute(calls.resetByEmail),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => {
      await auth.resetByEmail(contextOf(request, policy()), request.body);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.resetByPhone),
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => ok(await auth.resetByPhone(contextOf(request, policy()), request.body)),
  });

  app.route({
    ...callRoute(calls.sessions),
    preHandler: requireSession(policy),
    handler: async (request) => ok(await auth.sessions(app.deps.database.db, request.session)),
  });

  app.route({
    ...callRoute(calls.totpEnrol),
    preHandler: requireSession(policy),
    handler: async (request) =>
      ok(await auth.enrolTotp(app.deps.database.db, request.merchant, request.session)),
  });

  app.route({
    ...callRoute(calls.totpConfirm),
    preHandler: requireSession(policy),
    handler: async (request) => {
      await auth.confirmTotp(app.deps.database.db, request.session, request.body.code);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.totpDisable),
    preHandler: requireSession(policy),
    handler: async (request) => {
      await auth.disableTotp(app.deps.database.db, request.session, request.body.code);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.revokeSession),
    preHandler: requireSession(policy),
    handler: async (request) => {
      await auth.revoke(app.deps.database.db, request.session, request.params.id);
      return ok(null);
    },
  });
};
