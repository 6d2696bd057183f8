import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';
import { moneyText } from './wallet';

/**
 * The agent centre (spec section 2 agent menu, decision 0028): the team, its placement and its figures.
 * Every figure comes from the per-member-per-day rollups in the merchant's calendar (its GMT offset).
 * A period is a preset or from/to (yyyy-MM-dd, both inclusive), at most `maxAgentPeriodDays` days.
 */

/** The agent types of spec section 9 (decision 0028): top agent, agent, and the two sub-agent kinds. */
export const agentTypeCodes = [1, 2, 41, 42] as const;
export type AgentTypeCode = (typeof agentTypeCodes)[number];

/** The longest period one report covers. */
export const maxAgentPeriodDays = 92;

/** The period shortcuts of the agent pages (spec section 9: next/last 7 and 30 days). */
export const agentPeriodPresets = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'last7',
  'last30',
  'next7',
  'next30',
] as const;
export type AgentPeriodPreset = (typeof agentPeriodPresets)[number];

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as yyyy-MM-dd');

/** A report period: a preset wins over from/to; with neither, today. */
export const agentPeriodQuery = z.object({
  preset: z.enum(agentPeriodPresets).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
export type AgentPeriodQuery = z.input<typeof agentPeriodQuery>;

/** A downline id in a query or path: an account id of the caller's team. */
const memberIdText = z.coerce.number().int().min(1).max(2_147_483_647);

/** The figures of a team (or one account) over a period; money as decimal strings. */
export const agentFigures = z.object({
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  depositCount: z.number().int(),
  deposits: moneyText,
  withdrawalCount: z.number().int(),
  withdrawals: moneyText,
  betCount: z.number().int(),
  /** Stakes of bets less the stakes refunded by rollbacks. */
  validBet: moneyText,
  payouts: moneyText,
  bonuses: moneyText,
  /** The players' result: payouts less valid bet, plus transfer-wallet settlements (negative: the team lost). */
  profitLoss: moneyText,
});
export type AgentFigures = z.infer<typeof agentFigures>;

/** `GET /wps/agent/team/overview`: agentTeamOverview. */
export const agentTeamOverview = z.object({
  from: z.string(),
  to: z.string(),
  /** Accounts in the team below the agent, now. */
  members: z.number().int(),
  /** Team accounts (the agent included) with at least one bet in the period. */
  activeMembers: z.number().int(),
  figures: agentFigures,
  /** One point per day of the period, for the chart. */
  days: z.array(z.object({ day: z.string(), validBet: moneyText, profitLoss: moneyText })),
  /** Figures include every money movement committed up to this instant. */
  asOf: z.string(),
});
export type AgentTeamOverview = z.infer<typeof agentTeamOverview>;

export const downlineSorts = ['account', 'registeredAt', 'lastLoginAt', 'level', 'validBet'] as const;
export type DownlineSort = (typeof downlineSorts)[number];

/**
 * `GET /wps/agent/downlines`: downlineManagmentView. Without `parentId` and without a search, the direct
 * downlines of the caller; `parentId` drills into a downline agent's own directs; any of account, type,
 * status or level searches the whole team below the root (level counts from the root: 1 = direct).
 */
export const teamDownlineQuery = agentPeriodQuery.extend({
  parentId: memberIdText.optional(),
  account: z.string().trim().min(1).max(64).optional(),
  type: z.coerce
    .number()
    .int()
    .refine((value) => [0, 1, 2, 41, 42].includes(value), 'a member (0) or agent type (1, 2, 41, 42)')
    .optional(),
  status: z.enum(['active', 'disabled']).optional(),
  level: z.coerce.number().int().min(1).max(32).optional(),
  sort: z.enum(downlineSorts).default('registeredAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ...pageQueryOf(100).shape,
});
export type TeamDownlineQuery = z.input<typeof teamDownlineQuery>;

export const downline = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  status: z.enum(['active', 'disabled']),
  /** Levels below the page's root (1 = its direct downline). */
  level: z.number().int(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  balance: moneyText,
  /** Accounts below this one (0 for a member). */
  teamSize: z.number().int(),
  /** This account's valid bet in the period, with its team's for an agent. */
  validBet: moneyText,
  /** Whether the caller may drill into it (an agent with a team). */
  isAgent: z.boolean(),
});
export type Downline = z.infer<typeof downline>;

const breadcrumb = z.object({ id: z.number().int(), account: z.string() });

export const downlinePage = pageOf(downline).extend({
  from: z.string(),
  to: z.string(),
  /** From the caller down to the page's root, for the breadcrumbs (the caller first). */
  path: z.array(breadcrumb),
});
export type DownlinePage = z.infer<typeof downlinePage>;

/** `GET /wps/agent/statement`: palStatementsAgentCopy, per day or per direct downline, with totals. */
export const statementQuery = agentPeriodQuery.extend({
  groupBy: z.enum(['day', 'downline']).default('day'),
  ...pageQueryOf(100, 50).shape,
});
export type StatementQuery = z.input<typeof statementQuery>;

export const statementRow = agentFigures.extend({
  /** yyyy-MM-dd when grouped by day; the downline's account when grouped by downline. */
  key: z.string(),
  /** The downline's id when grouped by downline. */
  memberId: z.number().int().nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;

export const statementPage = pageOf(statementRow).extend({
  from: z.string(),
  to: z.string(),
  totals: agentFigures,
});
export type StatementPage = z.infer<typeof statementPage>;

/** `GET /wps/agent/revenue`: agentRevenueReport, by game type and vendor. */
export const revenueRow = z.object({
  gameType: z.string(),
  vendorCode: z.string(),
  betCount: z.number().int(),
  validBet: moneyText,
  payouts: moneyText,
  profitLoss: moneyText,
});
export type RevenueRow = z.infer<typeof revenueRow>;

export const revenueReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(revenueRow),
  totals: revenueRow.omit({ gameType: true, vendorCode: true }),
});
export type RevenueReport = z.infer<typeof revenueReport>;

/** The kinds of team movement agentDownlineTransactionDetailsCopy lists. */
export const teamTransactionTypes = ['deposit', 'withdrawal', 'transfer', 'bet', 'win', 'rollback'] as const;
export type TeamTransactionType = (typeof teamTransactionTypes)[number];

/** `GET /wps/agent/transactions`: deposits, withdrawals, transfers and bets of the team. */
export const teamTransactionQuery = agentPeriodQuery.extend({
  memberId: memberIdText.optional(),
  type: z.enum(teamTransactionTypes).optional(),
  ...pageQueryOf(100).shape,
});
export type TeamTransactionQuery = z.input<typeof teamTransactionQuery>;

export const teamTransaction = z.object({
  id: z.string(),
  time: z.string(),
  memberId: z.number().int(),
  account: z.string(),
  type: z.enum(teamTransactionTypes),
  /** The ledger kind (transfer_upline, withdrawal, ...). */
  kind: z.string(),
  /** Signed from the member's side: money into its wallet is positive. */
  amount: moneyText,
  /** The vendor of a bet, win or rollback; '' otherwise. */
  vendorCode: z.string(),
});
export type TeamTransaction = z.infer<typeof teamTransaction>;

export const teamTransactionPage = pageOf(teamTransaction).extend({ from: z.string(), to: z.string() });
export type TeamTransactionPage = z.infer<typeof teamTransactionPage>;

/** What an agent may place directly in registerCenter: a member (0) or an agent kind it may create. */
export const downlineAccountTypes = [0, 2, 41, 42] as const;

/** `POST /wps/agent/downlines` (encrypted): registerCenter creates a downline directly. */
export const createDownlinePayload = z.object({
  type: z.union([z.literal(0), z.literal(2), z.literal(41), z.literal(42)]),
  username: z.string().trim().max(64),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
  nickname: z.string().trim().max(64).optional(),
  email: z.string().trim().max(254).optional(),
  mobileNum: z.string().trim().max(20).optional(),
  countryDialingCode: z.string().trim().max(5).optional(),
});
export type CreateDownlinePayload = z.input<typeof createDownlinePayload>;

export const createdDownline = z.object({
  id: z.number().int(),
  account: z.string(),
  type: z.number().int(),
  /** The new agent's own affiliate code; null for a member. */
  affiliateCode: z.string().nullable(),
});
export type CreatedDownline = z.infer<typeof createdDownline>;

/** `GET /wps/agent/invite`: the agent's affiliate code and referral link, and what it may create. */
export const agentInvite = z.object({
  affiliateCode: z.string(),
  /** The registration address with the code, on the domain the agent reached the portal on. */
  referralLink: z.string(),
  agentType: z.number().int(),
  /** The account types registerCenter may create for this agent (empty: link only). */
  creatableTypes: z.array(z.number().int()),
});
export type AgentInvite = z.infer<typeof agentInvite>;
