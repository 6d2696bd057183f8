import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { opsAgentCalls } from '@portal/contracts/calls';
import { agentCalls as calls } from '@portal/contracts/calls/agents';
import type { PayoutRecord } from '@portal/contracts';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import type { AgentContext } from './agents.service';
import * as service from './contracts.service';

/** Contracts, salaries and dividends (decision 0029): the agent calls and the operator's policy. */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const contextOf = (request: FastifyRequest): AgentContext => ({
    db: app.deps.database.db,
    merchant: request.merchant,
    session: request.session,
  });
  const idOf = (request: FastifyRequest<{ Params: { id: string } }>) => Number(request.params.id);
  // Contract changes take a merchant-wide lock per kind: a caller gets a few a minute, past the global limit.
  const changeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.route({
    ...callRoute(calls.agentContractFlags),
    preHandler: guard,
    handler: async (request) => ok(await service.contractFlags(contextOf(request))),
  });

  app.route({
    ...callRoute(calls.agentContracts),
    preHandler: guard,
    handler: async (request) => ok(await service.listContracts(contextOf(request), request.query)),
  });

  app.route({
    ...callRoute(calls.agentContractOfferPreview),
    preHandler: guard,
    handler: async (request) => ok(await service.previewOffer(contextOf(request), request.body)),
  });

  app.route({
    ...callRoute(calls.agentContractOffer),
    config: changeLimit,
    preHandler: guard,
    handler: async (request) => ok(await service.offer(contextOf(request), request.body)),
  });

  app.route({
    ...callRoute(calls.agentContractPreview),
    preHandler: guard,
    handler: async (request) =>
      ok(await service.previewDecision(contextOf(request), idOf(request), request.query.action)),
  });

  app.route({
    ...callRoute(calls.agentContractAccept),
    config: changeLimit,
    preHandler: guard,
    handler: async (request) => ok(await service.accept(contextOf(request), idOf(request), request.body)),
  });

  app.route({
    ...callRoute(calls.agentContractReject),
    config: changeLimit,
    preHandler: guard,
    handler: async (request) => ok(await service.reject(contextOf(request), idOf(request))),
  });

  app.route({
    ...callRoute(calls.agentContractTerminate),
    config: changeLimit,
    preHandler: guard,
    handler: async (request) => ok(await service.terminate(contextOf(request), idOf(request), request.body)),
  });

  app.route({
    ...callRoute(calls.salaryRecords),
    preHandler: guard,
    handler: async (request) => ok(await service.payoutRecords(contextOf(request), request.query)),
  });

  app.route({
    ...callRoute(calls.salaryExport),
    preHandler: guard,
    handler: async (request, reply) => {
      const context = contextOf(request);
      return sendCsv(
        reply,
        `salary-${request.query.kind}.csv`,
        payoutHeader,
        async (page, pageSize) =>
          (await service.payoutRecords(context, { ...request.query, page, pageSize })).items,
        payoutCells,
      );
    },
  });

  app.route({
    ...callRoute(calls.dividendRecords),
    preHandler: guard,
    handler: async (request) => ok(await service.payoutRecords(contextOf(request), request.query)),
  });

  app.route({
    ...callRoute(calls.dividendExport),
    preHandler: guard,
    handler: async (request, reply) => {
      const context = contextOf(request);
      return sendCsv(
        reply,
        'dividends.csv',
        payoutHeader,
        async (page, pageSize) =>
          (await service.payoutRecords(context, { ...request.query, page, pageSize })).items,
        payoutCells,
      );
    },
  });

  app.route({
    ...callRoute(opsAgentCalls.opsContractPolicy),
    handler: async (request) => ok(await service.readPolicy(app.deps.database.db, request.merchant.id)),
  });

  app.route({
    ...callRoute(opsAgentCalls.opsSetContractPolicy),
    handler: async (request) =>
      ok(await service.writePolicy(app.deps.database.db, request.merchant.id, request.body)),
  });
};

const payoutHeader = [
  'period',
  'period start',
  'period end',
  'active members',
  'valid bet',
  'profit and loss',
  'deductions',
  'figure',
  'adjustment',
  'tier',
  'rate %',
  'team amount',
  'downline amount',
  'amount',
  'status',
  'paid at',
];

function payoutCells(row: PayoutRecord): (string | number | null)[] {
  return [
    row.periodKey,
    row.periodStart,
    row.periodEnd,
    row.activeMembers,
    row.validBet,
    row.profitLoss,
    row.deductions,
    row.figure,
    row.adjustment,
    row.tier,
    row.rate,
    row.teamAmount,
    row.downlineAmount,
    row.amount,
    row.status,
    row.paidAt,
  ];
}
