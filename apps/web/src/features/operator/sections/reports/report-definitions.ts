import type {
  AgentPayoutRow,
  CallDefinition,
  QueryOf,
  GameRow,
  OpsRevenueRow,
  PaymentRow,
  PlayerRow,
  ReportPeriod,
  ReportPreset,
} from '@portal/contracts';
import { opsReportCalls } from '@portal/contracts/calls/ops';
import type { SendCall } from '../../../../lib/api';

/**
 * The reports of the console's reports section, each a definition: its calls, table columns and chart
 * series. The pages are one generic view (report-view.tsx) over these.
 */

/** A report's query as the section sends it (the address holds it). */
export interface ReportQuery {
  preset?: ReportPreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  by?: 'vendor' | 'gameType' | undefined;
}

/** What every report answers: the period, a page of rows, the totals and the chart's rows. */
export interface ReportAnswer<Row> {
  period: ReportPeriod;
  rows: { items: Row[]; page: number; pageSize: number; total: number };
  totals: Omit<Row, 'day' | 'key'>;
  chart: Row[];
}

/** How a column's cells show: a day, a name, a count or an amount of money. */
export type CellKind = 'day' | 'key' | 'count' | 'money';

export interface ReportColumn<Row> {
  field: keyof Row & string;
  kind: CellKind;
}

export interface ReportDefinition<Row> {
  /** The path segment under /operator/reports ('' for the first report). */
  path: string;
  /** The strings' key under `reports.` in the ops-reports namespace. */
  id: 'revenue' | 'games' | 'payments' | 'players' | 'agentPayouts';
  defaultSort: string;
  defaultOrder: 'asc' | 'desc';
  columns: readonly ReportColumn<Row>[];
  /** The chart: lines over the days, or bars over the rows' keys; at most two series (the theme's). */
  chart: { kind: 'lines' | 'bars'; series: readonly (keyof Row & string)[] };
  rowKey: (row: Row) => string;
  load: (api: SendCall, query: ReportQuery, signal?: AbortSignal) => Promise<ReportAnswer<Row>>;
  download: (api: SendCall, query: ReportQuery, onHeaders: (headers: Headers) => void) => Promise<Blob>;
}

/** The query as a call takes it: the section offers only its columns' own sort keys (the server checks). */
const queryOf = <Call extends CallDefinition>(_call: Call, query: ReportQuery) => query as QueryOf<Call>;

export const revenueReport: ReportDefinition<OpsRevenueRow> = {
  path: '',
  id: 'revenue',
  defaultSort: 'day',
  defaultOrder: 'asc',
  columns: [
    { field: 'day', kind: 'day' },
    { field: 'betCount', kind: 'count' },
    { field: 'bets', kind: 'money' },
    { field: 'wins', kind: 'money' },
    { field: 'ggr', kind: 'money' },
    { field: 'bonuses', kind: 'money' },
    { field: 'adjustments', kind: 'money' },
    { field: 'ngr', kind: 'money' },
  ],
  chart: { kind: 'lines', series: ['ggr', 'ngr'] },
  rowKey: (row) => row.day,
  load: (api, query, signal) =>
    api(opsReportCalls.opsReportRevenue, { query: queryOf(opsReportCalls.opsReportRevenue, query), signal }),
  download: async (api, query, onHeaders) =>
    api(opsReportCalls.opsReportRevenueCsv, {
      query: queryOf(opsReportCalls.opsReportRevenueCsv, query),
      onHeaders,
    }),
};

export const gamesReport: ReportDefinition<GameRow> = {
  path: 'games',
  id: 'games',
  defaultSort: 'ggr',
  defaultOrder: 'desc',
  columns: [
    { field: 'key', kind: 'key' },
    { field: 'betCount', kind: 'count' },
    { field: 'bets', kind: 'money' },
    { field: 'wins', kind: 'money' },
    { field: 'ggr', kind: 'money' },
  ],
  chart: { kind: 'bars', series: ['ggr'] },
  rowKey: (row) => row.key,
  load: (api, query, signal) =>
    api(opsReportCalls.opsReportGames, { query: queryOf(opsReportCalls.opsReportGames, query), signal }),
  download: async (api, query, onHeaders) =>
    api(opsReportCalls.opsReportGamesCsv, {
      query: queryOf(opsReportCalls.opsReportGamesCsv, query),
      onHeaders,
    }),
};

export const paymentsReport: ReportDefinition<PaymentRow> = {
  path: 'payments',
  id: 'payments',
  defaultSort: 'day',
  defaultOrder: 'asc',
  columns: [
    { field: 'day', kind: 'day' },
    { field: 'depositCount', kind: 'count' },
    { field: 'deposits', kind: 'money' },
    { field: 'withdrawalCount', kind: 'count' },
    { field: 'withdrawals', kind: 'money' },
    { field: 'net', kind: 'money' },
  ],
  chart: { kind: 'lines', series: ['deposits', 'withdrawals'] },
  rowKey: (row) => row.day,
  load: (api, query, signal) =>
    api(opsReportCalls.opsReportPayments, {
      query: queryOf(opsReportCalls.opsReportPayments, query),
      signal,
    }),
  download: async (api, query, onHeaders) =>
    api(opsReportCalls.opsReportPaymentsCsv, {
      query: queryOf(opsReportCalls.opsReportPaymentsCsv, query),
      onHeaders,
    }),
};

export const playersReport: ReportDefinition<PlayerRow> = {
  path: 'players',
  id: 'players',
  defaultSort: 'day',
  defaultOrder: 'asc',
  columns: [
    { field: 'day', kind: 'day' },
    { field: 'registered', kind: 'count' },
    { field: 'active', kind: 'count' },
    { field: 'depositing', kind: 'count' },
    { field: 'firstDeposits', kind: 'count' },
    { field: 'repeatDepositing', kind: 'count' },
  ],
  chart: { kind: 'lines', series: ['active', 'registered'] },
  rowKey: (row) => row.day,
  load: (api, query, signal) =>
    api(opsReportCalls.opsReportPlayers, { query: queryOf(opsReportCalls.opsReportPlayers, query), signal }),
  download: async (api, query, onHeaders) =>
    api(opsReportCalls.opsReportPlayersCsv, {
      query: queryOf(opsReportCalls.opsReportPlayersCsv, query),
      onHeaders,
    }),
};

export const agentPayoutsReport: ReportDefinition<AgentPayoutRow> = {
  path: 'agent-payouts',
  id: 'agentPayouts',
  defaultSort: 'day',
  defaultOrder: 'asc',
  columns: [
    { field: 'day', kind: 'day' },
    { field: 'records', kind: 'count' },
    { field: 'dailySalary', kind: 'money' },
    { field: 'hourlySalary', kind: 'money' },
    { field: 'realtimeSalary', kind: 'money' },
    { field: 'dividend', kind: 'money' },
    { field: 'total', kind: 'money' },
  ],
  chart: { kind: 'lines', series: ['total'] },
  rowKey: (row) => row.day,
  load: (api, query, signal) =>
    api(opsReportCalls.opsReportAgentPayouts, {
      query: queryOf(opsReportCalls.opsReportAgentPayouts, query),
      signal,
    }),
  download: async (api, query, onHeaders) =>
    api(opsReportCalls.opsReportAgentPayoutsCsv, {
      query: queryOf(opsReportCalls.opsReportAgentPayoutsCsv, query),
      onHeaders,
    }),
};

/** The reports in tab order: where each lives and its strings' key. */
export const reportTabs = [revenueReport, gamesReport, paymentsReport, playersReport, agentPayoutsReport].map(
  ({ path, id }) => ({ path, id }),
);
