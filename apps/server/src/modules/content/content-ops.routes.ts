import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementPayload,
  bannerPayload,
  contentImage,
  contentImagePayload,
  contentListQuery,
  envelopeOf,
  helpArticlePayload,
  idParams,
  operatorAnnouncement,
  operatorBanner,
  operatorHelpArticle,
  pageOf,
  type OperatorRole,
} from '@portal/contracts';
import { errorResponses, ok } from '../../http/envelope';
import { allRoles, requireOperator } from '../operators/operator-guard';
import * as authoring from './content-authoring.service';
import * as help from './help-articles.service';
import { serviceOpsRoutes } from './service-ops.routes';

const tags = ['operators'];
const failures = errorResponses(400, 401, 403, 404, 409, 413, 429, 500);

/** Operators who author what players read; finance reads the lists but writes no content. */
export const contentRoles: readonly OperatorRole[] = ['admin', 'support'];

/** 5 MB of image is about 6.7 MB of base64. */
const imageBodyLimit = 7 * 1024 * 1024;

/** Authoring of announcements, promotions, banners, help articles and images (decision 0017). */
export const contentOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const readers = requireOperator(allRoles);
  const writers = requireOperator(contentRoles);
  await app.register(serviceOpsRoutes(contentRoles));
  const author = (request: { merchant: { id: number }; operator: { operatorId: number } }) => ({
    merchantId: request.merchant.id,
    operatorId: request.operator.operatorId,
  });

  app.get(
    '/ops/content/announcements',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Announcements and promotions of this merchant, newest first',
        querystring: contentListQuery,
        response: { 200: envelopeOf(pageOf(operatorAnnouncement)), ...failures },
      },
    },
    async (request) => ok(await authoring.listAnnouncements(db(), request.merchant.id, request.query)),
  );
  app.post(
    '/ops/content/announcements',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Create an announcement (unpublished); HTML is sanitized with the allow-list',
        body: announcementPayload,
        response: { 200: envelopeOf(operatorAnnouncement), ...failures },
      },
    },
    async (request) => ok(await authoring.createAnnouncement(db(), author(request), request.body)),
  );
  app.put(
    '/ops/content/announcements/:id',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit an announcement: fields, images and schedule',
        params: idParams,
        body: announcementPayload,
        response: { 200: envelopeOf(operatorAnnouncement), ...failures },
      },
    },
    async (request) =>
      ok(
        await authoring.updateAnnouncement(
          db(),
          request.merchant.id,
          BigInt(request.params.id),
          request.body,
        ),
      ),
  );
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/ops/content/announcements/:id/${action}`,
      {
        preHandler: writers,
        schema: {
          tags,
          summary: `${action} an announcement`,
          params: idParams,
          response: { 200: envelopeOf(operatorAnnouncement), ...failures },
        },
      },
      async (request) =>
        ok(
          await authoring.publishAnnouncement(
            db(),
            request.merchant.id,
            BigInt(request.params.id),
            published,
          ),
        ),
    );
    app.post(
      `/ops/content/banners/:id/${action}`,
      {
        preHandler: writers,
        schema: {
          tags,
          summary: `${action} a banner`,
          params: idParams,
          response: { 200: envelopeOf(operatorBanner), ...failures },
        },
      },
      async (request) =>
        ok(await authoring.publishBanner(db(), request.merchant.id, BigInt(request.params.id), published)),
    );
    app.post(
      `/ops/content/help/:id/${action}`,
      {
        preHandler: writers,
        schema: {
          tags,
          summary: `${action} a help article`,
          params: idParams,
          response: { 200: envelopeOf(operatorHelpArticle), ...failures },
        },
      },
      async (request) =>
        ok(await help.publishHelpArticle(db(), request.merchant.id, Number(request.params.id), published)),
    );
  }

  app.get(
    '/ops/content/banners',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Banners of this merchant, newest first',
        querystring: contentListQuery,
        response: { 200: envelopeOf(pageOf(operatorBanner)), ...failures },
      },
    },
    async (request) => ok(await authoring.listBanners(db(), request.merchant.id, request.query)),
  );
  app.post(
    '/ops/content/banners',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Create a banner (unpublished)',
        body: bannerPayload,
        response: { 200: envelopeOf(operatorBanner), ...failures },
      },
    },
    async (request) => ok(await authoring.createBanner(db(), author(request), request.body)),
  );
  app.put(
    '/ops/content/banners/:id',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit a banner',
        params: idParams,
        body: bannerPayload,
        response: { 200: envelopeOf(operatorBanner), ...failures },
      },
    },
    async (request) =>
      ok(await authoring.updateBanner(db(), request.merchant.id, BigInt(request.params.id), request.body)),
  );

  app.get(
    '/ops/content/help',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'Help-centre articles of this merchant',
        querystring: contentListQuery,
        response: { 200: envelopeOf(pageOf(operatorHelpArticle)), ...failures },
      },
    },
    async (request) => ok(await help.listHelpArticles(db(), request.merchant.id, request.query)),
  );
  app.post(
    '/ops/content/help',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Create a help article (published) with its term anchor',
        body: helpArticlePayload,
        response: { 200: envelopeOf(operatorHelpArticle), ...failures },
      },
    },
    async (request) => ok(await help.createHelpArticle(db(), request.merchant.id, request.body)),
  );
  app.put(
    '/ops/content/help/:id',
    {
      preHandler: writers,
      schema: {
        tags,
        summary: 'Edit a help article',
        params: idParams,
        body: helpArticlePayload,
        response: { 200: envelopeOf(operatorHelpArticle), ...failures },
      },
    },
    async (request) =>
      ok(await help.updateHelpArticle(db(), request.merchant.id, Number(request.params.id), request.body)),
  );

  app.post(
    '/ops/content/images',
    {
      preHandler: writers,
      bodyLimit: imageBodyLimit,
      schema: {
        tags,
        summary: 'Upload a PNG or JPEG (checked by content, at most 5 MB) for banners and announcements',
        body: contentImagePayload,
        response: { 200: envelopeOf(contentImage), ...failures },
      },
    },
    async (request) => ok(await authoring.uploadImage(app.deps.storage, request.body.image)),
  );
};
