import { z } from 'zod';
import { decimalPattern } from './rules/money';
import { moneyText } from './wallet';

/**
 * Responsible gaming and player protection (issue 17, docs/responsible-gaming.md): limits on deposits,
 * losses and wagers per 24 hours, 7 days and 30 days, a session time limit, reality checks, breaks and
 * self-exclusion, all enforced where money moves (the seamless wallet at wager time, deposits before any
 * payment provider), and the operators' read-only view of them.
 */

import {
  breakDurations,
  exclusionDurations,
  rgBlockKinds,
  rgLimitKinds,
  rgPeriods,
} from './rules/responsible-gaming';

const dateTime = z.iso.datetime({ offset: true });
/** A positive money limit such as "500" or "500.00". */
const limitAmount = z
  .string()
  .regex(decimalPattern(14, 4), 'an amount such as 500.00')
  .refine((text) => Number(text) > 0, 'more than zero');

/** One money limit as the player sees it: what applies now and a change waiting for its cooling-off. */
export const rgLimit = z.object({
  kind: z.enum(rgLimitKinds),
  period: z.enum(rgPeriods),
  /** The limit in force (null: none yet, only a pending one). */
  amount: moneyText.nullable(),
  /** What the limit becomes at `effectiveAt` (null with `pendingRemoval`: it goes). */
  pendingAmount: moneyText.nullable(),
  pendingRemoval: z.boolean(),
  effectiveAt: dateTime.nullable(),
  /** Deposited, lost or wagered in the current period. */
  used: moneyText,
});
export type RgLimit = z.infer<typeof rgLimit>;

export const rgSessionLimit = z.object({
  minutes: z.number().int().nullable(),
  pendingMinutes: z.number().int().nullable(),
  pendingRemoval: z.boolean(),
  effectiveAt: dateTime.nullable(),
});

export const rgBlock = z.object({
  kind: z.enum(rgBlockKinds),
  startedAt: dateTime,
  /** null: permanent. */
  endsAt: dateTime.nullable(),
  allMerchants: z.boolean(),
});
export type RgBlock = z.infer<typeof rgBlock>;

/** The last login before this one: when and from where. */
export const rgLastLogin = z.object({ at: dateTime, ip: z.string(), country: z.string().nullable() });
export type RgLastLogin = z.infer<typeof rgLastLogin>;

/** The player's responsible-gaming page. */
export const rgOverview = z.object({
  limits: z.array(rgLimit),
  sessionLimit: rgSessionLimit,
  realityCheckMinutes: z.number().int().nullable(),
  block: rgBlock.nullable(),
  allowPermanentExclusion: z.boolean(),
  lastLogin: rgLastLogin.nullable(),
});
export type RgOverview = z.infer<typeof rgOverview>;

/** Sets (or, with amount null, removes) one money limit. */
export const rgLimitSetPayload = z.object({
  kind: z.enum(rgLimitKinds),
  period: z.enum(rgPeriods),
  amount: limitAmount.nullable(),
});
export type RgLimitSetPayload = z.input<typeof rgLimitSetPayload>;

/** Sets (or, with minutes null, removes) the session time limit. */
export const rgSessionLimitPayload = z.object({ minutes: z.number().int().min(10).max(1440).nullable() });

/** Cancels a pending increase or removal (`session` for the session limit). */
export const rgCancelPendingPayload = z.object({
  kind: z.enum([...rgLimitKinds, 'session']),
  period: z.enum(rgPeriods).optional(),
});

export const rgRealityCheckPayload = z.object({
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]).nullable(),
});

export const rgBlockPayload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('break'), duration: z.enum(breakDurations) }),
  z.object({ kind: z.literal('self_exclusion'), duration: z.enum(exclusionDurations) }),
]);
export type RgBlockPayload = z.input<typeof rgBlockPayload>;

/** The reality check's figures: this login session's start, elapsed time and net result (wins - bets). */
export const rgSessionStatus = z.object({
  startedAt: dateTime,
  elapsedSeconds: z.number().int(),
  netResult: moneyText,
  realityCheckMinutes: z.number().int().nullable(),
  /** The login before this one (shown once after each login). */
  lastLogin: rgLastLogin.nullable(),
});
export type RgSessionStatus = z.infer<typeof rgSessionStatus>;

/** One month of the 12-month money summary (calendar months, UTC). */
export const rgMoneyMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  deposits: moneyText,
  withdrawals: moneyText,
  bets: moneyText,
  wins: moneyText,
});
export const rgMoneySummary = z.object({
  months: z.array(rgMoneyMonth),
  /** Deposits less withdrawals over the 12 months. */
  netDeposits: moneyText,
});
export type RgMoneySummary = z.infer<typeof rgMoneySummary>;

/** The audit of every change a player made (and what the system applied after a cooling-off). */
export const rgEventActions = [
  'limit_set',
  'limit_pending',
  'limit_applied',
  'limit_cancelled',
  'reality_check_set',
  'block_started',
  'reopen_requested',
] as const;
export const rgEvent = z.object({
  id: z.string(),
  action: z.enum(rgEventActions),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: dateTime,
});
export type RgEvent = z.infer<typeof rgEvent>;
export const rgEventList = z.object({ items: z.array(rgEvent) });

// Operators (read-only, plus the merchant's settings).

/** The player by username (none: answered not_found). */
export const opsRgPlayerQuery = z.object({ username: z.string().trim().max(64).default('') });
export const opsRgPlayer = z.object({
  memberId: z.number().int(),
  username: z.string(),
  limits: z.array(rgLimit),
  sessionLimit: rgSessionLimit,
  realityCheckMinutes: z.number().int().nullable(),
  block: rgBlock.nullable(),
  blocks: z.array(rgBlock),
  events: z.array(rgEvent),
});
export type OpsRgPlayer = z.infer<typeof opsRgPlayer>;
export const opsRgReportQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const opsRgReportRow = z.object({
  memberId: z.number().int(),
  username: z.string(),
  limitCount: z.number().int(),
  block: rgBlock.nullable(),
  lastChangeAt: dateTime,
});
export type OpsRgReportRow = z.infer<typeof opsRgReportRow>;
export const opsRgReport = z.object({
  items: z.array(opsRgReportRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Members on a break or self-excluded now, and members with any limit. */
  blockedNow: z.number().int(),
  withLimits: z.number().int(),
});
export type OpsRgReport = z.infer<typeof opsRgReport>;
export const rgSettings = z.object({
  allowPermanentExclusion: z.boolean(),
  /** Breaks and exclusions of this merchant's players apply on every merchant of the platform (same person). */
  shareExclusions: z.boolean(),
});
export type RgSettings = z.infer<typeof rgSettings>;
