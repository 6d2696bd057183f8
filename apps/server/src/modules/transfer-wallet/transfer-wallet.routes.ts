import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  transferAllRequest,
  transferAllResult,
  transferVendors,
  vendorTransfer,
  vendorTransferPage,
  vendorTransferRequest,
  vendorTransfersQuery,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../http/auth-guard';
import { errorResponses, ok } from '../../http/envelope';
import { sessionPolicy } from '../auth/auth.service';
import { transferVendorWallets } from './balance-sync.service';
import * as service from './transfer-wallet.service';

const tags = ['wallet'];
const failures = errorResponses(400, 401, 403, 404, 409, 429, 500, 503);

/** The transfer wallet (member centre transferFund): relay calls of spec section 7. */
export const transferWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const callerOf = (request: FastifyRequest) => ({
    db: app.deps.database.db,
    vendors: app.deps.vendors,
    merchant: request.merchant,
    memberId: request.session.memberId,
  });

  app.get(
    '/wps/relay/wallet_vendors',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Main wallet and every transfer-mode vendor wallet (synced with the vendor), with pending counts',
        response: { 200: envelopeOf(transferVendors), ...failures },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return ok(await transferVendorWallets(caller.db, caller.vendors, caller.merchant, caller.memberId));
    },
  );

  app.post(
    '/wps/relay/wallet_transfer',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Move money between the main wallet (in: to the vendor) and a vendor wallet (out: back)',
        description:
          'Exactly once per requestId. 200 done; 202 pending (the vendor has not answered: the money is held ' +
          'and reconciliation settles it); 409 vendor_transfer_failed (nothing moved), insufficient_funds, ' +
          'idempotency_conflict; 404 vendor_not_found.',
        body: vendorTransferRequest,
        response: { 200: envelopeOf(vendorTransfer), 202: envelopeOf(vendorTransfer), ...failures },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const transfer = await service.requestTransfer(callerOf(request), request.body);
      if (transfer.state === 'pending') return reply.code(202).send(ok(transfer, 'processing'));
      return ok(transfer);
    },
  );

  app.post(
    '/wps/relay/wallet_transferAll',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Move every vendor wallet back to the main wallet (one transfer per vendor with money)',
        body: transferAllRequest,
        response: { 200: envelopeOf(transferAllResult), ...failures },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => ok(await service.transferAllToMain(callerOf(request), request.body.requestId)),
  );

  app.get(
    '/wps/relay/wallet_transfers',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The member's transfers between wallets, newest first",
        querystring: vendorTransfersQuery,
        response: { 200: envelopeOf(vendorTransferPage), ...failures },
      },
    },
    async (request) =>
      ok(await service.listTransfers(callerOf(request), request.query.page, request.query.pageSize)),
  );
};
