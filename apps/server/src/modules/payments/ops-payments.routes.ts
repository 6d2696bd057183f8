import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  depositDecision,
  depositListQuery,
  envelopeOf,
  idParams,
  operatorDeposit,
  operatorWithdrawal,
  pageOf,
  rejectPayload,
  withdrawalDecision,
  withdrawalListQuery,
} from '@portal/contracts';
import { errorResponses, ok } from '../../http/envelope';
import { allRoles, moneyRoles, requireOperator } from '../operators/operator-guard';
import * as deposits from './deposits.service';
import { contentTypeOfKey } from './proof-image';
import { claimProof, returnMissingPart } from './withdrawal-confirmation.service';
import * as withdrawals from './withdrawals.service';

const tags = ['operators'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500);

/** The operator queues: every role reads them, finance and admin decide (money moves). */
export const opsPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const readers = requireOperator(allRoles);
  const deciders = requireOperator(moneyRoles);

  app.get(
    '/ops/payments/deposits',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Deposits of this merchant, newest first (filter by status)',
        querystring: depositListQuery,
        response: { 200: envelopeOf(pageOf(operatorDeposit)), ...failures },
      },
    },
    async (request) => ok(await deposits.listAllDeposits(db(), request.merchant, request.query)),
  );

  app.post(
    '/ops/payments/deposits/:id/approve',
    {
      preHandler: deciders,
      schema: {
        tags,
        summary: 'Approve a manual deposit: the amount is credited once',
        params: idParams,
        response: { 200: envelopeOf(depositDecision), ...failures },
      },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const { replayed } = await deposits.decideDeposit(
        db(),
        request.merchant,
        id,
        { outcome: 'approve' },
        request.operator.operatorId,
        'manual_bank',
      );
      return ok({ deposit: await deposits.operatorDeposit(db(), request.merchant, id), replayed });
    },
  );

  app.post(
    '/ops/payments/deposits/:id/reject',
    {
      preHandler: deciders,
      schema: {
        tags,
        summary: 'Reject a manual deposit with a reason',
        params: idParams,
        body: rejectPayload,
        response: { 200: envelopeOf(depositDecision), ...failures },
      },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const { replayed } = await deposits.decideDeposit(
        db(),
        request.merchant,
        id,
        { outcome: 'reject', reason: request.body.reason },
        request.operator.operatorId,
        'manual_bank',
      );
      return ok({ deposit: await deposits.operatorDeposit(db(), request.merchant, id), replayed });
    },
  );

  app.get(
    '/ops/payments/deposits/:id/proof',
    {
      preHandler: readers,
      schema: { tags, summary: "The deposit's proof image (PNG or JPEG bytes)", params: idParams },
    },
    async (request, reply) => {
      const deps = { db: db(), storage: app.deps.storage, gateways: app.deps.gateways };
      const proof = await deposits.depositProof(deps, request.merchant, BigInt(request.params.id));
      return reply.type(contentTypeOfKey(proof.key)).send(proof.bytes);
    },
  );

  app.get(
    '/ops/payments/withdrawals',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Withdrawals of this merchant, newest first (filter by status)',
        querystring: withdrawalListQuery,
        response: { 200: envelopeOf(pageOf(operatorWithdrawal)), ...failures },
      },
    },
    async (request) => ok(await withdrawals.listAllWithdrawals(db(), request.merchant, request.query)),
  );

  app.post(
    '/ops/payments/withdrawals/:id/approve',
    {
      preHandler: deciders,
      schema: {
        tags,
        summary: 'The payout was made: post the held amount; the receipt window starts',
        params: idParams,
        response: { 200: envelopeOf(withdrawalDecision), ...failures },
      },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const { replayed } = await withdrawals.decideWithdrawal(
        db(),
        request.merchant,
        id,
        { outcome: 'approve' },
        request.operator.operatorId,
      );
      return ok({ withdrawal: await withdrawals.operatorWithdrawal(db(), request.merchant, id), replayed });
    },
  );

  app.post(
    '/ops/payments/withdrawals/:id/reject',
    {
      preHandler: deciders,
      schema: {
        tags,
        summary: 'Reject a pending withdrawal with a reason: the held amount goes back to the player',
        params: idParams,
        body: rejectPayload,
        response: { 200: envelopeOf(withdrawalDecision), ...failures },
      },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const { replayed } = await withdrawals.decideWithdrawal(
        db(),
        request.merchant,
        id,
        { outcome: 'reject', reason: request.body.reason },
        request.operator.operatorId,
      );
      return ok({ withdrawal: await withdrawals.operatorWithdrawal(db(), request.merchant, id), replayed });
    },
  );

  app.post(
    '/ops/payments/withdrawals/:id/return',
    {
      preHandler: deciders,
      schema: {
        tags,
        summary: 'Return the missing part of a not-received or partially-received withdrawal to the player',
        params: idParams,
        response: { 200: envelopeOf(withdrawalDecision), ...failures },
      },
    },
    async (request) => {
      const id = BigInt(request.params.id);
      const { replayed } = await returnMissingPart(db(), request.merchant, id);
      return ok({ withdrawal: await withdrawals.operatorWithdrawal(db(), request.merchant, id), replayed });
    },
  );

  app.get(
    '/ops/payments/withdrawals/:id/proof',
    {
      preHandler: readers,
      schema: { tags, summary: "The claim's proof image (PNG or JPEG bytes)", params: idParams },
    },
    async (request, reply) => {
      const proof = await claimProof(db(), app.deps.storage, request.merchant, BigInt(request.params.id));
      return reply.type(contentTypeOfKey(proof.key)).send(proof.bytes);
    },
  );
};
