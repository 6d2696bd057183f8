import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contentListQuery,
  envelopeOf,
  idParams,
  messageListQuery,
  messagePage,
  messagePayload,
  messageReadPayload,
  messageReadResult,
  operatorMessage,
  pageOf,
  unreadCount,
} from '@portal/contracts';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import { contentRoles } from '../content/content-ops.routes';
import { allRoles, requireOperator } from '../operators/operator-guard';
import * as service from './messages.service';

const failures = errorResponses(400, 401, 403, 404, 409, 429, 500);

/** messageV2 for members (relay calls of spec section 7) and the operator calls that send messages. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  // Trial accounts have an inbox too (operators may greet them); nothing here moves money.
  const member = requireSession(() => sessionPolicy(app.deps.config), { allowTrial: true });

  app.get(
    '/wps/relay/message_list',
    {
      preHandler: member,
      schema: {
        tags: ['messages'],
        summary: "The member's messages, newest first, with read flags",
        querystring: messageListQuery,
        response: { 200: envelopeOf(messagePage), ...failures },
      },
    },
    async (request) =>
      ok(await service.inbox(db(), request.merchant.id, request.session.memberId, request.query)),
  );

  app.get(
    '/wps/relay/message_unreadCount',
    {
      preHandler: member,
      schema: {
        tags: ['messages'],
        summary: 'Unread counts for the badges: missions, messages, rewards',
        response: { 200: envelopeOf(unreadCount), ...failures },
      },
    },
    async (request) => ok(await service.unreadCount(db(), request.merchant.id, request.session.memberId)),
  );

  app.post(
    '/wps/relay/message_read',
    {
      preHandler: member,
      schema: {
        tags: ['messages'],
        summary: 'Mark messages read (ids) or the whole inbox (all: true)',
        body: messageReadPayload,
        response: { 200: envelopeOf(messageReadResult), ...failures },
      },
    },
    async (request) =>
      ok(await service.markRead(db(), request.merchant.id, request.session.memberId, request.body)),
  );

  const tags = ['operators'];
  const readers = requireOperator(allRoles);
  const writers = requireOperator(contentRoles);

  app.get(
    '/ops/messages',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Messages of this merchant with recipient and reader counts',
        querystring: contentListQuery,
        response: { 200: envelopeOf(pageOf(operatorMessage)), ...failures },
      },
    },
    async (request) => ok(await service.listMessages(db(), request.merchant.id, request.query)),
  );
  app.post(
    '/ops/messages',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Create a broadcast or targeted message (unpublished)',
        body: messagePayload,
        response: { 200: envelopeOf(operatorMessage), ...failures },
      },
    },
    async (request) =>
      ok(
        await service.createMessage(
          db(),
          { merchantId: request.merchant.id, operatorId: request.operator.operatorId },
          request.body,
        ),
      ),
  );
  app.put(
    '/ops/messages/:id',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit a message: title, text and schedule (recipients stay)',
        params: idParams,
        body: messagePayload,
        response: { 200: envelopeOf(operatorMessage), ...failures },
      },
    },
    async (request) =>
      ok(await service.updateMessage(db(), request.merchant.id, BigInt(request.params.id), request.body)),
  );
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/ops/messages/:id/${action}`,
      {
        preHandler: writers,
        schema: {
          tags,
          summary: `${action} a message`,
          params: idParams,
          response: { 200: envelopeOf(operatorMessage), ...failures },
        },
      },
      async (request) =>
        ok(await service.publishMessage(db(), request.merchant.id, BigInt(request.params.id), published)),
    );
  }
};
