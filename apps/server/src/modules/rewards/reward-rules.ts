import { createHash } from 'node:crypto';
import type { ActivityRules, ActivityStatus } from '@portal/contracts';
import { parseMinor } from '@portal/contracts/rules';
import { periodOf, previousPeriod, type Period } from '../../lib/periods';

/**
 * The rules engine's pure part (decision 0030): which period a claim is for, what a percentage pays, and
 * the status a player sees. Everything that reads the database is in rewards.service.ts.
 */

/** The key of claims paid once per player. */
export const oncePerPlayer = 'once';

/** A percentage such as "10.00" in basis points. */
export function percentBp(text: string): bigint {
  const bp = parseMinor(text, 2);
  if (bp === null) throw new RangeError(`not a percentage: ${text}`);
  return bp;
}

/** `percent` of `basisMinor`, rounded down, at most `capMinor`; 0 for a basis of 0 or less. */
export function percentOf(basisMinor: bigint, percent: string, capMinor: bigint): bigint {
  if (basisMinor <= 0n) return 0n;
  const amount = (basisMinor * percentBp(percent)) / 10_000n;
  return amount < capMinor ? amount : capMinor;
}

export interface ActivityWindow {
  rules: ActivityRules;
  once: 'player' | 'period';
}

/**
 * The period a claim made at `now` is for: the day of a sign-in, the previous period of a cashback, the
 * day of a reload or contact bonus paid per period; anything paid once per player has one key.
 */
export function claimPeriod(activity: ActivityWindow, now: Date, timeZone: string): Period | null {
  const { rules } = activity;
  if (rules.kind === 'cashback') return previousPeriod(periodOf(rules.period, now, timeZone));
  if (rules.kind === 'sign_in') return periodOf('day', now, timeZone);
  if (rules.kind === 'mission' || rules.kind === 'leaderboard') return periodOf(rules.period, now, timeZone);
  if (rules.kind === 'first_deposit' || rules.kind === 'referral') return null;
  return activity.once === 'period' ? periodOf('day', now, timeZone) : null;
}

/** The claim key of a period (or the once-per-player key). */
export function claimKey(period: Period | null): string {
  return period ? period.key : oncePerPlayer;
}

/**
 * A sign-in streak: `signedDays` are the earlier days signed (day keys of the activity's claims, in any
 * order); the streak counts today and the unbroken run of days right before it.
 */
export function signInStreak(today: Period, signedDays: ReadonlySet<string>): number {
  let streak = 1;
  for (let day = previousPeriod(today); signedDays.has(day.key) && streak < 366; day = previousPeriod(day)) {
    streak += 1;
  }
  return streak;
}

/** The merchant day (yyyy-MM-dd) of an instant. */
export function dayOf(instant: Date, timeZone: string): string {
  return periodOf('day', instant, timeZone).key.slice(4, 14);
}

/** A player's name on a public board: the first two characters and the last, the rest hidden. */
export function maskedName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/** The amount of the `streak`th consecutive day: the last amount repeats. */
export function signInAmount(amounts: readonly string[], streak: number, decimals: number): bigint {
  const text = amounts[Math.min(streak, amounts.length) - 1]!;
  return parseMinor(text, decimals) ?? 0n;
}

export type ClaimState = 'applying' | 'issued' | 'rejected';
export type GrantState = 'wagering' | 'released' | 'forfeited';

export interface StatusInput {
  now: Date;
  startsAt: Date;
  endsAt: Date | null;
  closed: boolean;
  eligible: boolean;
  needsJoin: boolean;
  /** The claim for the current key, and its bonus when issued. */
  claim: { status: ClaimState; grant: { status: GrantState; done: bigint } | null } | null;
  /** What a claim now would pay (0: nothing yet). */
  claimableMinor: bigint;
  /** The claim goes to review (issue mode review, or a contact is asked for). */
  apply: boolean;
}

/** Spec section 4's status of an activity for a player, and what its button does. */
export function activityStatus(input: StatusInput): {
  status: ActivityStatus;
  action: 'join' | 'claim' | 'apply' | null;
} {
  const over = input.closed || (input.endsAt !== null && input.now >= input.endsAt);
  if (over) return { status: 'close', action: null };
  if (input.now < input.startsAt) return { status: 'coming_soon', action: null };
  if (!input.eligible) return { status: 'close', action: null };
  if (input.needsJoin) return { status: 'join', action: 'join' };
  const claim = input.claim;
  if (claim) {
    if (claim.status === 'applying') return { status: 'applying', action: null };
    if (claim.status === 'rejected') return { status: 'rejected', action: null };
    const grant = claim.grant;
    if (grant && grant.status === 'wagering') {
      return { status: grant.done > 0n ? 'process' : 'issued', action: null };
    }
    return { status: 'claimed', action: null };
  }
  if (input.claimableMinor > 0n) return { status: 'claim', action: input.apply ? 'apply' : 'claim' };
  return { status: 'signed', action: null };
}

/** A stable, short name of the caller's device: its user agent, hashed. */
export function deviceOf(userAgent: string): string {
  return createHash('sha256').update(userAgent).digest('hex').slice(0, 32);
}
