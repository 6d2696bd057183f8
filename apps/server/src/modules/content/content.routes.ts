import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { optionalSession } from '../../http/optional-session';
import { sessionPolicy } from '../auth';
import { contentTypeOfKey } from '../payments';
import * as service from './content.service';

/** Announcements, promotions, notices, popups, banners and content images for players (decision 0017). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  // Visitors and members alike; a member's token lets a player on a break or self-excluded go without
  // promotions (issue 17).
  app.route({
    ...callRoute(calls.announcementList),
    handler: async (request) => {
      const session = await optionalSession(request);
      return ok(
        await service.listAnnouncements(db(), request.merchant.id, request.query, false, session?.memberId),
      );
    },
  });

  app.route({
    ...callRoute(calls.announcementDetail),
    handler: async (request) => {
      const session = await optionalSession(request);
      return ok(
        await service.announcementDetail(
          db(),
          request.merchant.id,
          BigInt(request.query.id),
          session?.memberId,
        ),
      );
    },
  });

  app.route({
    ...callRoute(calls.announcementNotices),
    handler: async (request) => ok(await service.notices(db(), request.merchant.id)),
  });

  app.route({
    ...callRoute(calls.announcementPopups),
    handler: async (request) => {
      const session = await optionalSession(request);
      return ok(await service.popups(db(), request.merchant.id, session?.memberId));
    },
  });

  app.route({
    ...callRoute(calls.announcementPopupSeen),
    preHandler: requireSession(() => sessionPolicy(app.deps.config), { allowTrial: true }),
    handler: async (request) => {
      await service.popupSeen(db(), request.merchant.id, request.session.memberId, BigInt(request.body.id));
      return ok(null);
    },
  });

  app.route({
    ...callRoute(calls.bannerList),
    handler: async (request) => ok(await service.banners(db(), request.merchant.id, request.query.groupName)),
  });

  app.route({
    ...callRoute(calls.liveChatOpen),
    handler: async (request) => {
      const session = await optionalSession(request);
      return ok(
        await service.liveChat(
          db(),
          request.merchant,
          request.query.id,
          session?.memberId,
          app.deps.config.liveChatSecret,
        ),
      );
    },
  });

  app.route({
    ...callRoute(calls.contentImageFile),
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // Only content images are public; deposit proofs share the storage but never this address.
      const bytes = key.startsWith('content/') ? await app.deps.storage.get(key) : undefined;
      if (!bytes) throw new AppError('not_found', 'No such image');
      return reply
        .type(contentTypeOfKey(key))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  });
};
