import { z } from 'zod';
import { decimalPattern } from './rules/money';
import { gameType } from './games';
import { pageOf, pageQueryOf } from './paging';
import { moneyText } from './wallet';

/**
 * Rewards (decision 0030, docs/rewards.md): activities attached to promotions, claimed by players and
 * paid into a bonus wallet that is released to the main wallet once its wagering is met.
 */

/** Spec section 4: the activity statuses a player sees, exactly these. */
export const activityStatuses = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'signed',
  'coming_soon',
] as const;
export type ActivityStatus = (typeof activityStatuses)[number];

/** The kinds of activity the rules engine knows. */
export const activityKinds = [
  'first_deposit',
  'reload_deposit',
  'cashback',
  'sign_in',
  'social_contact',
  'mission',
  'leaderboard',
  'referral',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** A positive amount such as 100.00 (the merchant's currency). */
const positiveMoney = z
  .string()
  .regex(decimalPattern(16, 4), 'an amount such as 100.00')
  .refine((text) => Number(text) > 0, 'more than zero');
/** A percentage with up to two decimals, above 0 and at most 1000 (a tenfold match). */
const percentText = z
  .string()
  .regex(decimalPattern(4, 2), 'a percentage such as 10.00')
  .refine((text) => Number(text) > 0 && Number(text) <= 1000, 'above 0 and at most 1000');

/** What the activity pays, by kind. */
export const activityRules = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('first_deposit'),
    /** Share of the qualifying deposit paid as bonus. */
    percent: percentText,
    cap: positiveMoney,
    minDeposit: positiveMoney,
  }),
  z.object({
    kind: z.literal('reload_deposit'),
    percent: percentText,
    cap: positiveMoney,
    minDeposit: positiveMoney,
  }),
  z.object({
    kind: z.literal('cashback'),
    /** Net loss (bets minus wins) or valid bet of the previous period. */
    basis: z.enum(['net_loss', 'valid_bet']),
    percent: percentText,
    cap: positiveMoney,
    period: z.enum(['day', 'week']),
  }),
  z.object({
    kind: z.literal('sign_in'),
    /** The amount of the nth consecutive day (the last repeats), 1 to 31 days. */
    amounts: z.array(positiveMoney).min(1).max(31),
  }),
  z.object({
    kind: z.literal('social_contact'),
    /** At most the merchant's cap for contact bonuses (rewardSettings.socialContactCap). */
    amount: positiveMoney,
  }),
  z.object({
    kind: z.literal('mission'),
    /** A daily or weekly task, claimed once per period when its target is reached. */
    period: z.enum(['day', 'week']),
    /** Valid bet (an amount), bets or deposits (counts), on one game type or all. */
    metric: z.enum(['valid_bet', 'bet_count', 'deposit_count']),
    gameType: gameType.nullable().default(null),
    /** An amount such as 500.00 for valid_bet, a whole number for the counts. */
    target: z.string().regex(decimalPattern(12, 4), 'an amount or a count'),
    reward: positiveMoney,
  }),
  z.object({
    kind: z.literal('leaderboard'),
    /** Players ranked by valid bet over each period; prizes paid once when the period has closed. */
    period: z.enum(['day', 'week']),
    metric: z.literal('valid_bet').default('valid_bet'),
    /** The prize of rank 1, 2, ... (at most 20). */
    prizes: z.array(positiveMoney).min(1).max(20),
  }),
  z.object({
    kind: z.literal('referral'),
    /** A referred friend counts once their deposits since registering reach this (decision 0032). */
    minDeposit: positiveMoney,
    /** Paid to the referrer once per friend who counts. */
    referrerReward: positiveMoney,
    /** Paid to the friend once. */
    friendReward: positiveMoney,
  }),
]);
export type ActivityRules = z.infer<typeof activityRules>;

/** Weights of valid bets by game type towards wagering, in percent (a type not listed counts 100). */
export const wageringRules = z.object({
  /** Times the bonus amount to bet before it is released; 0 releases at once. */
  multiplier: z.number().int().min(0).max(100),
  weights: z
    .record(z.string().regex(/^[A-Z_]{1,16}$/, 'a game type such as RNG'), z.number().int().min(0).max(100))
    .refine((weights) => Object.keys(weights).length <= 16, 'at most 16 game types'),
});
export type WageringRules = z.infer<typeof wageringRules>;

