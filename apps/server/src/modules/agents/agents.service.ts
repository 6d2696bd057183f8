import type { Kysely } from 'kysely';
import {
  agentTypeCodes,
  formatMinor,
  type AgentFigures,
  type AgentInvite,
  type AgentPeriodQuery,
  type AgentTeamOverview,
  type CreatedDownline,
  type DownlinePage,
  type RevenueReport,
  type StatementPage,
  type TeamTransactionPage,
} from '@portal/contracts';
import type { z } from 'zod';
import type {
  createDownlinePayload,
  statementQuery,
  teamDownlineQuery,
  teamTransactionQuery,
} from '@portal/contracts';
import { DateTime } from 'luxon';
import type { DB } from '../../db/schema';
import type { Clock } from '../../jobs/clock';
import { AppError } from '../../http/errors';
import { periodOf, zoneOfGmtOffset } from '../../lib/periods';
import type { AuthenticatedSession } from '../auth';
import { createDownlineAccount } from '../members';
import type { MerchantConfig } from '../system';
import { activityWords, resolveAgentPeriod, type AgentPeriod } from './agent-period';
import * as repo from './team.repo';

/**
 * The agent centre (decision 0028): an agent's team, its placement and its figures. Every read starts
 * from the caller and the closure table, so an id outside the caller's team is not found, exactly like
 * an id that does not exist.
 */

export interface AgentContext {
  db: Kysely<DB>;
  merchant: MerchantConfig;
  session: AuthenticatedSession;
  /** The origin the caller reached the portal on, for the referral link. */
  origin?: string;
  /** Contract changes are dated by the database clock unless a test simulating days brings its own. */
  clock?: Clock;
}

/** Which account types an agent type may create in registerCenter (decision 0028). */
export const creatableTypes: Record<number, readonly (0 | 2 | 41 | 42)[]> = {
  1: [0, 2, 41, 42],
  2: [0, 2, 41, 42],
  41: [0],
  42: [],
};

/** The figures of one statement row, as the contracts present them. */
export type FiguresRow = AgentFigures;

/** The caller's id when it is an agent; not_agent for anyone else. */
export function requireAgent(context: AgentContext): number {
  if (!(agentTypeCodes as readonly number[]).includes(context.session.memberType)) {
    throw new AppError('not_agent', 'Only agents have an agent centre');
  }
  return context.session.memberId;
}

const money = (context: AgentContext, minor: bigint) =>
  formatMinor(minor, context.merchant.currency.decimals);

const emptySums: repo.FigureSums = {
  registrations: 0,
  first_deposits: 0,
  deposit_count: 0,
  deposit_minor: 0n,
  withdrawal_count: 0,
  withdrawal_minor: 0n,
  bet_count: 0,
  bet_minor: 0n,
  valid_bet_minor: 0n,
  payout_minor: 0n,
  bonus_minor: 0n,
  profit_minor: 0n,
};

/** Adds rollup sums (bigint columns arrive as bigint, counts as int8 too). */
function addSums(total: repo.FigureSums, row: repo.FigureSums): repo.FigureSums {
  const sum = { ...total };
  for (const key of Object.keys(emptySums) as (keyof repo.FigureSums)[]) {
    if (typeof emptySums[key] === 'bigint') {
      (sum[key] as bigint) = BigInt(total[key]) + BigInt(row[key]);
    } else {
      (sum[key] as number) = Number(total[key]) + Number(row[key]);
    }
  }
  return sum;
}

function presentFigures(context: AgentContext, sums: repo.FigureSums): AgentFigures {
  return {
    registrations: Number(sums.registrations),
    firstDeposits: Number(sums.first_deposits),
    depositCount: Number(sums.deposit_count),
    deposits: money(context, BigInt(sums.deposit_minor)),
    withdrawalCount: Number(sums.withdrawal_count),
    withdrawals: money(context, BigInt(sums.withdrawal_minor)),
    betCount: Number(sums.bet_count),
    validBet: money(context, BigInt(sums.valid_bet_minor)),
    payouts: money(context, BigInt(sums.payout_minor)),
    bonuses: money(context, BigInt(sums.bonus_minor)),
    profitLoss: money(context, BigInt(sums.profit_minor)),
  };
}

function periodOfQuery(context: AgentContext, query: AgentPeriodQuery): AgentPeriod {
  return resolveAgentPeriod(query, context.merchant.gmtOffsetMinutes);
}

