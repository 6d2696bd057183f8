import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, operatorInfo, operatorLoginPayload, operatorSession } from '@portal/contracts';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
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
          { merchantId: request.merchant.id, ip: request.visitor.ip },
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
};
