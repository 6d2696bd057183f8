import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsContentCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import * as authoring from './content-authoring.service';
import * as help from './help-articles.service';
import { serviceOpsRoutes } from './service-ops.routes';

/** 5 MB of image is about 6.7 MB of base64. */
const imageBodyLimit = 7 * 1024 * 1024;

/** Authoring of announcements, promotions, banners, help articles and images (decision 0017). */
export const contentOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  await app.register(serviceOpsRoutes());
  const author = (request: { merchant: { id: number }; operator: { operatorId: number } }) => ({
    merchantId: request.merchant.id,
    operatorId: request.operator.operatorId,
  });

  app.route({
    ...callRoute(calls.opsAnnouncements),
    handler: async (request) =>
      ok(await authoring.listAnnouncements(db(), request.merchant.id, request.query)),
  });
  app.route({
    ...callRoute(calls.opsAnnouncementCreate),
    handler: async (request) => ok(await authoring.createAnnouncement(db(), author(request), request.body)),
  });
  app.route({
    ...callRoute(calls.opsAnnouncementUpdate),
    handler: async (request) =>
      ok(
        await authoring.updateAnnouncement(
          db(),
          request.merchant.id,
          BigInt(request.params.id),
          request.body,
        ),
      ),
  });
  for (const [call, published] of [
    [calls.opsAnnouncementPublish, true],
    [calls.opsAnnouncementUnpublish, false],
  ] as const) {
    app.route({
      ...callRoute(call),
      handler: async (request) =>
        ok(
          await authoring.publishAnnouncement(
            db(),
            request.merchant.id,
            BigInt(request.params.id),
            published,
          ),
        ),
    });
  }

  app.route({
    ...callRoute(calls.opsBanners),
    handler: async (request) => ok(await authoring.listBanners(db(), request.merchant.id, request.query)),
  });
  app.route({
    ...callRoute(calls.opsBannerCreate),
    handler: async (request) => ok(await authoring.createBanner(db(), author(request), request.body)),
  });
  app.route({
    ...callRoute(calls.opsBannerUpdate),
    handler: async (request) =>
      ok(await authoring.updateBanner(db(), request.merchant.id, BigInt(request.params.id), request.body)),
  });
  for (const [call, published] of [
    [calls.opsBannerPublish, true],
    [calls.opsBannerUnpublish, false],
  ] as const) {
    app.route({
      ...callRoute(call),
      handler: async (request) =>
        ok(await authoring.publishBanner(db(), request.merchant.id, BigInt(request.params.id), published)),
    });
  }

  app.route({
    ...callRoute(calls.opsHelpArticles),
    handler: async (request) => ok(await help.listHelpArticles(db(), request.merchant.id, request.query)),
  });
  app.route({
    ...callRoute(calls.opsHelpArticleCreate),
    handler: async (request) => ok(await help.createHelpArticle(db(), request.merchant.id, request.body)),
  });
  app.route({
    ...callRoute(calls.opsHelpArticleUpdate),
    handler: async (request) =>
      ok(await help.updateHelpArticle(db(), request.merchant.id, Number(request.params.id), request.body)),
  });
  for (const [call, published] of [
    [calls.opsHelpArticlePublish, true],
    [calls.opsHelpArticleUnpublish, false],
  ] as const) {
    app.route({
      ...callRoute(call),
      handler: async (request) =>
        ok(await help.publishHelpArticle(db(), request.merchant.id, Number(request.params.id), published)),
    });
  }

  app.route({
    ...callRoute(calls.opsContentImage),
    bodyLimit: imageBodyLimit,
    handler: async (request) => ok(await authoring.uploadImage(app.deps.storage, request.body.image)),
  });
};