/** Every calendar day of the period, in order. */
function daysOf(period: AgentPeriod): string[] {
  const days: string[] = [];
  let day = DateTime.fromISO(period.fromDay, { zone: 'UTC' });
  const last = DateTime.fromISO(period.toDay, { zone: 'UTC' });
  while (day <= last) {
    days.push(day.toFormat('yyyy-MM-dd'));
    day = day.plus({ days: 1 });
  }
  return days;
}

/** agentTeamOverview: the team's size, activity and figures over the period, with a point per day. */
export async function teamOverview(
  context: AgentContext,
  query: AgentPeriodQuery,
): Promise<AgentTeamOverview> {
  const agentId = requireAgent(context);
  const period = periodOfQuery(context, query);
  const [members, activeMembers, days] = await Promise.all([
    repo.countTeam(context.db, agentId),
    repo.countActive(context.db, agentId, activityWords(period)),
    repo.selectTeamDays(context.db, agentId, period),
  ]);
  const byDay = new Map(days.map((row) => [row.day, row]));
  return {
    from: period.fromDay,
    to: period.toDay,
    members,
    activeMembers,
    figures: presentFigures(context, days.reduce(addSums, emptySums)),
    days: daysOf(period).map((day) => {
      const row = byDay.get(day) ?? emptySums;
      return {
        day,
        validBet: money(context, BigInt(row.valid_bet_minor)),
        profitLoss: money(context, BigInt(row.profit_minor)),
      };
    }),
    asOf: new Date().toISOString(),
  };
}

/** A team member of the caller (the caller itself included), or not_found naming the field. */
async function teamMember(context: AgentContext, agentId: number, memberId: number, field: string) {
  const member = await repo.selectTeamMember(context.db, context.merchant.id, agentId, memberId);
  if (!member) {
    throw new AppError('not_found', 'No such account in your team', [
      { field, message: 'is not in your team', code: 'not_found' },
    ]);
  }
  return member;
}

