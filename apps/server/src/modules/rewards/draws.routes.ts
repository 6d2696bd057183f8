import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { opsRewardCalls } from '@portal/contracts/calls';
import { rewardCalls as calls } from '@portal/contracts/calls/rewards';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as raffles from './raffles.service';
import * as envelopes from './red-envelopes.service';
import type { RewardContext } from './rewards.service';

/**
 * Red envelopes and raffles (decision 0031): the player's lists and claims, the public verify calls and
 * the operator's scheduling. Trial accounts get in_need_true_account from the session guard.
 */
export const rewardDrawRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const db = app.deps.database.db;
  const contextOf = (request: FastifyRequest): RewardContext => ({
    db,
    merchant: request.merchant,
    memberId: request.session.memberId,
  });
  const idOf = (request: FastifyRequest<{ Params: { id: string } }>) => BigInt(request.params.id);
  // A claim takes row locks and moves money: a player gets a few a minute.
  const claimLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.route({
    ...callRoute(calls.redEnvelopes),
    preHandler: guard,
    handler: async (request) => ok(await envelopes.playerRedEnvelopes(contextOf(request))),
  });

  app.route({
    ...callRoute(calls.redEnvelopeClaim),
    config: claimLimit,
    preHandler: guard,
    handler: async (request) => ok(await envelopes.claimRedEnvelope(contextOf(request), idOf(request))),
  });

  app.route({
    ...callRoute(calls.redEnvelopeVerify),
    handler: async (request) => ok(await envelopes.verifyRedEnvelope(db, request.merchant, idOf(request))),
  });

  app.route({
    ...callRoute(calls.raffles),
    preHandler: guard,
    handler: async (request) => ok(await raffles.playerRaffles(contextOf(request))),
  });

  app.route({
    ...callRoute(calls.raffleDetail),
    preHandler: guard,
    handler: async (request) => ok(await raffles.raffleDetail(contextOf(request), idOf(request))),
  });

  app.route({
    ...callRoute(calls.raffleVerify),
    handler: async (request) => ok(await raffles.verifyRaffle(db, request.merchant, idOf(request))),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRedEnvelopes),
    handler: async (request) => ok(await envelopes.operatorRedEnvelopes(db, request.merchant)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRedEnvelopeCreate),
    handler: async (request) =>
      ok(await envelopes.createRedEnvelope(db, request.merchant, request.body, request.operator.operatorId)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRaffles),
    handler: async (request) => ok(await raffles.operatorRaffles(db, request.merchant)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRaffleCreate),
    handler: async (request) =>
      ok(await raffles.createRaffle(db, request.merchant, request.body, request.operator.operatorId)),
  });
};
