import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as hierarchy from './hierarchy-transfer.service';
import * as service from './member-money.service';

/** Payment password, bank accounts and transfers along the agent hierarchy. */
export const memberMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const db = () => app.deps.database.db;

  app.route({
    ...callRoute(calls.paymentPasswordStatus),
    preHandler: guard,
    handler: async (request) =>
      ok(await service.paymentPasswordStatus(db(), request.merchant, request.session.memberId)),
  });

  app.route({
    ...callRoute(calls.paymentPasswordSet),
    preHandler: guard,
    handler: async (request) => {
      await service.setPaymentPassword(db(), request.session.memberId, request.body.password);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.paymentPasswordChange),
    preHandler: guard,
    handler: async (request) => {
      await service.changePaymentPassword(db(), request.merchant, request.session.memberId, request.body);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.bankAccounts),
    preHandler: guard,
    handler: async (request) => ok(await service.listBankAccounts(db(), request.session.memberId)),
  });

  app.route({
    ...callRoute(calls.bankAccountAdd),
    preHandler: guard,
    handler: async (request) =>
      ok(await service.addBankAccount(db(), request.merchant, request.session.memberId, request.body)),
  });

  app.route({
    ...callRoute(calls.bankAccountRemove),
    preHandler: guard,
    handler: async (request) => {
      await service.removeBankAccount(db(), request.session.memberId, request.params.id);
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.upline),
    preHandler: guard,
    handler: async (request) =>
      ok(await hierarchy.uplineOf(db(), request.merchant, request.session.memberId)),
  });

  app.route({
    ...callRoute(calls.transferUpline),
    preHandler: guard,
    handler: async (request) =>
      ok(await hierarchy.transferToUpline(db(), request.merchant, request.session.memberId, request.body)),
  });

  app.route({
    ...callRoute(calls.downlines),
    preHandler: guard,
    handler: async (request) =>
      ok(await hierarchy.downlinesOf(db(), request.merchant, request.session.memberId, request.query)),
  });

  app.route({
    ...callRoute(calls.transferDownline),
    preHandler: guard,
    handler: async (request) =>
      ok(await hierarchy.transferToDownline(db(), request.merchant, request.session.memberId, request.body)),
  });
};