const pagingOf = (query: { page: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/**
 * downlineManagmentView: the direct downlines of the caller or of a downline agent (`parentId`), or,
 * with any of account, type, status or level, a search of the whole team below that root.
 */
export async function downlines(
  context: AgentContext,
  query: z.output<typeof teamDownlineQuery>,
): Promise<DownlinePage> {
  const agentId = requireAgent(context);
  const period = periodOfQuery(context, query);
  const rootId = query.parentId ?? agentId;
  if (rootId !== agentId) await teamMember(context, agentId, rootId, 'parentId');
  const searching =
    query.account !== undefined ||
    query.type !== undefined ||
    query.status !== undefined ||
    query.level !== undefined;
  const [{ rows, total }, path] = await Promise.all([
    repo.selectDownlines(
      context.db,
      { id: context.merchant.id, currency: context.merchant.currency.code },
      {
        rootId,
        wholeTeam: searching,
        level: query.level,
        accountPrefix: query.account,
        type: query.type,
        status: query.status,
      },
      period,
      { column: query.sort, descending: query.order === 'desc' },
      pagingOf(query),
    ),
    repo.selectPathDown(context.db, agentId, rootId),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      account: row.username,
      nickname: row.nickname,
      type: row.type,
      status: row.status,
      level: row.level,
      registeredAt: row.created_at.toISOString(),
      lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
      balance: money(context, BigInt(row.balance_minor)),
      teamSize: row.team_size,
      validBet: money(context, BigInt(row.valid_bet_minor)),
      isAgent: (agentTypeCodes as readonly number[]).includes(row.type),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    from: period.fromDay,
    to: period.toDay,
    path: path.map((step) => ({ id: step.id, account: step.username })),
  };
}

/** palStatementsAgentCopy: the team's figures per day (every day of the period) or per direct downline. */
export async function statement(
  context: AgentContext,
  query: z.output<typeof statementQuery>,
): Promise<StatementPage> {
  const agentId = requireAgent(context);
  const period = periodOfQuery(context, query);
  const days = await repo.selectTeamDays(context.db, agentId, period);
  const totals = presentFigures(context, days.reduce(addSums, emptySums));
  const base = { page: query.page, pageSize: query.pageSize, from: period.fromDay, to: period.toDay, totals };
  if (query.groupBy === 'day') {
    const byDay = new Map(days.map((row) => [row.day, row]));
    const allDays = daysOf(period);
    const { limit, offset } = pagingOf(query);
    return {
      ...base,
      items: allDays.slice(offset, offset + limit).map((day) => ({
        key: day,
        memberId: null,
        ...presentFigures(context, byDay.get(day) ?? emptySums),
      })),
      total: allDays.length,
    };
  }
  const { rows, total } = await repo.selectStatementByDownline(context.db, agentId, period, pagingOf(query));
  return {
    ...base,
    items: rows.map((row) => ({ key: row.username, memberId: row.id, ...presentFigures(context, row) })),
    total,
  };
}

/** agentRevenueReport: the team's bets by game type and vendor over the period. */
export async function revenue(context: AgentContext, query: AgentPeriodQuery): Promise<RevenueReport> {
  const agentId = requireAgent(context);
  const period = periodOfQuery(context, query);
  const rows = await repo.selectRevenue(context.db, agentId, period);
  const line = (sums: repo.FigureSums) => ({
    betCount: Number(sums.bet_count),
    validBet: money(context, BigInt(sums.valid_bet_minor)),
    payouts: money(context, BigInt(sums.payout_minor)),
    profitLoss: money(context, BigInt(sums.profit_minor)),
  });
  return {
    from: period.fromDay,
    to: period.toDay,
    rows: rows.map((row) => ({ gameType: row.game_type, vendorCode: row.vendor_code, ...line(row) })),
    totals: line(rows.reduce(addSums, emptySums)),
  };
}

/** agentDownlineTransactionDetailsCopy: main-wallet movements of the team, newest first. */
export async function transactions(
  context: AgentContext,
  query: z.output<typeof teamTransactionQuery>,
): Promise<TeamTransactionPage> {
  const agentId = requireAgent(context);
  const period = periodOfQuery(context, query);
  if (query.memberId !== undefined) await teamMember(context, agentId, query.memberId, 'memberId');
  const zone = zoneOfGmtOffset(context.merchant.gmtOffsetMinutes);
  const from = periodOf('day', DateTime.fromISO(period.fromDay, { zone }).toMillis(), zone).start;
  const to = periodOf('day', DateTime.fromISO(period.toDay, { zone }).toMillis(), zone).end;
  const types = query.type ? [query.type] : Object.keys(repo.transactionKinds);
  const kinds = types.flatMap((type) => repo.transactionKinds[type]!);
  const typeOfKind = new Map(
    types.flatMap((type) => repo.transactionKinds[type]!.map((kind) => [kind, type])),
  );
  const { rows, total } = await repo.selectTeamTransactions(
    context.db,
    { agentId, memberId: query.memberId, kinds, currency: context.merchant.currency.code },
    { from, to },
    pagingOf(query),
  );
  return {
    items: rows.map((row) => ({
      id: row.id.toString(),
      time: row.created_at.toISOString(),
      memberId: row.member_id,
      account: row.username,
      type: typeOfKind.get(row.kind) as TeamTransactionPage['items'][number]['type'],
      kind: row.kind,
      amount: money(context, row.incoming ? BigInt(row.amount_minor) : -BigInt(row.amount_minor)),
      vendorCode: ['bet', 'win', 'rollback'].includes(row.kind) ? row.vendor_code : '',
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    from: period.fromDay,
    to: period.toDay,
  };
}

/** registerCenter: the caller's affiliate code, its referral link and what it may create. */
export async function invite(context: AgentContext): Promise<AgentInvite> {
  const agentId = requireAgent(context);
  const affiliateCode = await repo.selectAffiliateCode(context.db, agentId);
  if (!affiliateCode) throw new AppError('not_agent', 'This agent has no affiliate code');
  const origin = context.origin ?? '';
  return {
    affiliateCode,
    referralLink: `${origin}/register?affiliateCode=${encodeURIComponent(affiliateCode)}`,
    agentType: context.session.memberType,
    creatableTypes: [...(creatableTypes[context.session.memberType] ?? [])],
  };
}

/** registerCenter: creates a member or agent directly under the caller, if its type may. */
export async function createDownline(
  context: AgentContext,
  payload: z.output<typeof createDownlinePayload>,
): Promise<CreatedDownline> {
  const agentId = requireAgent(context);
  if (!(creatableTypes[context.session.memberType] ?? []).includes(payload.type)) {
    throw new AppError('forbidden', 'Your agent type may not create this type of account', [
      { field: 'type', message: 'may not be created by your agent type', code: 'forbidden' },
    ]);
  }
  const created = await createDownlineAccount(context.db, context.merchant, {
    ...payload,
    parentId: agentId,
  });
  return {
    id: created.id,
    account: created.username,
    type: created.type,
    affiliateCode: created.affiliateCode,
  };
}
