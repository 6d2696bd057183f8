import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageCalls, opsMessageCalls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { optionalSession } from '../../http/optional-session';
import * as service from './feedback.service';

/** Three images of 5 MB are about 20 MB of base64; the JSON around them is small. */
const feedbackBodyLimit = 21 * 1024 * 1024;

/** Feedback from players (visitors or members) and the operator's queue. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.route({
    ...callRoute(messageCalls.feedback),
    bodyLimit: feedbackBodyLimit,
    // Every submission solves a captcha already; this caps what one address can upload per minute.
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    handler: async (request) => {
      const session = await optionalSession(request);
      const context = {
        db: db(),
        storage: app.deps.storage,
        merchantId: request.merchant.id,
        ip: request.visitor.ip,
        memberId: session?.memberId,
      };
      return ok(await service.submitFeedback(context, request.body));
    },
  });

  app.route({
    ...callRoute(opsMessageCalls.opsFeedback),
    handler: async (request) => ok(await service.listFeedback(db(), request.merchant.id, request.query)),
  });
  app.route({
    ...callRoute(opsMessageCalls.opsFeedbackHandle),
    handler: async (request) =>
      ok(
        await service.handleFeedback(
          db(),
          request.merchant.id,
          BigInt(request.params.id),
          request.operator.operatorId,
        ),
      ),
  });
  // Its guard comes from ops-access.ts (the operator API's one table): owner, content and support.
  app.route({
    ...callRoute(opsMessageCalls.opsFeedbackAnswer),
    handler: async (request) =>
      ok(
        await service.answerFeedback(
          db(),
          { merchantId: request.merchant.id, operatorId: request.operator.operatorId },
          BigInt(request.params.id),
          request.body.answer,
        ),
      ),
  });
  app.route({
    ...callRoute(opsMessageCalls.opsFeedbackImage),
    handler: async (request, reply) => {
      const image = await service.feedbackImage(
        db(),
        app.deps.storage,
        request.merchant.id,
        BigInt(request.params.id),
        request.params.index,
      );
      return reply.type(image.contentType).header('x-content-type-options', 'nosniff').send(image.bytes);
    },
  });
};
