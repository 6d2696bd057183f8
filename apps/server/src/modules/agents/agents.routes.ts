import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { agentCalls as calls } from '@portal/contracts/calls/agents';
import { requireSession } from '../../http/auth-guard';
import { callRoute } from '../../http/call-route';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { sessionPolicy } from '../auth';
import { listAnnouncements } from '../content';
import * as service from './agents.service';

const periodNote =
  'Merchant calendar days (GMT offset), both inclusive: a preset (today, yesterday, thisWeek, thisMonth, ' +
  'last7, last30, next7, next30) wins over from/to; neither means today; at most 92 days. An account ' +
  'outside the caller\u2019s team answers not_found.';

/** An agent call's route, its schema with the note on periods. */
function agentRoute<const Call extends (typeof calls)[keyof typeof calls]>(call: Call) {
  const route = callRoute(call);
  return { ...route, schema: { ...route.schema, description: periodNote } };
}

/** The agent centre's calls (decision 0028): team, placement, figures, exports, announcements. */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireSession(() => sessionPolicy(app.deps.config));
  const contextOf = (request: FastifyRequest): service.AgentContext => ({
    db: app.deps.database.db,
    merchant: request.merchant,
    session: request.session,
    origin: `${request.protocol}://${request.host}`,
  });
  /**
   * The figures, downlines and team transactions are heavy reads of rollups and history: the read
   * replica's while it is within its lag bound (decision 0050). Creating a downline (a write), the
   * invite and the announcements (light reads an agent expects current) stay on the primary.
   */
  const reportContextOf = (request: FastifyRequest): service.AgentContext => ({
    ...contextOf(request),
    db: app.deps.database.reads(),
  });

  app.route({
    ...agentRoute(calls.agentTeamOverview),
    preHandler: guard,
    handler: async (request) => ok(await service.teamOverview(reportContextOf(request), request.query)),
  });

  app.route({
    ...agentRoute(calls.agentDownlines),
    preHandler: guard,
    handler: async (request) => ok(await service.downlines(reportContextOf(request), request.query)),
  });

  app.route({
    ...agentRoute(calls.agentDownlinesCsv),
    preHandler: guard,
    handler: async (request, reply) => {
      const context = reportContextOf(request);
      return sendCsv(
        reply,
        'downlines.csv',
        [
          'account',
          'nickname',
          'type',
          'status',
          'level',
          'registered',
          'last login',
          'balance',
          'team size',
          'valid bet',
        ],
        async (page, pageSize) =>
          (await service.downlines(context, { ...request.query, page, pageSize })).items,
        (row) => [
          row.account,
          row.nickname,
          row.type,
          row.status,
          row.level,
          row.registeredAt,
          row.lastLoginAt,
          row.balance,
          row.teamSize,
          row.validBet,
        ],
      );
    },
  });

  app.route({
    ...callRoute(calls.agentCreateDownline),
    preHandler: guard,
    handler: async (request) => ok(await service.createDownline(contextOf(request), request.body)),
  });

  app.route({
    ...callRoute(calls.agentInvite),
    preHandler: guard,
    handler: async (request) => ok(await service.invite(contextOf(request))),
  });

  app.route({
    ...agentRoute(calls.agentStatement),
    preHandler: guard,
    handler: async (request) => ok(await service.statement(reportContextOf(request), request.query)),
  });

  app.route({
    ...agentRoute(calls.agentStatementCsv),
    preHandler: guard,
    handler: async (request, reply) => {
      const context = reportContextOf(request);
      return sendCsv(
        reply,
        `statement-by-${request.query.groupBy}.csv`,
        [request.query.groupBy, ...figureHeader],
        async (page, pageSize) =>
          (await service.statement(context, { ...request.query, page, pageSize })).items,
        (row) => [row.key, ...figureCells(row)],
      );
    },
  });

  app.route({
    ...agentRoute(calls.agentRevenue),
    preHandler: guard,
    handler: async (request) => ok(await service.revenue(reportContextOf(request), request.query)),
  });

  app.route({
    ...agentRoute(calls.agentRevenueCsv),
    preHandler: guard,
    handler: async (request, reply) => {
      const report = await service.revenue(reportContextOf(request), request.query);
      return sendCsv(
        reply,
        'revenue.csv',
        ['game type', 'vendor', 'bets', 'valid bet', 'payouts', 'profit and loss'],
        async (page) => (page === 1 ? report.rows : []),
        (row) => [row.gameType, row.vendorCode, row.betCount, row.validBet, row.payouts, row.profitLoss],
      );
    },
  });

  app.route({
    ...agentRoute(calls.agentTransactions),
    preHandler: guard,
    handler: async (request) => ok(await service.transactions(reportContextOf(request), request.query)),
  });

  app.route({
    ...agentRoute(calls.agentTransactionsCsv),
    preHandler: guard,
    handler: async (request, reply) => {
      const context = reportContextOf(request);
      return sendCsv(
        reply,
        'team-transactions.csv',
        ['time', 'account', 'type', 'kind', 'amount', 'vendor'],
        async (page, pageSize) =>
          (await service.transactions(context, { ...request.query, page, pageSize })).items,
        (row) => [row.time, row.account, row.type, row.kind, row.amount, row.vendorCode],
      );
    },
  });

  app.route({
    ...callRoute(calls.agentAnnouncements),
    preHandler: guard,
    handler: async (request) => {
      service.requireAgent(contextOf(request));
      return ok(await listAnnouncements(app.deps.database.db, request.merchant.id, request.query, true));
    },
  });
};

const figureHeader = [
  'registrations',
  'first deposits',
  'deposits (count)',
  'deposits',
  'withdrawals (count)',
  'withdrawals',
  'bets',
  'valid bet',
  'payouts',
  'bonuses',
  'profit and loss',
];

function figureCells(row: service.FiguresRow): (string | number)[] {
  return [
    row.registrations,
    row.firstDeposits,
    row.depositCount,
    row.deposits,
    row.withdrawalCount,
    row.withdrawals,
    row.betCount,
    row.validBet,
    row.payouts,
    row.bonuses,
    row.profitLoss,
  ];
}
