import type { Kysely } from 'kysely';
import type {
  ActivityClaimPayload,
  ActivityClaimResult,
  PlayerActivity,
  RewardCenter,
} from '@portal/contracts';
import { formatMinor } from '@portal/contracts/rules';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isBlocked } from '../responsible-gaming';
import type { MerchantConfig } from '../system';
import { evaluate, parsed, type Activity, type Evaluation } from './activity-evaluation';
import { bonusWallet, issueBonus, refreshWagering } from './bonus-wallet';
import { activityStatus, deviceOf, oncePerPlayer } from './reward-rules';
import * as repo from './rewards.repo';

/**
 * The player's side of rewards (decision 0030): the reward centre's statuses, joining, claiming once per
 * (activity, player, period) and the bonus wallet.
 */

export interface RewardContext {
  db: Kysely<DB>;
  merchant: MerchantConfig;
  memberId: number;
  /** Where the call came from, for the one-account-per-device rule of new-player activities. */
  origin?: { ip: string; userAgent: string };
  now?: Date;
}

/**
 * Whether the member may take part at all: new-player activities only for accounts registered after the
 * start, and only from the activity's VIP level up (decision 0033).
 */
function eligible(activity: Activity, member: { created_at: Date; vip_level: number }): boolean {
  return (
    (!activity.new_players_only || member.created_at >= activity.starts_at) &&
    member.vip_level >= activity.min_vip_level
  );
}

const asksForContact = (activity: Activity) => activity.rules.kind === 'social_contact';

/**
 * Refuses reward activities, red envelopes and raffles to a player on a break or self-excluded (issue 17:
 * no promotions while blocked; docs/responsible-gaming.md).
 */
export async function refuseWhileBlocked(context: RewardContext, now: Date): Promise<void> {
  if (await isBlocked(context.db, context.memberId, now)) {
    throw new AppError('rg_no_promotions', 'No promotions during a break or self-exclusion');
  }
}

/**
 * The reward centre: every activity of the merchant with the member's status and action; none for a
 * player on a break or self-excluded.
 */
export async function rewardCenter(context: RewardContext): Promise<RewardCenter> {
  const now = context.now ?? new Date();
  const { db, merchant, memberId } = context;
  if (await isBlocked(db, memberId, now)) return { activities: [] };
  const member = await repo.selectMember(db, merchant.id, memberId);
  const activities = (await repo.selectActivities(db, merchant.id))
    .map(parsed)
    .filter((activity): activity is Activity => activity !== null);
  const joined = await repo.selectJoined(db, memberId);
  const claims = await repo.selectMemberClaims(
    db,
    memberId,
    activities.map((activity) => activity.id),
  );
  const result: PlayerActivity[] = [];
  for (const activity of activities) {
    const joinedAt = joined.get(String(activity.id)) ?? null;
    const open =
      !activity.closed_at && (!activity.ends_at || now < activity.ends_at) && now >= activity.starts_at;
    const evaluation = open
      ? await evaluate(context, activity, member.created_at, joinedAt, now)
      : { period: null, key: oncePerPlayer, amountMinor: 0n, streak: null };
    const claim = claims.find(
      (candidate) => candidate.activity_id === activity.id && candidate.period_key === evaluation.key,
    );
    const { status, action } = activityStatus({
      now,
      startsAt: activity.starts_at,
      endsAt: activity.ends_at,
      closed: activity.closed_at !== null,
      eligible: eligible(activity, member),
      needsJoin: activity.requires_join && joinedAt === null,
      claim: claim
        ? {
            status: claim.status,
            grant: claim.grant_status
              ? { status: claim.grant_status, done: claim.wagering_done_minor ?? 0n }
              : null,
          }
        : null,
      claimableMinor: evaluation.amountMinor,
      apply: activity.issue === 'review' || asksForContact(activity),
    });
    result.push(
      present(
        activity,
        merchant,
        status,
        action,
        claim ? claim.amount_minor : evaluation.amountMinor,
        evaluation,
      ),
    );
  }
  return { activities: result };
}

function present(
  activity: Activity,
  merchant: MerchantConfig,
  status: PlayerActivity['status'],
  action: PlayerActivity['action'],
  amountMinor: bigint,
  evaluation: Pick<Evaluation, 'streak' | 'progress'>,
): PlayerActivity {
  const progress = evaluation.progress;
  return {
    id: String(activity.id),
    kind: activity.kind,
    title: activity.title,
    promotionId: activity.announcement_id === null ? null : String(activity.announcement_id),
    startsAt: activity.starts_at.toISOString(),
    endsAt: activity.ends_at?.toISOString() ?? null,
    status,
    action,
    amount: amountMinor > 0n ? formatMinor(amountMinor, merchant.currency.decimals) : null,
    rules: activity.rules,
    wageringMultiplier: activity.wagering_multiplier,
    withdrawRule: activity.withdraw_rule,
    requiresContact: asksForContact(activity),
    allowComments: activity.allow_comments,
    streak: evaluation.streak,
    progress: progress
      ? {
          current: formatMinor(progress.current, progress.decimals),
          target: formatMinor(progress.target, progress.decimals),
        }
      : null,
  };
}

