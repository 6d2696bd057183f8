import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as deposits from './deposits.service';
import { confirmWithdrawal } from './withdrawal-confirmation.service';
import * as withdrawals from './withdrawals.service';

/** Calls that may carry a proof image: 5 MB of image is about 6.7 MB of base64. */
const proofBodyLimit = 7 * 1024 * 1024;

/** The member's deposits and withdrawals (docs/payments.md). Trial accounts get in_need_true_account. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage, gateways: app.deps.gateways });

  app.route({
    ...callRoute(calls.paymentChannels),
    preHandler: guard,
    handler: async (request) => ok(await deposits.listChannels(deps(), request.merchant)),
  });

  app.route({
    ...callRoute(calls.depositCreate),
    preHandler: guard,
    bodyLimit: proofBodyLimit,
    handler: async (request) => {
      const origin = app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      return ok(
        await deposits.createDeposit(deps(), request.merchant, request.session.memberId, request.body, {
          origin,
        }),
      );
    },
  });

  app.route({
    ...callRoute(calls.deposits),
    preHandler: guard,
    handler: async (request) =>
      ok(
        await deposits.listMemberDeposits(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          request.query,
        ),
      ),
  });

  app.route({
    ...callRoute(calls.depositStatus),
    preHandler: guard,
    handler: async (request) =>
      ok(
        await deposits.memberDeposit(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          BigInt(request.params.id),
        ),
      ),
  });

  app.route({
    ...callRoute(calls.withdrawalCreate),
    preHandler: guard,
    handler: async (request) =>
      ok(
        await withdrawals.createWithdrawal(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          request.body,
        ),
      ),
  });

  app.route({
    ...callRoute(calls.withdrawals),
    preHandler: guard,
    handler: async (request) =>
      ok(
        await withdrawals.listMemberWithdrawals(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          request.query,
        ),
      ),
  });

  app.route({
    ...callRoute(calls.withdrawalConfirm),
    preHandler: guard,
    bodyLimit: proofBodyLimit,
    handler: async (request) =>
      ok(
        await confirmWithdrawal(
          app.deps.database.db,
          app.deps.storage,
          request.merchant,
          request.session.memberId,
          BigInt(request.params.id),
          request.body,
        ),
      ),
  });
};
