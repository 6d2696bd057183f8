import type { Kysely } from 'kysely';
import {
  formatMinor,
  type AgentPayoutRow,
  type AgentPayoutsReport,
  type GameRow,
  type GamesReport,
  type PaymentRow,
  type PaymentsReport,
  type PlayerRow,
  type PlayersReport,
  type ReportPeriod,
  type ReportPreset,
  type OpsRevenueReport,
  type OpsRevenueRow,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { MerchantConfig } from '../system';
import { resolveReportDays, type ReportDays } from './report-period';
import * as repo from './reports.repo';
import { pageOfRows, sumRows, type Paging } from './report-table';

/**
 * The operator's reports (issue 16, docs/operator-reports.md). Each reads its rollup for the period's
 * days (at most 92), fills the days without movement with zeros, sorts and pages the rows (all of them
 * fit in memory: a row per day, vendor or game type) and totals them. Money leaves as decimal strings.
 */

export interface ReportContext {
  db: Kysely<DB>;
  merchant: Pick<MerchantConfig, 'id' | 'currency' | 'gmtOffsetMinutes'>;
  /** The clock, for today's date (tests pass their own). */
  now?: number;
}

/** A report's query as validated by its contract: the period, paging and sort (games: the grouping). */
export interface ReportQuery extends Paging {
  preset?: ReportPreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
  by?: 'vendor' | 'gameType' | undefined;
}

async function periodOf(context: ReportContext, days: ReportDays): Promise<ReportPeriod> {
  const caughtUpAt = await repo.selectCaughtUpAt(context.db);
  return {
    from: days.from,
    to: days.to,
    timeZone: days.timeZone,
    days: days.days.length,
    caughtUpAt: caughtUpAt?.toISOString() ?? null,
  };
}

const daysOf = (context: ReportContext, query: ReportQuery) =>
  resolveReportDays(query, context.merchant.gmtOffsetMinutes, context.now);

/** A number figure (counts fit in a JavaScript number). */
const count = (value: bigint | number | undefined) => Number(value ?? 0);

/** The revenue figures of a day's (or a period's) merchant_daily sums, in minor units. */
interface RevenueMinor {
  betCount: number;
  bets: bigint;
  wins: bigint;
  ggr: bigint;
  bonuses: bigint;
  adjustments: bigint;
  ngr: bigint;
}

/**
 * GGR and NGR as docs/operator-reports.md defines them: bets are stakes less rollback refunds; wins are
 * wins paid plus what transfer-wallet players won net; GGR = bets - wins; bonuses are bonuses given less
 * bonus money forfeited back; NGR = GGR - bonuses - adjustments credited to players.
 */
export function revenueOf(row: repo.MerchantDayRow | undefined): RevenueMinor {
  const bets = (row?.bet_minor ?? 0n) - (row?.refund_minor ?? 0n);
  const wins = (row?.win_minor ?? 0n) + (row?.settlement_minor ?? 0n);
  const ggr = bets - wins;
  const bonuses = (row?.bonus_minor ?? 0n) - (row?.bonus_forfeit_minor ?? 0n);
  const adjustments = row?.adjustment_minor ?? 0n;
  return {
    betCount: count(row?.bet_count),
    bets,
    wins,
    ggr,
    bonuses,
    adjustments,
    ngr: ggr - bonuses - adjustments,
  };
}

/** GGR and NGR by day. */
export async function revenueReport(context: ReportContext, query: ReportQuery): Promise<OpsRevenueReport> {
  const days = daysOf(context, query);
  const rows = await repo.selectMerchantDays(context.db, context.merchant.id, days.from, days.to);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const minor = days.days.map((day) => ({ day, ...revenueOf(byDay.get(day)) }));
  const { decimals } = context.merchant.currency;
  const present = (row: RevenueMinor): Omit<OpsRevenueRow, 'day'> => ({
    betCount: row.betCount,
    bets: formatMinor(row.bets, decimals),
    wins: formatMinor(row.wins, decimals),
    ggr: formatMinor(row.ggr, decimals),
    bonuses: formatMinor(row.bonuses, decimals),
    adjustments: formatMinor(row.adjustments, decimals),
    ngr: formatMinor(row.ngr, decimals),
  });
  const totals = sumRows(minor.map(({ day: _day, ...figures }) => figures));
  const chart = minor.map((row) => ({ day: row.day, ...present(row) }));
  return {
    period: await periodOf(context, days),
    rows: pageOfRows(minor, query, (row) => ({ day: row.day, ...present(row) })),
    totals: present(totals),
    chart,
  };
}

/** Bets, wins and GGR by vendor or game type over the period. */
export async function gamesReport(context: ReportContext, query: ReportQuery): Promise<GamesReport> {
  const days = daysOf(context, query);
  const groups = await repo.selectGameGroups(
    context.db,
    context.merchant.id,
    days.from,
    days.to,
    query.by ?? 'vendor',
  );
  const minor = groups.map((group) => {
    const bets = group.bet_minor - group.refund_minor;
    const wins = group.win_minor + group.settlement_minor;
    return { key: group.key, betCount: count(group.bet_count), bets, wins, ggr: bets - wins };
  });
  const { decimals } = context.merchant.currency;
  const present = (row: Omit<(typeof minor)[number], 'key'>): Omit<GameRow, 'key'> => ({
    betCount: row.betCount,
    bets: formatMinor(row.bets, decimals),
    wins: formatMinor(row.wins, decimals),
    ggr: formatMinor(row.ggr, decimals),
  });
  const byGgr = [...minor].sort((a, b) =>
    a.ggr === b.ggr ? a.key.localeCompare(b.key) : a.ggr > b.ggr ? -1 : 1,
  );
  return {
    period: await periodOf(context, days),
    rows: pageOfRows(minor, query, (row) => ({ key: row.key, ...present(row) })),
    totals: present(
      sumRows(
        minor.map(({ key: _key, ...figures }) => figures),
        { betCount: 0, bets: 0n, wins: 0n, ggr: 0n },
      ),
    ),
    chart: byGgr.map((row) => ({ key: row.key, ...present(row) })),
  };
}

/** Deposits and withdrawals by day. */
export async function paymentsReport(context: ReportContext, query: ReportQuery): Promise<PaymentsReport> {
  const days = daysOf(context, query);
  const rows = await repo.selectMerchantDays(context.db, context.merchant.id, days.from, days.to);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const minor = days.days.map((day) => {
    const row = byDay.get(day);
    const deposits = row?.deposit_minor ?? 0n;
    const withdrawals = row?.withdrawal_minor ?? 0n;
    return {
      day,
      depositCount: count(row?.deposit_count),
      deposits,
      withdrawalCount: count(row?.withdrawal_count),
      withdrawals,
      net: deposits - withdrawals,
    };
  });
  const { decimals } = context.merchant.currency;
  const present = (row: Omit<(typeof minor)[number], 'day'>): Omit<PaymentRow, 'day'> => ({
    depositCount: row.depositCount,
    deposits: formatMinor(row.deposits, decimals),
    withdrawalCount: row.withdrawalCount,
    withdrawals: formatMinor(row.withdrawals, decimals),
    net: formatMinor(row.net, decimals),
  });
  return {
    period: await periodOf(context, days),
    rows: pageOfRows(minor, query, (row) => ({ day: row.day, ...present(row) })),
    totals: present(sumRows(minor.map(({ day: _day, ...figures }) => figures))),
    chart: minor.map((row) => ({ day: row.day, ...present(row) })),
  };
}

/** New, active and depositing players by day. */
export async function playersReport(context: ReportContext, query: ReportQuery): Promise<PlayersReport> {
  const days = daysOf(context, query);
  const rows = await repo.selectPlayerDays(context.db, context.merchant.id, days.from, days.to);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const all: PlayerRow[] = days.days.map((day) => {
    const row = byDay.get(day);
    const depositing = count(row?.depositing);
    const firstDeposits = count(row?.first_depositing);
    return {
      day,
      registered: count(row?.registered),
      active: count(row?.active),
      depositing,
      firstDeposits,
      repeatDepositing: depositing - firstDeposits,
    };
  });
  const totals = sumRows(all.map(({ day: _day, ...figures }) => figures));
  return {
    period: await periodOf(context, days),
    rows: pageOfRows(all, query, (row) => row),
    totals,
    chart: all,
  };
}

const payoutKinds = ['dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend'] as const;

/** Agent salaries and dividends settled, by the day their period ended. */
export async function agentPayoutsReport(
  context: ReportContext,
  query: ReportQuery,
): Promise<AgentPayoutsReport> {
  const days = daysOf(context, query);
  const rows = await repo.selectPayoutDays(
    context.db,
    context.merchant.id,
    days.from,
    days.to,
    context.merchant.gmtOffsetMinutes,
  );
  const minor = days.days.map((day) => {
    const figures = {
      records: 0,
      dailySalary: 0n,
      hourlySalary: 0n,
      realtimeSalary: 0n,
      dividend: 0n,
      total: 0n,
    };
    for (const row of rows) {
      if (row.day !== day) continue;
      const kind = payoutKinds.find((candidate) => candidate === row.kind);
      if (!kind) continue;
      figures.records += count(row.records);
      figures[kind] += row.total_minor;
      figures.total += row.total_minor;
    }
    return { day, ...figures };
  });
  const { decimals } = context.merchant.currency;
  const present = (row: Omit<(typeof minor)[number], 'day'>): Omit<AgentPayoutRow, 'day'> => ({
    records: row.records,
    dailySalary: formatMinor(row.dailySalary, decimals),
    hourlySalary: formatMinor(row.hourlySalary, decimals),
    realtimeSalary: formatMinor(row.realtimeSalary, decimals),
    dividend: formatMinor(row.dividend, decimals),
    total: formatMinor(row.total, decimals),
  });
  return {
    period: await periodOf(context, days),
    rows: pageOfRows(minor, query, (row) => ({ day: row.day, ...present(row) })),
    totals: present(sumRows(minor.map(({ day: _day, ...figures }) => figures))),
    chart: minor.map((row) => ({ day: row.day, ...present(row) })),
  };
}
