import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankAccount,
  bankAccountAddPayload,
  bankAccountParams,
  downlineQuery,
  envelopeOf,
  hierarchyMember,
  hierarchyTransferResult,
  pageOf,
  paymentPasswordChangePayload,
  paymentPasswordSetPayload,
  paymentPasswordStatus,
  transferDownlinePayload,
  transferUplinePayload,
  uplineInfo,
} from '@portal/contracts';
import { z } from 'zod';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import * as hierarchy from './hierarchy-transfer.service';
import * as service from './member-money.service';

const tags = ['payments'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500);

/** Payment password, bank accounts and transfers along the agent hierarchy. */
export const memberMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const db = () => app.deps.database.db;

  app.get(
    '/wps/member/payment-password',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Whether a payment password is set, and whether wrong tries lock it',
        response: { 200: envelopeOf(paymentPasswordStatus), ...failures },
      },
    },
    async (request) =>
      ok(await service.paymentPasswordStatus(db(), request.merchant, request.session.memberId)),
  );

  app.post(
    '/wps/member/payment-password',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Set the payment password (once; change it with the old one)',
        body: paymentPasswordSetPayload,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.setPaymentPassword(db(), request.session.memberId, request.body.password);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/payment-password/change',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Change the payment password (five wrong old passwords lock it for 15 minutes)',
        body: paymentPasswordChangePayload,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.changePaymentPassword(db(), request.merchant, request.session.memberId, request.body);
      return ok(null);
    },
  );

  app.get(
    '/wps/member/bank-accounts',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'My bank accounts (numbers masked)',
        response: { 200: envelopeOf(z.array(bankAccount)), ...failures },
      },
    },
    async (request) => ok(await service.listBankAccounts(db(), request.session.memberId)),
  );

  app.post(
    '/wps/member/bank-accounts',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a bank account (payment password required; at most five)',
        body: bankAccountAddPayload,
        response: { 200: envelopeOf(bankAccount), ...failures },
      },
    },
    async (request) =>
      ok(await service.addBankAccount(db(), request.merchant, request.session.memberId, request.body)),
  );

  app.delete(
    '/wps/member/bank-accounts/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Remove a bank account',
        params: bankAccountParams,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.removeBankAccount(db(), request.session.memberId, request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/wps/member/transfer/upline',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The agent a transfer to upline goes to (null when none)',
        response: { 200: envelopeOf(uplineInfo), ...failures },
      },
    },
    async (request) => ok(await hierarchy.uplineOf(db(), request.merchant, request.session.memberId)),
  );

  app.post(
    '/wps/member/transfer/upline',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Transfer from my main wallet to my own agent (payment password; once per clientRequestId)',
        body: transferUplinePayload,
        response: { 200: envelopeOf(hierarchyTransferResult), ...failures },
      },
    },
    async (request) =>
      ok(await hierarchy.transferToUpline(db(), request.merchant, request.session.memberId, request.body)),
  );

  app.get(
    '/wps/member/transfer/downlines',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "An agent's direct downline (search by username prefix)",
        querystring: downlineQuery,
        response: { 200: envelopeOf(pageOf(hierarchyMember)), ...failures },
      },
    },
    async (request) =>
      ok(await hierarchy.downlinesOf(db(), request.merchant, request.session.memberId, request.query)),
  );

  app.post(
    '/wps/member/transfer/downline',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Agent: transfer to one of my direct downline (payment password; once per clientRequestId)',
        body: transferDownlinePayload,
        response: { 200: envelopeOf(hierarchyTransferResult), ...failures },
      },
    },
    async (request) =>
      ok(await hierarchy.transferToDownline(db(), request.merchant, request.session.memberId, request.body)),
  );
};
