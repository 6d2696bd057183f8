import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  domainRoute,
  envelopeOf,
  errorEnvelope,
  helpCenter as helpCenterSchema,
  helpCenterQuery,
  permission,
  registerSettings,
  systemStatus as systemStatusSchema,
  whitelabel,
} from '@portal/contracts';
import { z } from 'zod';
import { sendCachedJson, sendPlainJson } from '../../http/cached-reply';
import { ok } from '../../http/envelope';
import * as service from './system.service';

const tags = ['system'];
const failure = { 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope, 500: errorEnvelope };

/** The white-label system calls of spec section 7. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary:
          'System status: 0 normal, 1 maintenance, 2 region-restricted; with the visitor IP and country',
        response: { 200: envelopeOf(systemStatusSchema), ...failure },
      },
    },
    // The hottest call of all: its reply is built field by field by systemStatus(), so it is written
    // with JSON.stringify instead of being re-validated by the schema on every request.
    async (request, reply) => sendPlainJson(reply, service.systemStatus(request.merchant, request.visitor)),
  );

  app.get(
    '/wps/system/whitelabel',
    {
      schema: {
        tags,
        summary: 'White-label settings: module flags, languages, themes, currency',
        response: { 200: envelopeOf(whitelabel), ...failure },
      },
    },
    async (request, reply) =>
      sendCachedJson(reply, request.merchant.replyCache, 'whitelabel', whitelabel, () =>
        service.whitelabelOf(request.merchant),
      ),
  );

  app.get(
    '/wps/system/permission',
    {
      schema: {
        tags,
        summary: 'Permission response of spec section 3',
        response: { 200: envelopeOf(permission), ...failure },
      },
    },
    async (request) => ok(service.permissionOf(request.merchant, request.visitor)),
  );

  app.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary:
          'Registration field rules: shown, required, acceptedPattern, minLength, maxLength, patternId',
        response: { 200: envelopeOf(registerSettings), ...failure },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        reply,
        request.merchant.replyCache,
        'register',
        registerSettings,
        () => request.merchant.register,
      ),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags,
        summary: "The merchant's domains",
        response: { 200: envelopeOf(z.array(domainRoute)), ...failure },
      },
    },
    async (request, reply) =>
      sendCachedJson(
        reply,
        request.merchant.replyCache,
        'domainRoute',
        z.array(domainRoute),
        () => request.merchant.domains,
      ),
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags,
        summary: 'Help-centre articles for a language and device',
        querystring: helpCenterQuery,
        response: { 200: envelopeOf(helpCenterSchema), ...failure },
      },
    },
    async (request) =>
      ok(
        await service.helpCenter(
          app.deps.database.db,
          request.merchant,
          request.query.lang,
          request.query.device,
        ),
      ),
  );
};
