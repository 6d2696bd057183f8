import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deposit,
  depositCreatePayload,
  depositListQuery,
  envelopeOf,
  idParams,
  pageOf,
  paymentChannel,
  withdrawal,
  withdrawalConfirmPayload,
  withdrawalCreated,
  withdrawalCreatePayload,
  withdrawalListQuery,
} from '@portal/contracts';
import { z } from 'zod';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import * as deposits from './deposits.service';
import { confirmWithdrawal } from './withdrawal-confirmation.service';
import * as withdrawals from './withdrawals.service';

const tags = ['payments'];
const failures = errorResponses(400, 401, 403, 404, 409, 413, 429, 500, 502);
/** Calls that may carry a proof image: 5 MB of image is about 6.7 MB of base64. */
const proofBodyLimit = 7 * 1024 * 1024;

/** The member's deposits and withdrawals (docs/payments.md). Trial accounts get in_need_true_account. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const deps = () => ({ db: app.deps.database.db, storage: app.deps.storage, gateways: app.deps.gateways });

  app.get(
    '/wps/payments/channels',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Deposit channels of this merchant (manual bank transfer, gateways)',
        response: { 200: envelopeOf(z.array(paymentChannel)), ...failures },
      },
    },
    async (request) => ok(await deposits.listChannels(deps(), request.merchant)),
  );

  app.post(
    '/wps/payments/deposits',
    {
      preHandler: guard,
      bodyLimit: proofBodyLimit,
      schema: {
        tags,
        summary: 'Create a deposit once per clientRequestId (gateway: checkoutUrl is where to pay)',
        body: depositCreatePayload,
        response: { 200: envelopeOf(deposit), ...failures },
      },
    },
    async (request) => {
      const origin = app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      return ok(
        await deposits.createDeposit(deps(), request.merchant, request.session.memberId, request.body, {
          origin,
        }),
      );
    },
  );

  app.get(
    '/wps/payments/deposits',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'My deposits, newest first',
        querystring: depositListQuery,
        response: { 200: envelopeOf(pageOf(deposit)), ...failures },
      },
    },
    async (request) =>
      ok(
        await deposits.listMemberDeposits(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          request.query,
        ),
      ),
  );

  app.get(
    '/wps/payments/deposits/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One of my deposits (its status)',
        params: idParams,
        response: { 200: envelopeOf(deposit), ...failures },
      },
    },
    async (request) =>
      ok(
        await deposits.memberDeposit(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          BigInt(request.params.id),
        ),
      ),
  );

  app.post(
    '/wps/payments/withdrawals',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Ask for a withdrawal once per clientRequestId; the amount is held until paid or rejected',
        body: withdrawalCreatePayload,
        response: { 200: envelopeOf(withdrawalCreated), ...failures },
      },
    },
    async (request) =>
      ok(
        await withdrawals.createWithdrawal(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          request.body,
        ),
      ),
  );

  app.get(
    '/wps/payments/withdrawals',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'My withdrawals, newest first',
        querystring: withdrawalListQuery,
        response: { 200: envelopeOf(pageOf(withdrawal)), ...failures },
      },
    },
    async (request) =>
      ok(
        await withdrawals.listMemberWithdrawals(
          app.deps.database.db,
          request.merchant,
          request.session.memberId,
          request.query,
        ),
      ),
  );

  app.post(
    '/wps/payments/withdrawals/:id/confirm',
    {
      preHandler: guard,
      bodyLimit: proofBodyLimit,
      schema: {
        tags,
        summary: 'After payout: received, not received (proof), partially received (remainder), all received',
        params: idParams,
        body: withdrawalConfirmPayload,
        response: { 200: envelopeOf(withdrawal), ...failures },
      },
    },
    async (request) =>
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
  );
};
