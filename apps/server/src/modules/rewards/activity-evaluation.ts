import { activityRules, type ActivityRules } from '@portal/contracts';
import { parseMinor } from '@portal/contracts/rules';
import { zoneOfGmtOffset, type Period } from '../../lib/periods';
import { claimKey, claimPeriod, dayOf, percentOf, signInAmount, signInStreak } from './reward-rules';
import { referralDue } from './referral-evaluation';
import * as repo from './rewards.repo';
import type { RewardContext } from './rewards.service';

/**
 * What an activity pays a player now (decision 0030): the rules engine's reads - deposits, the rollups'
 * figures, earlier sign-ins - turned into the claim's period, its amount and a mission's progress.
 */

export interface Activity extends Omit<repo.ActivityRow, 'rules'> {
  rules: ActivityRules;
}

/** The stored rules, read through their schema (a row that no longer parses is left out). */
export function parsed(row: repo.ActivityRow): Activity | null {
  const rules = activityRules.safeParse(row.rules);
  return rules.success ? { ...row, rules: rules.data } : null;
}

export interface Evaluation {
  period: Period | null;
  key: string;
  /** What a claim now pays; 0 when nothing is due (yet). */
  amountMinor: bigint;
  streak: number | null;
  /** A mission's figure and target (`decimals`: of the metric's unit). */
  progress?: { current: bigint; target: bigint; decimals: number };
}

/** What the activity pays the member if claimed now, and for which period. */
export async function evaluate(
  context: RewardContext,
  activity: Activity,
  memberCreatedAt: Date,
  joinedAt: Date | null,
  now: Date,
): Promise<Evaluation> {
  const { db, merchant, memberId } = context;
  const decimals = merchant.currency.decimals;
  const zone = zoneOfGmtOffset(merchant.gmtOffsetMinutes);
  const period = claimPeriod(activity, now, zone);
  const key = claimKey(period);
  const rules = activity.rules;
  const money = (text: string) => parseMinor(text, decimals) ?? 0n;
  const result = (amountMinor: bigint, streak: number | null = null): Evaluation => ({
    period,
    key,
    amountMinor,
    streak,
  });
  switch (rules.kind) {
    case 'first_deposit': {
      const [first] = await repo.selectDeposits(db, merchant.id, memberId, memberCreatedAt, 1);
      const inWindow =
        first &&
        first.created_at >= activity.starts_at &&
        (!activity.ends_at || first.created_at < activity.ends_at);
      if (!first || !inWindow || first.amount_minor < money(rules.minDeposit)) return result(0n);
      return result(percentOf(first.amount_minor, rules.percent, money(rules.cap)));
    }
    case 'reload_deposit': {
      const since = period ? period.start : activity.starts_at;
      const [first] = await repo.selectDeposits(db, merchant.id, memberId, memberCreatedAt, 1);
      const deposits = await repo.selectDeposits(db, merchant.id, memberId, since, 50);
      const reload = deposits.find(
        (deposit) =>
          deposit.id !== first?.id &&
          deposit.created_at >= activity.starts_at &&
          deposit.amount_minor >= money(rules.minDeposit),
      );
      return result(reload ? percentOf(reload.amount_minor, rules.percent, money(rules.cap)) : 0n);
    }
    case 'cashback': {
      const previous = period!;
      const overlaps =
        previous.end > activity.starts_at && (!activity.ends_at || previous.start < activity.ends_at);
      const joinedInTime = !activity.requires_join || (joinedAt !== null && joinedAt < previous.end);
      const caughtUp = await repo.selectRollupCaughtUpAt(db);
      if (!overlaps || !joinedInTime || !caughtUp || caughtUp < previous.end) return result(0n);
      const first = dayOf(previous.start, zone);
      const last = dayOf(new Date(previous.end.getTime() - 1), zone);
      const figures = await repo.selectMemberFigures(db, memberId, first, last);
      const basis = rules.basis === 'net_loss' ? -figures.profitMinor : figures.validBetMinor;
      return result(percentOf(basis, rules.percent, money(rules.cap)));
    }
    case 'sign_in': {
      const claims = await repo.selectMemberClaims(db, memberId, [activity.id]);
      const streak = signInStreak(period!, new Set(claims.map((claim) => claim.period_key)));
      return result(signInAmount(rules.amounts, streak, decimals), streak);
    }
    case 'social_contact':
      return result(money(rules.amount));
    case 'mission': {
      const progress = await missionProgress(context, rules, period!);
      return { ...result(progress.current >= progress.target ? money(rules.reward) : 0n), progress };
    }
    case 'leaderboard':
      // Paid by the leaderboard job when the period closes; nothing to claim.
      return result(0n);
    case 'referral': {
      // One claim per friend (decision 0032): the key names the friend the claim pays for.
      const due = await referralDue(context, activity, rules);
      return { ...result(due.amountMinor), key: due.key };
    }
  }
}

type MissionRules = Extract<ActivityRules, { kind: 'mission' }>;

/** A mission's figure this period and its target, in the metric's unit (minor units for valid bet). */
async function missionProgress(context: RewardContext, rules: MissionRules, period: Period) {
  const zone = zoneOfGmtOffset(context.merchant.gmtOffsetMinutes);
  const decimals = rules.metric === 'valid_bet' ? context.merchant.currency.decimals : 0;
  const current = await repo.selectMissionFigure(
    context.db,
    context.memberId,
    dayOf(period.start, zone),
    dayOf(new Date(period.end.getTime() - 1), zone),
    rules.metric,
    rules.gameType,
  );
  return { current, target: parseMinor(rules.target, decimals) ?? 0n, decimals };
}
