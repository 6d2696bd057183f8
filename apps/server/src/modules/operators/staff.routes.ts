import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsStaffCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as service from './staff.service';

/**
 * Staff accounts and the merchant's staff security (issue 16). Who may call them is ops-access.ts (the
 * operator API's guard applies it to every /ops route).
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const defaults = () => sessionPolicy(app.deps.config);

  app.route({
    ...callRoute(calls.opsStaff),
    handler: async (request) => ok(await service.listStaff(db(), request.merchant.id, request.query)),
  });

  app.route({
    ...callRoute(calls.opsStaffCreate),
    handler: async (request) => ok(await service.createStaff(db(), request.merchant.id, request.body)),
  });

  app.route({
    ...callRoute(calls.opsStaffUpdate),
    handler: async (request) =>
      ok(await service.updateStaff(db(), request.merchant.id, request.params.id, request.body)),
  });

  app.route({
    ...callRoute(calls.opsStaffPasswordReset),
    handler: async (request) =>
      ok(
        await service.resetStaffPassword(db(), request.merchant.id, request.params.id, request.body.password),
      ),
  });

  app.route({
    ...callRoute(calls.opsStaffTotpReset),
    handler: async (request) =>
      ok(await service.resetStaffTotp(db(), request.merchant.id, request.params.id)),
  });

  app.route({
    ...callRoute(calls.opsStaffSecurity),
    handler: async (request) =>
      ok(await service.staffSecurity(db(), request.merchant.id, defaults(), request.visitor.ip)),
  });

  app.route({
    ...callRoute(calls.opsStaffSecuritySet),
    handler: async (request) =>
      ok(
        await service.setStaffSecurity(
          db(),
          request.merchant.id,
          defaults(),
          request.visitor.ip,
          request.body,
        ),
      ),
  });
};
