import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletCalls as calls } from '@portal/contracts/calls';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import { consolidatedAfterSync } from '../transfer-wallet';
import * as service from './wallet.service';

/** Balance reads of spec section 7; money moves through the payments and transfer-wallet modules. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => sessionPolicy(app.deps.config);

  app.route({
    ...callRoute(calls.walletBalance),
    preHandler: requireSession(policy, { allowTrial: true }),
    handler: async (request) =>
      ok(await service.balance(app.deps.database.db, request.merchant, request.session.memberId)),
  });

  app.route({
    ...callRoute(calls.merchantWallet),
    handler: async (request) =>
      ok(await service.merchantWallet(request.merchant, () => app.deps.vendors.transferVendors())),
  });

  app.route({
    ...callRoute(calls.consolidatedFunds),
    preHandler: requireSession(policy),
    // Wins and losses at transfer-mode vendors are booked first, so the vendor wallets are current.
    handler: async (request) =>
      ok(
        await consolidatedAfterSync(
          app.deps.database.db,
          app.deps.vendors,
          request.merchant,
          request.session.memberId,
        ),
      ),
  });
};
