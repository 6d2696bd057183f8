import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageCalls, opsMessageCalls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as service from './messages.service';

/** messageV2 for members (relay calls of spec section 7) and the operator calls that send messages. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  // Trial accounts have an inbox too (operators may greet them); nothing here moves money.
  const member = requireSession(() => sessionPolicy(app.deps.config), { allowTrial: true });

  app.route({
    ...callRoute(messageCalls.messageList),
    preHandler: member,
    handler: async (request) =>
      ok(await service.inbox(db(), request.merchant.id, request.session.memberId, request.query)),
  });

  app.route({
    ...callRoute(messageCalls.messageUnreadCount),
    preHandler: member,
    handler: async (request) =>
      ok(await service.unreadCount(db(), request.merchant, request.session.memberId)),
  });

  app.route({
    ...callRoute(messageCalls.messageRead),
    preHandler: member,
    handler: async (request) =>
      ok(await service.markRead(db(), request.merchant.id, request.session.memberId, request.body)),
  });

  app.route({
    ...callRoute(opsMessageCalls.opsMessages),
    handler: async (request) => ok(await service.listMessages(db(), request.merchant.id, request.query)),
  });
  app.route({
    ...callRoute(opsMessageCalls.opsMessageCreate),
    handler: async (request) =>
      ok(
        await service.createMessage(
          db(),
          { merchantId: request.merchant.id, operatorId: request.operator.operatorId },
          request.body,
        ),
      ),
  });
  app.route({
    ...callRoute(opsMessageCalls.opsMessageUpdate),
    handler: async (request) =>
      ok(await service.updateMessage(db(), request.merchant.id, BigInt(request.params.id), request.body)),
  });
  for (const [call, published] of [
    [opsMessageCalls.opsMessagePublish, true],
    [opsMessageCalls.opsMessageUnpublish, false],
  ] as const) {
    app.route({
      ...callRoute(call),
      handler: async (request) =>
        ok(await service.publishMessage(db(), request.merchant.id, BigInt(request.params.id), published)),
    });
  }
};
