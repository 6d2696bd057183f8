import { z } from 'zod';
import { maxPage, pageOf } from './paging';
import { reportPresets } from './rules/reports';
import { moneyText } from './wallet';

/**
 * The operator's reports (issue 16, docs/operator-reports.md): revenue (GGR, NGR), games, payments,
 * players and agent payouts, by merchant calendar day (its GMT offset), read from rollups only. A period
 * is a preset or a custom from/to (yyyy-MM-dd, both inclusive) of at most `maxReportDays` days.
 */

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as yyyy-MM-dd');

/** A report's period: a preset wins over from/to; with neither, today. */
export const reportPeriodQuery = z.object({
  preset: z.enum(reportPresets).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export type ReportPeriodQuery = z.input<typeof reportPeriodQuery>;

const sortOrder = z.enum(['asc', 'desc']).default('asc');
/** Report tables page up to 100 rows (a period has at most 92 days). */
const reportPage = {
  page: z.coerce.number().int().min(1).max(maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(31),
};

/** The period a report covers, as resolved by the server, and how far the rollups had caught up. */
export const reportPeriod = z.object({
  from: calendarDay,
  to: calendarDay,
  /** The merchant's zone the days are counted in, e.g. `UTC+7`. */
  timeZone: z.string(),
  days: z.number().int(),
  /** Every movement recorded before this instant is in the figures (null: the rollup has not run yet). */
  caughtUpAt: z.string().nullable(),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

function reportOf<Row extends z.ZodObject, Totals extends z.ZodObject>(row: Row, totals: Totals) {
  return z.object({
    period: reportPeriod,
    /** The table: sorted and paged by the server. */
    rows: pageOf(row),
    /** The period's totals. */
    totals,
    /** Every row of the period in its natural order (days ascending; vendors by GGR): the chart's data. */
    chart: z.array(row),
  });
}

// Revenue by day: GGR and NGR.

export const opsRevenueFigures = z.object({
  betCount: z.number().int(),
  /** Stakes less the stakes refunded by rollbacks. */
  bets: moneyText,
  /** Wins paid, plus what transfer-wallet players won back net (vendor settlements). */
  wins: moneyText,
  /** Gross gaming revenue: bets less wins. */
  ggr: moneyText,
  /** Bonuses given to players, less bonus money forfeited back to the merchant. */
  bonuses: moneyText,
  /** Balance adjustments credited to players (net of debits). */
  adjustments: moneyText,
  /** Net gaming revenue: GGR less bonuses less adjustments. */
  ngr: moneyText,
});
export const opsRevenueRow = opsRevenueFigures.extend({ day: calendarDay });
export type OpsRevenueRow = z.infer<typeof opsRevenueRow>;
export const opsRevenueSortKeys = [
  'day',
  'betCount',
  'bets',
  'wins',
  'ggr',
  'bonuses',
  'adjustments',
  'ngr',
] as const;
export const opsRevenueReportQuery = reportPeriodQuery.extend({
  ...reportPage,
  sort: z.enum(opsRevenueSortKeys).default('day'),
  order: sortOrder,
});
export type OpsRevenueReportQuery = z.input<typeof opsRevenueReportQuery>;
export const opsRevenueReport = reportOf(opsRevenueRow, opsRevenueFigures);
export type OpsRevenueReport = z.infer<typeof opsRevenueReport>;

// GGR by vendor or by game type.

export const gamesGroupings = ['vendor', 'gameType'] as const;
export const gameFigures = z.object({
  betCount: z.number().int(),
  bets: moneyText,
  wins: moneyText,
  ggr: moneyText,
});
export const gameRow = gameFigures.extend({
  /** The vendor code or the game type ('' for what has none, such as a transfer-wallet settlement's type). */
  key: z.string(),
});
export type GameRow = z.infer<typeof gameRow>;
export const gameSortKeys = ['key', 'betCount', 'bets', 'wins', 'ggr'] as const;
export const gamesReportQuery = reportPeriodQuery.extend({
  ...reportPage,
  by: z.enum(gamesGroupings).default('vendor'),
  sort: z.enum(gameSortKeys).default('ggr'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type GamesReportQuery = z.input<typeof gamesReportQuery>;
export const gamesReport = reportOf(gameRow, gameFigures);
export type GamesReport = z.infer<typeof gamesReport>;

// Deposits and withdrawals by day.

export const paymentFigures = z.object({
  depositCount: z.number().int(),
  deposits: moneyText,
  withdrawalCount: z.number().int(),
  withdrawals: moneyText,
  /** Deposits less withdrawals. */
  net: moneyText,
});
export const paymentRow = paymentFigures.extend({ day: calendarDay });
export type PaymentRow = z.infer<typeof paymentRow>;
export const paymentSortKeys = [
  'day',
  'depositCount',
  'deposits',
  'withdrawalCount',
  'withdrawals',
  'net',
] as const;
export const paymentsReportQuery = reportPeriodQuery.extend({
  ...reportPage,
  sort: z.enum(paymentSortKeys).default('day'),
  order: sortOrder,
});
export type PaymentsReportQuery = z.input<typeof paymentsReportQuery>;
export const paymentsReport = reportOf(paymentRow, paymentFigures);
export type PaymentsReport = z.infer<typeof paymentsReport>;

// Players by day.

export const playerFigures = z.object({
  /** Accounts registered (agents included, trial accounts not). */
  registered: z.number().int(),
  /** Accounts that placed at least one bet. */
  active: z.number().int(),
  /** Accounts that deposited: first-time and repeat. */
  depositing: z.number().int(),
  firstDeposits: z.number().int(),
  repeatDepositing: z.number().int(),
});
export const playerRow = playerFigures.extend({ day: calendarDay });
export type PlayerRow = z.infer<typeof playerRow>;
export const playerSortKeys = [
  'day',
  'registered',
  'active',
  'depositing',
  'firstDeposits',
  'repeatDepositing',
] as const;
export const playersReportQuery = reportPeriodQuery.extend({
  ...reportPage,
  sort: z.enum(playerSortKeys).default('day'),
  order: sortOrder,
});
export type PlayersReportQuery = z.input<typeof playersReportQuery>;
/** Over a period the day counts add up (an account active on two days counts twice). */
export const playersReport = reportOf(playerRow, playerFigures);
export type PlayersReport = z.infer<typeof playersReport>;

// Agent payouts by day.

export const agentPayoutFigures = z.object({
  /** Agent payout records settled (one per agent, kind and period). */
  records: z.number().int(),
  dailySalary: moneyText,
  hourlySalary: moneyText,
  realtimeSalary: moneyText,
  dividend: moneyText,
  total: moneyText,
});
export const agentPayoutRow = agentPayoutFigures.extend({ day: calendarDay });
export type AgentPayoutRow = z.infer<typeof agentPayoutRow>;
export const agentPayoutSortKeys = [
  'day',
  'records',
  'dailySalary',
  'hourlySalary',
  'realtimeSalary',
  'dividend',
  'total',
] as const;
export const agentPayoutsReportQuery = reportPeriodQuery.extend({
  ...reportPage,
  sort: z.enum(agentPayoutSortKeys).default('day'),
  order: sortOrder,
});
export type AgentPayoutsReportQuery = z.input<typeof agentPayoutsReportQuery>;
export const agentPayoutsReport = reportOf(agentPayoutRow, agentPayoutFigures);
export type AgentPayoutsReport = z.infer<typeof agentPayoutsReport>;
