import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { opsRewardCalls } from '@portal/contracts/calls';
import { rewardCalls as calls } from '@portal/contracts/calls/rewards';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { sessionPolicy } from '../auth';
import { contentTypeOfKey } from '../payments';
import * as comments from './comments.service';

/** Three images of 5 MB are about 20 MB of base64; the JSON around them is small. */
const commentBodyLimit = 21 * 1024 * 1024;

/**
 * Activity comments (issue 14): players read and write them (trial accounts get in_need_true_account
 * from the session guard), their images are served by key, operators read and hide them.
 */
export const rewardCommentRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const db = app.deps.database.db;
  const idOf = (request: FastifyRequest<{ Params: { id: string } }>) => BigInt(request.params.id);
  const contextOf = (request: FastifyRequest) => ({
    db,
    storage: app.deps.storage,
    merchant: request.merchant,
    memberId: request.session.memberId,
  });

  app.route({
    ...callRoute(calls.activityComments),
    preHandler: guard,
    handler: async (request) =>
      ok(await comments.listComments(contextOf(request), idOf(request), request.query)),
  });

  app.route({
    ...callRoute(calls.activityCommentPost),
    bodyLimit: commentBodyLimit,
    // Each comment may store 15 MB of images: a player writes a few a minute.
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    preHandler: guard,
    handler: async (request) =>
      ok(await comments.postComment(contextOf(request), idOf(request), request.body)),
  });

  app.route({
    ...callRoute(calls.commentImageFile),
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // Only comment images are served here; proofs and feedback share the storage but not this address.
      const bytes = key.startsWith(`${comments.commentFolder}/`)
        ? await app.deps.storage.get(key)
        : undefined;
      if (!bytes) throw new AppError('not_found', 'No such image');
      return reply
        .type(contentTypeOfKey(key))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  });

  app.route({
    ...callRoute(opsRewardCalls.opsActivityComments),
    handler: async (request) => ok(await comments.operatorComments(db, request.merchant.id, request.query)),
  });

  app.route({
    ...callRoute(opsRewardCalls.opsActivityCommentHide),
    // Moderation is support's work as much as the admin's.
    handler: async (request) =>
      ok(await comments.hideComment(db, request.merchant.id, idOf(request), request.operator.operatorId)),
  });
};