const isoInstant = z.iso.datetime({ offset: true });

/** An activity as an operator writes it. */
export const activityPayload = z
  .object({
    title: z.string().trim().min(1).max(80),
    /** The promotion (announcement of type PR) whose page shows the activity's button. */
    promotionId: z
      .string()
      .regex(/^\d{1,12}$/)
      .nullable()
      .default(null),
    rules: activityRules,
    startsAt: isoInstant,
    endsAt: isoInstant.nullable().default(null),
    /** Only accounts registered after the activity started, one per device and address. */
    newPlayersOnly: z.boolean().default(false),
    /** Paid once per player, or once per period (a day; cashback: its period). */
    once: z.enum(['player', 'period']).default('player'),
    /** Players opt in before it counts (cashback). */
    requiresJoin: z.boolean().default(false),
    issue: z.enum(['auto', 'review']).default('auto'),
    wagering: wageringRules.default({ multiplier: 0, weights: {} }),
    /** A withdrawal while wagering is unmet: refused, or it forfeits the bonus. */
    withdrawRule: z.enum(['refuse', 'forfeit']).default('refuse'),
    /** Players may comment on it (140 characters, up to 3 images; spec section 5). */
    allowComments: z.boolean().default(false),
    /** Only players at this VIP level or above (decision 0033; 0: everyone). */
    minVipLevel: z.number().int().min(0).max(50).default(0),
  })
  .refine((value) => !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt), {
    message: 'ends after it starts',
    path: ['endsAt'],
  });
export type ActivityPayload = z.input<typeof activityPayload>;

/** An activity as a player sees it, with the caller's status. */
export const playerActivity = z.object({
  id: z.string(),
  kind: z.enum(activityKinds),
  title: z.string(),
  promotionId: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(activityStatuses),
  /** What the button does now; null when there is nothing to do. */
  action: z.enum(['join', 'claim', 'apply']).nullable(),
  /** What a claim now would pay (null when it depends on what is still to come). */
  amount: moneyText.nullable(),
  /** The rules, for the activity's terms. */
  rules: activityRules,
  wageringMultiplier: z.number().int(),
  withdrawRule: z.enum(['refuse', 'forfeit']),
  requiresContact: z.boolean(),
  /** Players may comment on it (activityComments). */
  allowComments: z.boolean(),
  /** Sign-in: consecutive days signed so far, including today. */
  streak: z.number().int().nullable(),
  /** Mission: this period's figure and the target, in the metric's unit (an amount or a count). */
  progress: z.object({ current: z.string(), target: z.string() }).nullable(),
});
export type PlayerActivity = z.infer<typeof playerActivity>;

export const rewardCenter = z.object({ activities: z.array(playerActivity) });
export type RewardCenter = z.infer<typeof rewardCenter>;

export const activityIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'an activity id') });

/** Spec section 5: a contact bonus needs a Zalo or WhatsApp id. */
export const activityClaimPayload = z.object({
  contact: z
    .object({
      app: z.enum(['zalo', 'whatsapp']),
      id: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_.+-]{3,40}$/, 'a Zalo or WhatsApp id (3 to 40 letters, digits, + . _ -)'),
    })
    .optional(),
});
export type ActivityClaimPayload = z.input<typeof activityClaimPayload>;

export const activityClaimResult = z.object({
  status: z.enum(activityStatuses),
  amount: moneyText,
  /** True when this claim had been made already (nothing paid now). */
  replayed: z.boolean(),
});
export type ActivityClaimResult = z.infer<typeof activityClaimResult>;

