import type { ActivityRules } from '@portal/contracts';
import { parseMinor } from '@portal/contracts/rules';
import type { Activity } from './activity-evaluation';
import { oncePerPlayer } from './reward-rules';
import * as repo from './referrals.repo';
import * as rewardsRepo from './rewards.repo';
import type { RewardContext } from './rewards.service';

/**
 * What the `referral` activity pays a member now (decision 0032): the member's own reward as a referred
 * friend once (claim key `once`), then the referrer's reward once per friend who counts (claim key
 * `friend:<id>`), each claimed through the ordinary claim path, one claim at a time.
 */

type ReferralRules = Extract<ActivityRules, { kind: 'referral' }>;

/** Whether an instant falls within the activity's dates. */
export const inWindow = (activity: Activity, at: Date) =>
  at >= activity.starts_at && (!activity.ends_at || at < activity.ends_at);

/** The claim key of the referrer's reward for one friend. */
export const friendKey = (friendId: number) => `friend:${friendId}`;

export interface ReferralDue {
  /** The claim a claim now makes: `once` (the caller's own, as a friend) or `friend:<id>`. */
  key: string;
  amountMinor: bigint;
  /** How many rewards are ready to claim, this one included. */
  waiting: number;
}

/**
 * What the referral activity pays the member now: its own friend's reward first, then the oldest friend
 * who counts and is not yet claimed for. A friend counts when registered within the activity's dates, not
 * refused, with deposits of at least minDeposit.
 */
export async function referralDue(
  context: RewardContext,
  activity: Activity,
  rules: ReferralRules,
): Promise<ReferralDue> {
  const { db, memberId } = context;
  const money = (text: string) => parseMinor(text, context.merchant.currency.decimals) ?? 0n;
  const minimum = money(rules.minDeposit);
  const claims = await rewardsRepo.selectMemberClaims(db, memberId, [activity.id]);
  const claimed = new Set(claims.map((claim) => claim.period_key));
  const due: { key: string; amountMinor: bigint }[] = [];
  const own = await repo.selectReferralOfFriend(db, memberId);
  if (own && !own.refused && inWindow(activity, own.created_at) && !claimed.has(oncePerPlayer)) {
    if ((await repo.selectDeposited(db, memberId)) >= minimum) {
      due.push({ key: oncePerPlayer, amountMinor: money(rules.friendReward) });
    }
  }
  const friends = await repo.selectFriends(db, memberId);
  for (const friend of [...friends].reverse()) {
    const counts = !friend.refused && inWindow(activity, friend.created_at) && friend.deposited >= minimum;
    if (counts && !claimed.has(friendKey(friend.friend_id))) {
      due.push({ key: friendKey(friend.friend_id), amountMinor: money(rules.referrerReward) });
    }
  }
  const [next] = due;
  return next ? { ...next, waiting: due.length } : { key: oncePerPlayer, amountMinor: 0n, waiting: 0 };
}
