import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  opsGameParams,
  opsGameSettings,
  opsGameSettingsBody,
  opsCatalogueSyncResult,
  opsVendorParams,
  opsVendorSettings,
  opsVendorSettingsBody,
} from '@portal/contracts';
import { errorResponses, ok } from '../../http/envelope';
import { requireOperator } from '../operators/operator-guard';
import { syncVendorCatalogue } from './catalogue-sync.service';
import * as service from './ops-games.service';

const tags = ['operators'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 503, 500);

/** The merchant's catalogue switches (admins only); every change reaches every instance's snapshot. */
export const opsGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = requireOperator(['admin']);
  const db = () => app.deps.database.db;

  app.put(
    '/ops/games/vendors/:code',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          "Switch a vendor on or off, order it, put it under maintenance, or set its seamless win policy (wins without a bet, the round's win cap)",
        params: opsVendorParams,
        body: opsVendorSettingsBody,
        response: { 200: envelopeOf(opsVendorSettings), ...failures },
      },
    },
    async (request) =>
      ok(
        await service.updateVendor(
          db(),
          app.deps.catalogue,
          request.merchant.id,
          request.params.code,
          request.body,
        ),
      ),
  );

  app.put(
    '/ops/games/games/:id',
    {
      preHandler: admins,
      schema: {
        tags,
        summary: "Override a game's on/off, order or hot flag for this merchant",
        params: opsGameParams,
        body: opsGameSettingsBody,
        response: { 200: envelopeOf(opsGameSettings), ...failures },
      },
    },
    async (request) =>
      ok(
        await service.updateGame(
          db(),
          app.deps.catalogue,
          request.merchant.id,
          request.params.id,
          request.body,
        ),
      ),
  );

  app.post(
    '/ops/games/vendors/:code/sync',
    {
      preHandler: admins,
      schema: {
        tags,
        summary:
          "Read the vendor's published catalogue and bring its games in line (add, rename, switch off)",
        params: opsVendorParams,
        response: { 200: envelopeOf(opsCatalogueSyncResult), ...failures },
      },
    },
    async (request) =>
      ok(
        await syncVendorCatalogue(db(), app.deps.catalogue, request.params.code, {
          timeoutMs: app.deps.config.vendors.timeoutMs,
        }),
      ),
  );
};
