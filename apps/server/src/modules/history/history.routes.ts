import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyCalls as calls } from '@portal/contracts/calls';
import type { FastifyRequest } from 'fastify';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import * as service from './history.service';

const rangeNote =
  'Dates are merchant calendar days (GMT offset). preset (today, last7, last30) wins over from/to; ' +
  'neither means the last 7 days; at most 366 days; pageSize at most 100.';

/** A history call's route, its schema with the note on ranges. */
function historyRoute<const Call extends (typeof calls)[keyof typeof calls]>(call: Call) {
  const route = callRoute(call);
  return { ...route, schema: { ...route.schema, description: rangeNote } };
}

/** The member centre's history reads (relay calls of spec section 7). */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  // Histories are heavy reads of the past: the read replica's while it is within its lag bound
  // (decision 0050). The balance is not here; it is read from the primary by the wallet module.
  const readerOf = (request: FastifyRequest) => ({
    db: app.deps.database.reads(),
    merchant: request.merchant,
    memberId: request.session.memberId,
  });

  app.route({
    ...historyRoute(calls.walletHistory),
    preHandler: guard,
    handler: async (request) => ok(await service.walletHistory(readerOf(request), request.query)),
  });

  app.route({
    ...historyRoute(calls.accountRecords),
    preHandler: guard,
    handler: async (request) => ok(await service.accountRecords(readerOf(request), request.query)),
  });

  app.route({
    ...historyRoute(calls.betRecords),
    preHandler: guard,
    handler: async (request) => ok(await service.betRecords(readerOf(request), request.query)),
  });

  app.route({
    ...historyRoute(calls.personalProfit),
    preHandler: guard,
    handler: async (request) => ok(await service.personalProfit(readerOf(request), request.query)),
  });

  app.route({
    ...historyRoute(calls.bonusDetails),
    preHandler: guard,
    handler: async (request) => ok(await service.bonusDetails(readerOf(request), request.query)),
  });
};
