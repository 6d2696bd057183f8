import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { opsRewardCalls } from '@portal/contracts/calls';
import { rewardCalls as calls } from '@portal/contracts/calls/rewards';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as ops from './rewards-ops.service';
import { leaderboardView } from './leaderboards.service';
import * as referrals from './referrals.service';
import * as service from './rewards.service';

/** Rewards (decision 0030): the reward centre, claims and the bonus wallet; the operator's activities. */
export const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const db = app.deps.database.db;
  const contextOf = (request: FastifyRequest): service.RewardContext => ({
    db,
    merchant: request.merchant,
    memberId: request.session.memberId,
    origin: { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) },
  });
  const idOf = (request: FastifyRequest<{ Params: { id: string } }>) => BigInt(request.params.id);
  // Each claim takes row locks and may move money: a player gets a few a minute.
  const claimLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.route({
    ...callRoute(calls.rewardCenter),
    preHandler: guard,
    handler: async (request) => ok(await service.rewardCenter(contextOf(request))),
  });

  app.route({
    ...callRoute(calls.activityJoin),
    config: claimLimit,
    preHandler: guard,
    handler: async (request) => ok(await service.joinActivity(contextOf(request), idOf(request))),
  });

  app.route({
    ...callRoute(calls.activityClaim),
    config: claimLimit,
    preHandler: guard,
    handler: async (request) =>
      ok(await service.claimActivity(contextOf(request), idOf(request), request.body)),
  });

  app.route({
    ...callRoute(calls.missionLeaderboard),
    preHandler: guard,
    handler: async (request) => ok(await leaderboardView(contextOf(request), idOf(request))),
  });

  app.route({
    ...callRoute(calls.bonusWallet),
    preHandler: guard,
    handler: async (request) => ok(await service.memberBonusWallet(contextOf(request))),
  });

  app.route({
    ...callRoute(calls.referral),
    preHandler: guard,
    handler: async (request) =>
      ok(await referrals.referralView(contextOf(request), `${request.protocol}://${request.host}`)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsReferrals),
    handler: async (request) => ok(await referrals.listReferrals(db, request.merchant, request.query)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsActivities),
    handler: async (request) => ok(await ops.listActivities(db, request.merchant)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsActivityCreate),
    handler: async (request) =>
      ok(await ops.createActivity(db, request.merchant, request.body, request.operator.operatorId)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsActivityClose),
    handler: async (request) => ok(await ops.closeActivity(db, request.merchant, idOf(request))),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRewardClaims),
    handler: async (request) => ok(await ops.listClaims(db, request.merchant, request.query)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRewardClaimDecide),
    handler: async (request) =>
      ok(
        await ops.decideClaim(db, request.merchant, idOf(request), request.body, request.operator.operatorId),
      ),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRewardSettings),
    handler: async (request) => ok(await ops.rewardSettings(db, request.merchant)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsRewardSettingsSet),
    handler: async (request) => ok(await ops.setRewardSettings(db, request.merchant, request.body)),
  });
};
