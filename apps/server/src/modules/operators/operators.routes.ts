import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  operatorInfo,
  operatorLoginPayload,
  operatorSession,
  securityAlert,
  securityAlertsQuery,
  totpCode,
  totpEnrolment,
} from '@portal/contracts';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import { recentAlerts } from '../security/security.service';
import { allRoles, requireOperator } from './operator-guard';
import * as service from './operators.service';

const tags = ['operators'];
const failures = errorResponses(400, 401, 403, 429, 500);

/** Operator sessions: log in, who am I, log out. The approvals are in payments/ops-payments.routes.ts. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ops/session',
    {
      schema: {
        tags,
        summary: 'Operator login (merchant from the host or X-Merchant-Code)',
        body: operatorLoginPayload,
        response: { 200: envelopeOf(operatorSession), ...failures },
      },
      // Besides the per-account lock in the service: bursts from one address are cut off here.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      ok(
        await service.login(
          app.deps.database.db,
          sessionPolicy(app.deps.config),
          { merchantId: request.merchant.id, ip: request.visitor.ip, log: request.log },
          request.body,
        ),
      ),
  );

  app.get(
    '/ops/session',
    {
      preHandler: requireOperator(allRoles),
      schema: {
        tags,
        summary: 'The logged-in operator',
        response: { 200: envelopeOf(operatorInfo), ...failures },
      },
    },
    async (request) =>
      ok({
        id: request.operator.operatorId,
        username: request.operator.username,
        role: request.operator.role,
      }),
  );

  app.delete(
    '/ops/session',
    {
      preHandler: requireOperator(allRoles),
      schema: { tags, summary: 'Operator logout', response: { 200: envelopeOf(z.null()), ...failures } },
    },
    async (request) => {
      await service.logout(app.deps.database.db, request.operator);
      return ok(null);
    },
  );

  app.post(
    '/ops/session/totp',
    {
      preHandler: requireOperator(allRoles),
      schema: {
        tags,
        summary: 'Start authenticator enrolment for the logged-in operator: a new secret and its otpauth URL',
        response: { 200: envelopeOf(totpEnrolment), ...failures },
      },
    },
    async (request) =>
      ok(await service.enrolTotp(app.deps.database.db, request.merchant.name, request.operator)),
  );

  app.put(
    '/ops/session/totp',
    {
      preHandler: requireOperator(allRoles),
      schema: {
        tags,
        summary: 'Finish enrolment with a code from the app; every later login needs a code',
        body: totpCode,
        response: { 200: envelopeOf(z.null()), ...failures },
      },
    },
    async (request) => {
      await service.confirmTotp(app.deps.database.db, request.operator, request.body.code);
      return ok(null);
    },
  );

  app.get(
    '/ops/security/alerts',
    {
      preHandler: requireOperator(['admin']),
      schema: {
        tags,
        summary: 'Attacks seen (failed-login pile-ups, ...), newest first',
        querystring: securityAlertsQuery,
        response: { 200: envelopeOf(z.array(securityAlert)), ...failures },
      },
    },
    async (request) => ok(await recentAlerts(app.deps.database.db, request.merchant.id, request.query.limit)),
  );
};
