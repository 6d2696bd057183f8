import { z } from 'zod';
import { decimalPattern } from './rules/money';
import { agentPeriodQuery } from './agents';
import { pageOf, pageQueryOf } from './paging';
import { moneyText } from './wallet';

/**
 * Agent contracts, salaries and dividends (spec sections 2, 3, 4 and 9; docs/agents.md, decision 0029).
 * A contract is between an upline agent and one of its direct downline agents, of one kind, with tiers
 * (a rate per threshold of the period's team valid bet and active members). Rates are percentages with
 * at most two decimals ("0.35" is 0.35 %); the server keeps them as basis points.
 */

/** The four contract kinds: daily, hourly and real-time (5-minute) salary on valid bet, and dividend. */
export const contractKinds = ['dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend'] as const;
export type ContractKind = (typeof contractKinds)[number];

/** The calendar periods a dividend may be settled by (spec section 9). */
export const dividendPeriods = ['day', 'week', 'half-month', 'month'] as const;
export type DividendPeriod = (typeof dividendPeriods)[number];

/** The period a contract pays by: the salary kinds' are fixed, a dividend's is the merchant's. */
export const contractPeriods = ['window', 'hour', 'day', 'week', 'half-month', 'month'] as const;
export type ContractPeriod = (typeof contractPeriods)[number];

export const contractStates = ['requested', 'accepted', 'rejected', 'terminated', 'finished'] as const;
export type ContractState = (typeof contractStates)[number];

/** Why an accepted contract stopped paying. */
export const contractEndReasons = [
  'terminated_by_upline',
  'terminated_by_downline',
  /** A newer contract of the same kind was accepted. */
  'replaced',
  /** The downline's own rate fell below this contract's rate, and the downline agreed to end it. */
  'rate_rule',
  /** The upline's own contract of this kind ended, so it has no rate left to share. */
  'upline_ended',
] as const;
export type ContractEndReason = (typeof contractEndReasons)[number];

/** The most tiers a contract may have. */
export const maxContractTiers = 10;

/** A percentage from 0 to 100 with at most two decimals. */
export const rateText = z
  .string()
  .regex(decimalPattern(3, 2), 'a percentage such as 0.35 (at most two decimals)')
  .refine((value) => Number(value) <= 100, 'at most 100');

/** A threshold amount, zero or more. */
const thresholdText = z.string().regex(decimalPattern(16, 4), 'an amount such as 10000.00');

export const contractTier = z.object({
  /** The period's team valid bet from which the tier applies. */
  minValidBet: thresholdText,
  /** The period's active team members from which the tier applies. */
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  rate: rateText,
});
export type ContractTier = z.infer<typeof contractTier>;

/**
 * Tiers in ascending order: each one's thresholds at least the previous one's, at least one of them
 * higher, and a rate at least the previous one's (checked by the server: tiers_invalid).
 */
export const contractTiers = z.array(contractTier).min(1).max(maxContractTiers);

/** The ids of the contracts the caller agrees to end (exactly the list the preview gave). */
const confirmEnding = z.array(z.number().int().min(1)).max(10_000).default([]);

/** `POST /wps/agent/contracts`: an offer to a direct downline agent, or a request to the caller's upline. */
export const contractOfferPayload = z.object({
  counterpartId: z.number().int().min(1).max(2_147_483_647),
  kind: z.enum(contractKinds),
  tiers: contractTiers,
  confirmEnding,
});
export type ContractOfferPayload = z.input<typeof contractOfferPayload>;

export const contractDecisionPayload = z.object({ confirmEnding });
export type ContractDecisionPayload = z.input<typeof contractDecisionPayload>;

export const contractParty = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string().nullable(),
});

export const agentContract = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  period: z.enum(contractPeriods),
  state: z.enum(contractStates),
  tiers: z.array(contractTier),
  /** The highest tier's rate: what the rate rule compares. */
  maxRate: rateText,
  upline: contractParty,
  downline: contractParty,
  proposedBy: z.enum(['upline', 'downline']),
  /** The caller's side of the contract. */
  myRole: z.enum(['upline', 'downline']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** When an accepted contract stops paying: the end of the running period once terminated. */
  endsAt: z.string().nullable(),
  endReason: z.enum(contractEndReasons).nullable(),
});
export type AgentContract = z.infer<typeof agentContract>;

/** `GET /wps/agent/contracts`: the caller's own contracts (with its upline) or its downlines'. */
export const contractListQuery = z.object({
  side: z.enum(['mine', 'downlines']).default('mine'),
  kind: z.enum(contractKinds).optional(),
  state: z.enum(contractStates).optional(),
  /** Only those awaiting the caller's answer. */
  awaitingMe: z.coerce.boolean().optional(),
  downlineId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  ...pageQueryOf(100).shape,
});
export type ContractListQuery = z.input<typeof contractListQuery>;

export const contractPage = pageOf(agentContract);
export type ContractPage = z.infer<typeof contractPage>;

/** `POST /wps/agent/contracts/preview` and `GET /wps/agent/contracts/:id/preview`: what confirming would do. */
export const contractPreview = z.object({
  /** The upline's own rate of this kind: no tier may exceed it. */
  uplineRate: rateText,
  /** Contracts in the downline's team that end if this contract is accepted (or terminated). */
  ending: z.array(agentContract),
  /** When a termination takes effect (end of the running period); null for an offer or acceptance. */
  effectiveAt: z.string().nullable(),
});
export type ContractPreview = z.infer<typeof contractPreview>;

