import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsAuditCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { auditPage, verifyAuditChain } from './audit.service';

/** The staff audit log for the console and the CLI (guards from ops-access.ts, as every /ops route). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.route({
    ...callRoute(calls.opsAuditLog),
    handler: async (request) => ok(await auditPage(db(), request.merchant.id, request.query)),
  });

  app.route({
    ...callRoute(calls.opsAuditVerify),
    handler: async (request) => ok(await verifyAuditChain(db(), request.merchant.id)),
  });
};
