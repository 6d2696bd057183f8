import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsReportCalls as calls } from '@portal/contracts/calls';
import { callRoute } from '../../http/call-route';
import { sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import * as service from './reports.service';

/**
 * The operator's reports (issue 16): a JSON call and a CSV call each, the same query and sort. Guarded
 * by the /ops hook from ops-access.ts (owner, finance, risk). The CSV holds every row of the period in
 * the table's sort, read through the same service call page by page.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reports read rollups, never money being moved: the read replica's while it is within its lag
  // bound (decision 0050).
  const contextOf = (request: FastifyRequest): service.ReportContext => ({
    db: app.deps.database.reads(),
    merchant: request.merchant,
  });
  /** Streams a report's rows as CSV: the file name names the report and its period. */
  const csv = async <Row>(
    reply: FastifyReply,
    name: string,
    header: readonly string[],
    read: (
      page: number,
      pageSize: number,
    ) => Promise<{ period: { from: string; to: string }; rows: { items: Row[] } }>,
    cells: (row: Row) => (string | number | null)[],
  ) => {
    const first = await read(1, 1);
    return sendCsv(
      reply,
      `${name}-${first.period.from}-${first.period.to}.csv`,
      header,
      async (page, pageSize) => (await read(page, pageSize)).rows.items,
      cells,
    );
  };

  app.route({
    ...callRoute(calls.opsReportRevenue),
    handler: async (request) => ok(await service.revenueReport(contextOf(request), request.query)),
  });
  app.route({
    ...callRoute(calls.opsReportRevenueCsv),
    handler: async (request, reply) =>
      csv(
        reply,
        'revenue',
        ['day', 'bet count', 'bets', 'wins', 'GGR', 'bonuses', 'adjustments', 'NGR'],
        (page, pageSize) => service.revenueReport(contextOf(request), { ...request.query, page, pageSize }),
        (row) => [row.day, row.betCount, row.bets, row.wins, row.ggr, row.bonuses, row.adjustments, row.ngr],
      ),
  });

  app.route({
    ...callRoute(calls.opsReportGames),
    handler: async (request) => ok(await service.gamesReport(contextOf(request), request.query)),
  });
  app.route({
    ...callRoute(calls.opsReportGamesCsv),
    handler: async (request, reply) =>
      csv(
        reply,
        request.query.by === 'gameType' ? 'game-types' : 'vendors',
        [request.query.by === 'gameType' ? 'game type' : 'vendor', 'bet count', 'bets', 'wins', 'GGR'],
        (page, pageSize) => service.gamesReport(contextOf(request), { ...request.query, page, pageSize }),
        (row) => [row.key, row.betCount, row.bets, row.wins, row.ggr],
      ),
  });

  app.route({
    ...callRoute(calls.opsReportPayments),
    handler: async (request) => ok(await service.paymentsReport(contextOf(request), request.query)),
  });
  app.route({
    ...callRoute(calls.opsReportPaymentsCsv),
    handler: async (request, reply) =>
      csv(
        reply,
        'payments',
        ['day', 'deposit count', 'deposits', 'withdrawal count', 'withdrawals', 'net'],
        (page, pageSize) => service.paymentsReport(contextOf(request), { ...request.query, page, pageSize }),
        (row) => [row.day, row.depositCount, row.deposits, row.withdrawalCount, row.withdrawals, row.net],
      ),
  });

  app.route({
    ...callRoute(calls.opsReportPlayers),
    handler: async (request) => ok(await service.playersReport(contextOf(request), request.query)),
  });
  app.route({
    ...callRoute(calls.opsReportPlayersCsv),
    handler: async (request, reply) =>
      csv(
        reply,
        'players',
        ['day', 'registered', 'active', 'depositing', 'first deposits', 'repeat depositing'],
        (page, pageSize) => service.playersReport(contextOf(request), { ...request.query, page, pageSize }),
        (row) => [
          row.day,
          row.registered,
          row.active,
          row.depositing,
          row.firstDeposits,
          row.repeatDepositing,
        ],
      ),
  });

  app.route({
    ...callRoute(calls.opsReportAgentPayouts),
    handler: async (request) => ok(await service.agentPayoutsReport(contextOf(request), request.query)),
  });
  app.route({
    ...callRoute(calls.opsReportAgentPayoutsCsv),
    handler: async (request, reply) =>
      csv(
        reply,
        'agent-payouts',
        ['day', 'records', 'daily salary', 'hourly salary', 'real-time salary', 'dividend', 'total'],
        (page, pageSize) =>
          service.agentPayoutsReport(contextOf(request), { ...request.query, page, pageSize }),
        (row) => [
          row.day,
          row.records,
          row.dailySalary,
          row.hourlySalary,
          row.realtimeSalary,
          row.dividend,
          row.total,
        ],
      ),
  });
};
