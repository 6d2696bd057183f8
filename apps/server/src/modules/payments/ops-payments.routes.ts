import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import type { MerchantConfig } from '../system/merchant-config';
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

  decisionRoutes(app, deciders, {
    queue: 'deposits',
    response: depositDecision,
    summaries: {
      approve: 'Approve a manual deposit: the amount is credited once',
      reject: 'Reject a manual deposit with a reason',
    },
    decide: async (merchant, id, decision, operatorId) => {
      const { replayed } = await deposits.decideDeposit(
        db(),
        merchant,
        id,
        decision,
        operatorId,
        'manual_bank',
      );
      return { deposit: await deposits.operatorDeposit(db(), merchant, id), replayed };
    },
  });
  decisionRoutes(app, deciders, {
    queue: 'withdrawals',
    response: withdrawalDecision,
    summaries: {
      approve: 'The payout was made: post the held amount; the receipt window starts',
      reject: 'Reject a pending withdrawal with a reason: the held amount goes back to the player',
    },
    decide: async (merchant, id, decision, operatorId) => {
      const { replayed } = await withdrawals.decideWithdrawal(db(), merchant, id, decision, operatorId);
      return { withdrawal: await withdrawals.operatorWithdrawal(db(), merchant, id), replayed };
    },
  });

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

type Decision = { outcome: 'approve' } | { outcome: 'reject'; reason: string };

/** How one operator queue decides an item and what it answers with (the item after the decision). */
interface DecisionQueue<Reply extends z.ZodType> {
  queue: 'deposits' | 'withdrawals';
  response: Reply;
  summaries: Record<Decision['outcome'], string>;
  decide: (
    merchant: MerchantConfig,
    id: bigint,
    decision: Decision,
    operatorId: number,
  ) => Promise<z.infer<Reply>>;
}

/**
 * Registers `POST /ops/payments/<queue>/:id/approve` (no body) and `.../reject` (a reason): the two
 * decisions of a queue differ only in the decision they pass, so they are written once here.
 */
function decisionRoutes<Reply extends z.ZodType>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  preHandler: preHandlerAsyncHookHandler,
  queue: DecisionQueue<Reply>,
): void {
  const path = `/ops/payments/${queue.queue}/:id`;
  // The callers are checked against their reply schema (decide returns its type); inside, any schema.
  const reply: z.ZodType = queue.response;
  const response = { 200: envelopeOf(reply), ...failures };
  app.post(
    `${path}/approve`,
    { preHandler, schema: { tags, summary: queue.summaries.approve, params: idParams, response } },
    async (request) =>
      ok(
        await queue.decide(
          request.merchant,
          BigInt(request.params.id),
          { outcome: 'approve' },
          request.operator.operatorId,
        ),
      ),
  );
  app.post(
    `${path}/reject`,
    {
      preHandler,
      schema: { tags, summary: queue.summaries.reject, params: idParams, body: rejectPayload, response },
    },
    async (request) =>
      ok(
        await queue.decide(
          request.merchant,
          BigInt(request.params.id),
          { outcome: 'reject', reason: request.body.reason },
          request.operator.operatorId,
        ),
      ),
  );
}