export const contractFlag = z.object({
  /** The kind is on for this merchant (and the agent policy is on). */
  enabled: z.boolean(),
  /** Requests awaiting the caller's answer. */
  pending: z.number().int(),
  /** The caller has a contract of this kind in force with its upline (top agents: the merchant's rate). */
  inForce: z.boolean(),
  /** The caller's own rate of this kind now ("0" without one). */
  rate: rateText,
  /** Settlement period of the kind. */
  period: z.enum(contractPeriods),
});
export type ContractFlag = z.infer<typeof contractFlag>;

/**
 * `GET /wps/agent/contracts/consolidated`: the consolidated contract flags (spec section 3), all off
 * unless the merchant's agent policy is on (spec section 6).
 */
export const consolidatedContractFlags = z.object({
  dailysalreqtype: contractFlag,
  divtypereq: contractFlag,
  contracthoursalreq: contractFlag,
  realtimesalreqtype: contractFlag,
});
export type ConsolidatedContractFlags = z.infer<typeof consolidatedContractFlags>;

/** Which kind each consolidated flag reports. */
export const contractFlagKinds = {
  dailysalreqtype: 'dailySalary',
  divtypereq: 'dividend',
  contracthoursalreq: 'hourlySalary',
  realtimesalreqtype: 'realtimeSalary',
} as const satisfies Record<keyof ConsolidatedContractFlags, ContractKind>;

export const salaryKinds = ['daily', 'hourly', 'realtime'] as const;
export type SalaryKind = (typeof salaryKinds)[number];

/** `GET /wps/relay/salary_records` and `_export`: a salary kind's records over a period. */
export const salaryRecordQuery = agentPeriodQuery.extend({
  kind: z.enum(salaryKinds),
  ...pageQueryOf(100, 50).shape,
});
export type SalaryRecordQuery = z.input<typeof salaryRecordQuery>;

/** `GET /wps/relay/dividend_records` and `_export`. */
export const dividendRecordQuery = agentPeriodQuery.extend({ ...pageQueryOf(100, 50).shape });
export type DividendRecordQuery = z.input<typeof dividendRecordQuery>;

export const payoutStatuses = ['paid', 'scheduled', 'nothing_due'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** One settled period of one agent (the contract record of spec section 3) with its inputs. */
export const payoutRecord = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  /** The period's key, e.g. `day:2026-11-24@UTC+7`. */
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** null for a top agent, paid at the merchant's rate. */
  contractId: z.number().int().nullable(),
  activeMembers: z.number().int(),
  /** The team's valid bet in the period ("bet amount daily or per hour"). */
  validBet: moneyText,
  /** The players' result in the period (negative: the team lost). */
  profitLoss: moneyText,
  /** Dividends: bonuses and the admin fee taken off the team's net loss. */
  deductions: moneyText,
  /** What the rate applies to: valid bet for salaries, net loss after deductions for dividends. */
  figure: moneyText,
  /** A change to the previous period's figure found after it was settled, carried into this one. */
  adjustment: moneyText,
  /** The tier reached (1 = first), null when none. */
  tier: z.number().int().nullable(),
  rate: rateText,
  /** The rate on the whole team's figure. */
  teamAmount: moneyText,
  /** What the direct downlines were paid on their teams' figures (the differential). */
  downlineAmount: moneyText,
  amount: moneyText,
  status: z.enum(payoutStatuses),
  /** When it was paid; for a scheduled daily salary, the payday it will be paid on. */
  paidAt: z.string().nullable(),
});
export type PayoutRecord = z.infer<typeof payoutRecord>;

export const payoutPage = pageOf(payoutRecord).extend({
  from: z.string(),
  to: z.string(),
  totals: z.object({ validBet: moneyText, figure: moneyText, amount: moneyText }),
  /** Where the agent's payouts can be withdrawn to: its bank account (number masked) and holder. */
  bankAccount: z.object({ accountNumber: z.string(), holderName: z.string() }).nullable(),
});
export type PayoutPage = z.infer<typeof payoutPage>;

/** The merchant's contract policy of one kind (operator-set through /ops). */
export const contractKindPolicy = z.object({
  enabled: z.boolean(),
  /** The top agents' rate: the most any bet or loss is paid for this kind. */
  maxRate: rateText,
});

export const contractPolicy = z.object({
  dailySalary: contractKindPolicy,
  hourlySalary: contractKindPolicy,
  realtimeSalary: contractKindPolicy,
  dividend: contractKindPolicy.extend({
    period: z.enum(dividendPeriods),
    /** Bonuses paid to the team are taken off its net loss. */
    deductBonuses: z.boolean(),
    /** A fee on the team's positive net loss (vendor and platform costs), taken off before the rate. */
    adminFeeRate: rateText,
  }),
});
export type ContractPolicy = z.infer<typeof contractPolicy>;

/** What a contract preview is for: accepting an offer or terminating a contract. */
export const contractPreviewQuery = z.object({ action: z.enum(['accept', 'terminate']) });
export type ContractPreviewQuery = z.input<typeof contractPreviewQuery>;
