import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  feedbackImageParams,
  feedbackListQuery,
  feedbackPayload,
  feedbackReceipt,
  idParams,
  operatorFeedback,
  pageOf,
} from '@portal/contracts';
import { errorResponses, ok } from '../../http/envelope';
import { optionalSession } from '../../http/optional-session';
import { allRoles, requireOperator } from '../operators/operator-guard';
import * as service from './feedback.service';

const failures = errorResponses(400, 401, 403, 404, 413, 429, 500);

/** Three images of 5 MB are about 20 MB of base64; the JSON around them is small. */
const feedbackBodyLimit = 21 * 1024 * 1024;

/** Feedback from players (visitors or members) and the operator's queue. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.put(
    '/wps/feedback',
    {
      bodyLimit: feedbackBodyLimit,
      // Every submission solves a captcha already; this caps what one address can upload per minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback: content, sender, type, captcha (+ captchaId) and up to 3 images',
        body: feedbackPayload,
        response: { 200: envelopeOf(feedbackReceipt), ...failures },
      },
    },
    async (request) => {
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
  );

  const tags = ['operators'];
  const readers = requireOperator(allRoles);

  app.get(
    '/ops/feedback',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Feedback of this merchant, newest first',
        querystring: feedbackListQuery,
        response: { 200: envelopeOf(pageOf(operatorFeedback)), ...failures },
      },
    },
    async (request) => ok(await service.listFeedback(db(), request.merchant.id, request.query)),
  );
  app.post(
    '/ops/feedback/:id/handle',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Mark feedback handled',
        params: idParams,
        response: { 200: envelopeOf(operatorFeedback), ...failures },
      },
    },
    async (request) =>
      ok(
        await service.handleFeedback(
          db(),
          request.merchant.id,
          BigInt(request.params.id),
          request.operator.operatorId,
        ),
      ),
  );
  app.get(
    '/ops/feedback/:id/images/:index',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: "One of the feedback's images (PNG or JPEG bytes)",
        params: feedbackImageParams,
      },
    },
    async (request, reply) => {
      const image = await service.feedbackImage(
        db(),
        app.deps.storage,
        request.merchant.id,
        BigInt(request.params.id),
        request.params.index,
      );
      return reply.type(image.contentType).header('x-content-type-options', 'nosniff').send(image.bytes);
    },
  );
};
