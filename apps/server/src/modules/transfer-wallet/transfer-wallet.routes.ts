import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, vendorTransfer } from '@portal/contracts';
import { walletCalls as calls } from '@portal/contracts/calls';
import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import { transferVendorWallets } from './balance-sync.service';
import * as service from './transfer-wallet.service';

/** The transfer wallet (member centre transferFund): relay calls of spec section 7. */
export const transferWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const callerOf = (request: FastifyRequest) => ({
    db: app.deps.database.db,
    vendors: app.deps.vendors,
    merchant: request.merchant,
    memberId: request.session.memberId,
  });

  app.route({
    ...callRoute(calls.walletVendors),
    preHandler: guard,
    handler: async (request) => {
      const caller = callerOf(request);
      return ok(await transferVendorWallets(caller.db, caller.vendors, caller.merchant, caller.memberId));
    },
  });

  const transfer = callRoute(calls.walletTransfer);
  app.route({
    ...transfer,
    schema: {
      ...transfer.schema,
      description:
        'Exactly once per requestId. 200 done; 202 pending (the vendor has not answered: the money is held ' +
        'and reconciliation settles it); 409 vendor_transfer_failed (nothing moved), insufficient_funds, ' +
        'idempotency_conflict; 404 vendor_not_found.',
      // Pending is a success too: the same envelope with 202.
      response: { ...transfer.schema.response, 202: envelopeOf(vendorTransfer) },
    },
    preHandler: guard,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const transfer = await service.requestTransfer(callerOf(request), request.body);
      if (transfer.state === 'pending') return reply.code(202).send(ok(transfer, 'processing'));
      return ok(transfer);
    },
  });

  app.route({
    ...callRoute(calls.walletTransferAll),
    preHandler: guard,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    handler: async (request) =>
      ok(await service.transferAllToMain(callerOf(request), request.body.requestId)),
  });

  app.route({
    ...callRoute(calls.walletTransfers),
    preHandler: guard,
    handler: async (request) =>
      ok(await service.listTransfers(callerOf(request), request.query.page, request.query.pageSize)),
  });
};
