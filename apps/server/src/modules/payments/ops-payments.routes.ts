import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { CallDefinition, SchemaOf } from '@portal/contracts';
import { opsPaymentCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import type { MerchantConfig } from '../system';
import * as deposits from './deposits.service';
import { contentTypeOfKey } from './proof-image';
import { claimProof, returnMissingPart } from './withdrawal-confirmation.service';
import * as withdrawals from './withdrawals.service';

/** The operator queues: every role reads them, owner and finance decide (guards: ops-access.ts). */
export const opsPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  decisionRoutes(app, {
    approve: calls.opsDepositApprove,
    reject: calls.opsDepositReject,
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
  decisionRoutes(app, {
    approve: calls.opsWithdrawalApprove,
    reject: calls.opsWithdrawalReject,
    decide: async (merchant, id, decision, operatorId) => {
      const { replayed } = await withdrawals.decideWithdrawal(db(), merchant, id, decision, operatorId);
      return { withdrawal: await withdrawals.operatorWithdrawal(db(), merchant, id), replayed };
    },
  });

  app.route({
    ...callRoute(calls.opsDeposits),
    handler: async (request) => ok(await deposits.listAllDeposits(db(), request.merchant, request.query)),
  });

  app.route({
    ...callRoute(calls.opsDepositProof),
    handler: async (request, reply) => {
      const deps = { db: db(), storage: app.deps.storage, gateways: app.deps.gateways };
      const proof = await deposits.depositProof(deps, request.merchant, BigInt(request.params.id));
      return reply.type(contentTypeOfKey(proof.key)).send(proof.bytes);
    },
  });

  app.route({
    ...callRoute(calls.opsWithdrawals),
    handler: async (request) =>
      ok(await withdrawals.listAllWithdrawals(db(), request.merchant, request.query)),
  });

  app.route({
    ...callRoute(calls.opsWithdrawalReturn),
    handler: async (request) => {
      const id = BigInt(request.params.id);
      const { replayed } = await returnMissingPart(db(), request.merchant, id);
      return ok({ withdrawal: await withdrawals.operatorWithdrawal(db(), request.merchant, id), replayed });
    },
  });

  app.route({
    ...callRoute(calls.opsWithdrawalProof),
    handler: async (request, reply) => {
      const proof = await claimProof(db(), app.deps.storage, request.merchant, BigInt(request.params.id));
      return reply.type(contentTypeOfKey(proof.key)).send(proof.bytes);
    },
  });
};

type Decision = { outcome: 'approve' } | { outcome: 'reject'; reason: string };

/** The reply of a decision: the item after it, and whether it had already been taken. */
type DecisionReply = 'depositDecision' | 'withdrawalDecision';

/** An approve call as the factory registers it: the id in the path, no body. */
interface ApproveCall extends CallDefinition {
  readonly method: 'POST';
  readonly params: 'idParams';
  readonly body?: undefined;
}

/** A reject call as the factory registers it: the id in the path, the reason in the body. */
interface RejectCall extends CallDefinition {
  readonly method: 'POST';
  readonly params: 'idParams';
  readonly body: 'rejectPayload';
}

/** How one operator queue decides an item and what it answers with (the item after the decision). */
interface DecisionQueue<Reply extends DecisionReply> {
  approve: ApproveCall & { readonly response: Reply };
  reject: RejectCall & { readonly response: Reply };
  decide: (
    merchant: MerchantConfig,
    id: bigint,
    decision: Decision,
    operatorId: number,
  ) => Promise<z.output<SchemaOf<Reply>>>;
}

/**
 * Registers a queue's approve call (`POST /ops/payments/<queue>/:id/approve`, no body) and its reject
 * call (`.../reject`, a reason) from their definitions: the two decisions differ only in the decision
 * they pass, so they are written once here.
 */
function decisionRoutes<Reply extends DecisionReply>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  queue: DecisionQueue<Reply>,
): void {
  // The callers are checked against their reply (decide returns its type); inside, any reply. The
  // routes still validate and serialize the reply with the schema their definition names.
  const approve: ApproveCall = queue.approve;
  const reject: RejectCall = queue.reject;
  app.route({
    ...callRoute(approve),
    handler: async (request) =>
      ok(
        await queue.decide(
          request.merchant,
          BigInt(request.params.id),
          { outcome: 'approve' },
          request.operator.operatorId,
        ),
      ),
  });
  app.route({
    ...callRoute(reject),
    handler: async (request) =>
      ok(
        await queue.decide(
          request.merchant,
          BigInt(request.params.id),
          { outcome: 'reject', reason: request.body.reason },
          request.operator.operatorId,
        ),
      ),
  });
}
