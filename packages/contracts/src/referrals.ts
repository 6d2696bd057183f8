import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';
import { moneyText } from './wallet';

/**
 * The referral programme (decision 0032, docs/rewards.md): a player's code and link, the friends who
 * registered with it and their status, and what the referral activity paid. Offered only while the
 * merchant's referralPromotion module is on.
 */

/** Why a friend's referral pays nothing: the friend shares a device, an address or a payment account. */
export const referralRefusals = ['same_device', 'same_ip', 'same_payment_account'] as const;
export type ReferralRefusal = (typeof referralRefusals)[number];

/**
 * A friend as the referrer sees it: registered (deposits below the minimum), qualified (the referrer's
 * reward is ready to claim), rewarded (claimed), not counted (registered outside the activity's dates,
 * or no referral activity is open), or refused for self-referral.
 */
export const referralFriendStatuses = [
  'registered',
  'qualified',
  'rewarded',
  'not_counted',
  'refused_same_device',
  'refused_same_ip',
  'refused_same_payment_account',
] as const;
export type ReferralFriendStatus = (typeof referralFriendStatuses)[number];

export const referralFriend = z.object({
  /** The friend's account, masked (`fr***d`). */
  name: z.string(),
  registeredAt: z.string(),
  status: z.enum(referralFriendStatuses),
  /** The referrer's reward for this friend: paid, or ready to claim; null otherwise. */
  reward: moneyText.nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriend>;

/** GET /wps/rewards/referral: the caller's code, link, friends and rewards. */
export const referralView = z.object({
  /** The caller's referral code (letters and digits, the same for good). */
  code: z.string(),
  /** The registration address with the code filled in. */
  link: z.string(),
  /** The open referral activity (what a friend must deposit, what each side gets), or null. */
  activity: z
    .object({
      id: z.string(),
      title: z.string(),
      minDeposit: moneyText,
      referrerReward: moneyText,
      friendReward: moneyText,
      /** What a claim now pays (the next friend's reward, or the caller's own as a friend); null: nothing. */
      claimable: moneyText.nullable(),
      /** How many rewards are ready to claim (each claim pays one). */
      waiting: z.number().int(),
    })
    .nullable(),
  /** The most recent friends first (at most 200). */
  friends: z.array(referralFriend),
  friendCount: z.number().int(),
  /** Everything the referral activities paid the caller, as referrer and as friend. */
  earned: moneyText,
});
export type ReferralView = z.infer<typeof referralView>;

// --- operator calls ---

export const operatorReferralQuery = pageQueryOf(100).extend({
  /** counted: no self-referral found; refused: one was. */
  status: z.enum(['counted', 'refused']).optional(),
});

export const operatorReferral = z.object({
  friendId: z.number().int(),
  friend: z.string(),
  referrerId: z.number().int(),
  referrer: z.string(),
  /** The code the friend registered with. */
  code: z.string(),
  /** The friend's address at registration. */
  ip: z.string(),
  refused: z.enum(referralRefusals).nullable(),
  registeredAt: z.string(),
  /** The friend's deposits since registering. */
  deposited: moneyText,
  /** Referral rewards paid for this friend: to the referrer, and to the friend. */
  referrerPaid: moneyText,
  friendPaid: moneyText,
});
export type OperatorReferral = z.infer<typeof operatorReferral>;
export const operatorReferralPage = pageOf(operatorReferral);
