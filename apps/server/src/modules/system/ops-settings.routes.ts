import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsSettingsCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import * as service from './ops-settings.service';

/**
 * The console's white-label settings (/ops/settings, the owner's; the role guard comes from
 * ops-access.ts): one read and one write per area, each write answered with the settings after it.
 */
export const opsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): service.SettingsDeps => ({ db: app.deps.database.db, merchants: app.deps.merchants });
  // The services drop the settings snapshot when they write; a player call that came in before the
  // write committed may have loaded the old settings again, so the snapshot is dropped once more when the
  // reply has gone (other instances drop theirs on the commit's notification).
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET') app.deps.merchants.invalidate();
  });

  app.route({
    ...callRoute(calls.opsSettings),
    handler: async (request) => ok(await service.readSettings(deps(), request.merchant.id, request.ip)),
  });
  app.route({
    ...callRoute(calls.opsSettingsModules),
    handler: async (request) => {
      await service.setModules(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsLanguages),
    handler: async (request) => {
      await service.setLanguages(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsBranding),
    handler: async (request) => {
      await service.setBranding(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsRegister),
    handler: async (request) => {
      await service.setRegister(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsCountries),
    handler: async (request) => {
      await service.setCountries(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsLayout),
    handler: async (request) => {
      await service.setLayout(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsSocial),
    handler: async (request) => {
      await service.setSocial(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsStatus),
    handler: async (request) => {
      await service.setStatus(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
  app.route({
    ...callRoute(calls.opsSettingsWithdrawals),
    handler: async (request) => {
      await service.setWithdrawals(deps(), request.merchant.id, request.body);
      return ok(await service.readSettings(deps(), request.merchant.id, request.ip));
    },
  });
};
