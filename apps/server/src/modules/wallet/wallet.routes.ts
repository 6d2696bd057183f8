import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consolidatedFunds,
  envelopeOf,
  errorEnvelope,
  merchantWallet,
  walletBalance,
} from '@portal/contracts';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import { consolidatedAfterSync } from '../transfer-wallet/balance-sync.service';
import * as service from './wallet.service';

const tags = ['wallet'];
const failures = errorResponses(401, 403, 429, 500);

/** Balance reads of spec section 7; money moves through the payments and transfer-wallet modules. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const policy = () => sessionPolicy(app.deps.config);

  app.get(
    '/wps/v2/wallets/balance',
    {
      preHandler: requireSession(policy, { allowTrial: true }),
      schema: {
        tags,
        summary: "The player's main wallet balance",
        response: { 200: envelopeOf(walletBalance), ...failures },
      },
    },
    async (request) =>
      ok(await service.balance(app.deps.database.db, request.merchant, request.session.memberId)),
  );

  app.get(
    '/wps/v2/wallets/merchant',
    {
      schema: {
        tags,
        summary: "The merchant's currency and its game wallets (merchantWallet, kept for the session)",
        response: { 200: envelopeOf(merchantWallet), 429: errorEnvelope, 500: errorEnvelope },
      },
    },
    async (request) =>
      ok(await service.merchantWallet(request.merchant, () => app.deps.vendors.transferVendors())),
  );

  app.get(
    '/wps/member/info/funds/consolidated',
    {
      preHandler: requireSession(policy),
      schema: {
        tags,
        summary: 'Main wallet plus every vendor wallet',
        response: { 200: envelopeOf(consolidatedFunds), ...failures },
      },
    },
    // Wins and losses at transfer-mode vendors are booked first, so the vendor wallets are current.
    async (request) =>
      ok(
        await consolidatedAfterSync(
          app.deps.database.db,
          app.deps.vendors,
          request.merchant,
          request.session.memberId,
        ),
      ),
  );
};