/** The activity, open now, for the member; the reasons it is not are the call's errors. */
async function openActivity(context: RewardContext, id: bigint, now: Date) {
  await refuseWhileBlocked(context, now);
  const row = await repo.selectActivity(context.db, context.merchant.id, id);
  const activity = row ? parsed(row) : null;
  if (!activity) throw new AppError('activity_not_found', 'No such activity');
  if (activity.closed_at || now < activity.starts_at || (activity.ends_at && now >= activity.ends_at)) {
    throw new AppError('activity_not_open', 'The activity is not open now');
  }
  const member = await repo.selectMember(context.db, context.merchant.id, context.memberId);
  if (!eligible(activity, member)) {
    throw new AppError(
      'activity_not_eligible',
      member.vip_level < activity.min_vip_level
        ? `The activity is for VIP level ${activity.min_vip_level} and above`
        : 'The activity is for players who registered after it started',
    );
  }
  return { activity, member };
}

/** Joins an activity (once; joining again changes nothing) and answers its new status. */
export async function joinActivity(context: RewardContext, id: bigint): Promise<PlayerActivity> {
  const now = context.now ?? new Date();
  await openActivity(context, id, now);
  await repo.insertJoin(context.db, id, context.memberId);
  const center = await rewardCenter({ ...context, now });
  return center.activities.find((activity) => activity.id === String(id))!;
}

/**
 * Claims what the activity pays now, exactly once per (activity, member, period): the claim's unique key
 * and the bonus transfer's idempotency key both name it, so a double click, a retry or a parallel claim
 * pays once and answers the first claim's outcome.
 */
export async function claimActivity(
  context: RewardContext,
  id: bigint,
  payload: ActivityClaimPayload,
): Promise<ActivityClaimResult> {
  const now = context.now ?? new Date();
  const { db, merchant, memberId } = context;
  const { activity, member } = await openActivity(context, id, now);
  const joinedAt = activity.requires_join
    ? ((await repo.selectJoinedAt(db, activity.id, memberId))?.joined_at ?? null)
    : null;
  if (activity.requires_join && !joinedAt) {
    throw new AppError('activity_not_eligible', 'Join the activity first');
  }
  const decimals = merchant.currency.decimals;
  const evaluation = await evaluate(context, activity, member.created_at, joinedAt, now);
  const earlier = await repo.selectClaimByKey(db, activity.id, memberId, evaluation.key);
  const answer = (claim: NonNullable<typeof earlier>, replayed: boolean): ActivityClaimResult => ({
    status: activityStatus({
      now,
      startsAt: activity.starts_at,
      endsAt: activity.ends_at,
      closed: false,
      eligible: true,
      needsJoin: false,
      claim: {
        status: claim.status,
        grant: claim.grant_status
          ? { status: claim.grant_status, done: claim.wagering_done_minor ?? 0n }
          : null,
      },
      claimableMinor: 0n,
      apply: false,
    }).status,
    amount: formatMinor(claim.amount_minor, decimals),
    replayed,
  });
  if (earlier) return answer(earlier, true);
  if (evaluation.amountMinor <= 0n) {
    throw new AppError('activity_nothing_to_claim', 'Nothing to claim yet');
  }
  if (asksForContact(activity) && !payload.contact) {
    throw new AppError('activity_contact_required', 'This bonus needs a Zalo or WhatsApp id');
  }
  const origin = context.origin ?? { ip: '', userAgent: '' };
  const device = deviceOf(origin.userAgent);
  const review = activity.issue === 'review' || asksForContact(activity);
  const inserted = await db.transaction().execute(async (trx) => {
    if (activity.new_players_only) {
      // One account per address and device: claims from either are serialised, then checked.
      for (const name of [`ip:${origin.ip}`, `device:${device}`].sort()) {
        await repo.lockClaimOrigin(trx, activity.id, name);
      }
      if (await repo.claimedFromElsewhere(trx, activity.id, memberId, origin.ip, device)) {
        throw new AppError(
          'activity_same_device',
          'This bonus was claimed from this device or address already',
        );
      }
    }
    const claimId = await repo.insertClaim(trx, {
      merchantId: merchant.id,
      activityId: activity.id,
      memberId,
      periodKey: evaluation.key,
      amountMinor: evaluation.amountMinor,
      status: review ? 'applying' : 'issued',
      contact: payload.contact ?? null,
      ip: origin.ip,
      device,
    });
    if (claimId === undefined) return false;
    if (!review) {
      await issueBonus(trx, {
        merchant,
        memberId,
        claimId,
        idempotencyKey: claimTransferKey(activity.id, memberId, evaluation.key),
        amountMinor: evaluation.amountMinor,
        multiplier: activity.wagering_multiplier,
        weights: activity.wagering_weights,
        withdrawRule: activity.withdraw_rule,
      });
    }
    return true;
  });
  const claim = await repo.selectClaimByKey(db, activity.id, memberId, evaluation.key);
  return answer(claim!, !inserted);
}

/** The ledger key of a claim's bonus: what it pays for (activity, player, period). */
export function claimTransferKey(activityId: bigint, memberId: number, periodKey: string): string {
  return `reward:${activityId}:${memberId}:${periodKey}`;
}

/** The bonus wallet, its wagering progress brought up to date first. */
export async function memberBonusWallet(context: RewardContext) {
  await refreshWagering(context.db, { memberId: context.memberId });
  return bonusWallet(context.db, context.merchant, context.memberId);
}

/** The badges: missions, and other activities, with something to claim or apply for now. */
export async function claimableCounts(
  context: RewardContext,
): Promise<{ rewards: number; missions: number }> {
  const center = await rewardCenter(context);
  const open = center.activities.filter(
    (activity) => activity.action === 'claim' || activity.action === 'apply',
  );
  const missions = open.filter((activity) => activity.kind === 'mission').length;
  return { rewards: open.length - missions, missions };
}