/** A leaderboard's standing: the players' names are masked. */
export const leaderboardEntry = z.object({
  rank: z.number().int(),
  player: z.string(),
  figure: moneyText,
  prize: moneyText.nullable(),
  /** The caller's own entry. */
  mine: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

/** missionLeaderboard: a leaderboard's running period, the caller's place and the last winners. */
export const leaderboard = z.object({
  activityId: z.string(),
  title: z.string(),
  period: z.object({ key: z.string(), start: z.string(), end: z.string() }),
  prizes: z.array(moneyText),
  entries: z.array(leaderboardEntry),
  me: z.object({ rank: z.number().int().nullable(), figure: moneyText }),
  /** The last closed period's winners, once paid. */
  winners: z.object({ periodKey: z.string(), entries: z.array(leaderboardEntry) }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboard>;

export const bonusStatuses = ['wagering', 'released', 'forfeited'] as const;

/** A bonus in the bonus wallet, with its wagering progress. */
export const bonusGrant = z.object({
  id: z.string(),
  activityTitle: z.string(),
  amount: moneyText,
  /** Weighted valid bet needed before release. */
  wageringRequired: moneyText,
  wageringDone: moneyText,
  status: z.enum(bonusStatuses),
  withdrawRule: z.enum(['refuse', 'forfeit']),
  issuedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type BonusGrant = z.infer<typeof bonusGrant>;

/**
 * How bets spend bonus money, a merchant setting (decision 0030): `locked` (not at all: bonus money waits
 * until released, the default), `real_first` (main wallet, then bonus wallet) or `bonus_first`.
 */
export const spendingOrders = ['locked', 'real_first', 'bonus_first'] as const;
export type SpendingOrder = (typeof spendingOrders)[number];

export const bonusWallet = z.object({
  /** Bonus money still in the bonus wallet (spendable by bets unless the order is `locked`). */
  balance: moneyText,
  /** The merchant's spending order. */
  spendingOrder: z.enum(spendingOrders),
  /** What a withdrawal does now: nothing to the bonuses, refused, or forfeits `forfeitAmount`. */
  withdrawal: z.enum(['free', 'refused', 'forfeits']),
  forfeitAmount: moneyText,
  bonuses: z.array(bonusGrant),
});
export type BonusWallet = z.infer<typeof bonusWallet>;

// --- operator calls ---

export const claimStatuses = ['applying', 'issued', 'rejected'] as const;

export const operatorActivity = z.object({
  id: z.string(),
  title: z.string(),
  promotionId: z.string().nullable(),
  rules: activityRules,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  newPlayersOnly: z.boolean(),
  once: z.enum(['player', 'period']),
  requiresJoin: z.boolean(),
  issue: z.enum(['auto', 'review']),
  wagering: wageringRules,
  withdrawRule: z.enum(['refuse', 'forfeit']),
  allowComments: z.boolean(),
  /** Only players at this VIP level or above (0: everyone). */
  minVipLevel: z.number().int().optional(),
  closed: z.boolean(),
  claims: z.number().int(),
  paid: moneyText,
});
export type OperatorActivity = z.infer<typeof operatorActivity>;

export const operatorActivityList = z.object({ activities: z.array(operatorActivity) });
export const activityCloseResult = z.object({ activity: operatorActivity });

export const operatorClaimQuery = pageQueryOf(100).extend({
  status: z.enum(claimStatuses).optional(),
});
export const operatorClaim = z.object({
  id: z.string(),
  activityId: z.string(),
  activityTitle: z.string(),
  memberId: z.number().int(),
  account: z.string(),
  periodKey: z.string(),
  amount: moneyText,
  status: z.enum(claimStatuses),
  contact: z.object({ app: z.enum(['zalo', 'whatsapp']), id: z.string() }).nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OperatorClaim = z.infer<typeof operatorClaim>;
export const operatorClaimPage = pageOf(operatorClaim);
export const claimIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'a claim id') });
export const claimDecisionPayload = z.object({
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().max(200).default(''),
});
export const claimDecisionResult = z.object({ claim: operatorClaim, replayed: z.boolean() });

/** Merchant-wide reward settings. */
export const rewardSettings = z.object({
  /** The most a contact-bonus activity may pay (spec section 9: up to 131K). */
  socialContactCap: positiveMoney,
  /** Whether and in which order bets spend bonus money (decision 0030); left out on write: unchanged. */
  spendingOrder: z.enum(spendingOrders).optional(),
});
export type RewardSettings = z.infer<typeof rewardSettings>;
