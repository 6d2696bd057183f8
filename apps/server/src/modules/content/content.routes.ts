import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcement,
  announcementDetailQuery,
  announcementListQuery,
  announcementPage,
  banner,
  bannerListQuery,
  envelopeOf,
  liveChatAddress,
  liveChatQuery,
  popupSeenPayload,
} from '@portal/contracts';
import { z } from 'zod';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { optionalSession } from '../../http/optional-session';
import { sessionPolicy } from '../auth/auth.service';
import { contentTypeOfKey } from '../payments/proof-image';
import * as service from './content.service';

const tags = ['content'];
const failures = errorResponses(400, 401, 404, 429, 500);

/** Announcements, promotions, notices, popups, banners and content images for players (decision 0017). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    '/wps/relay/announcement_list',
    {
      schema: {
        tags,
        summary: 'Visible announcements (types B, PL, PU, PR, H; platform W), 9 per page',
        querystring: announcementListQuery,
        response: { 200: envelopeOf(announcementPage), ...failures },
      },
    },
    async (request) => ok(await service.listAnnouncements(db(), request.merchant.id, request.query)),
  );

  app.get(
    '/wps/relay/announcement_detail',
    {
      schema: {
        tags,
        summary: 'One visible announcement or promotion',
        querystring: announcementDetailQuery,
        response: { 200: envelopeOf(announcement), ...failures },
      },
    },
    async (request) =>
      ok(await service.announcementDetail(db(), request.merchant.id, BigInt(request.query.id))),
  );

  app.get(
    '/wps/relay/announcement_notices',
    {
      schema: {
        tags,
        summary: 'Player notices (PL) for the home marquee',
        response: { 200: envelopeOf(z.array(announcement)), ...failures },
      },
    },
    async (request) => ok(await service.notices(db(), request.merchant.id)),
  );

  app.get(
    '/wps/relay/announcement_popups',
    {
      schema: {
        tags,
        summary: 'Popups for this caller: visitors A and B, members A and unacknowledged F',
        response: { 200: envelopeOf(z.array(announcement)), ...failures },
      },
    },
    async (request) => {
      const session = await optionalSession(request);
      return ok(await service.popups(db(), request.merchant.id, session?.memberId));
    },
  );

  app.post(
    '/wps/relay/announcement_popupSeen',
    {
      preHandler: requireSession(() => sessionPolicy(app.deps.config), { allowTrial: true }),
      schema: {
        tags,
        summary: 'A member acknowledges a popup (execution F popups then stay away for good)',
        body: popupSeenPayload,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.popupSeen(db(), request.merchant.id, request.session.memberId, BigInt(request.body.id));
      return ok(null);
    },
  );

  app.get(
    '/wps/relay/banner_list',
    {
      schema: {
        tags,
        summary: 'Visible banners of one place (groupName)',
        querystring: bannerListQuery,
        response: { 200: envelopeOf(z.array(banner)), ...failures },
      },
    },
    async (request) => ok(await service.banners(db(), request.merchant.id, request.query.groupName)),
  );

  app.get(
    '/wps/relay/livechat_open',
    {
      schema: {
        tags,
        summary:
          "The live chat of a customer-service entry, with the caller's context encrypted in its address",
        querystring: liveChatQuery,
        response: { 200: envelopeOf(liveChatAddress), ...failures },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/wps/content/images/*',
    { schema: { tags, summary: 'An uploaded content image (PNG or JPEG)' } },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      // Only content images are public; deposit proofs share the storage but never this address.
      const bytes = key.startsWith('content/') ? await app.deps.storage.get(key) : undefined;
      if (!bytes) throw new AppError(404, 'not_found', 'No such image');
      return reply
        .type(contentTypeOfKey(key))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
