import { z } from 'zod';
import { decimalPattern } from './rules/money';
import { pageOf, pageQueryOf } from './paging';
import { clientRequestId, paymentPassword } from './payments';
import { moneyText } from './wallet';

/**
 * Points and the points mall (issue 15, decision 0033): points are a second asset of the ledger
 * (currency PTS, hundredths of a point as its minor unit), earned on valid bets and deposits, never
 * expiring, redeemed for mall items (held while In Process, posted on approval, released on rejection)
 * or converted to balance; VIP levels by lifetime valid bet or points.
 */

/** Points with up to two decimals, such as "1250" or "12.50" (negative in records: points spent). */
export const pointsText = z.string().regex(/^-?\d{1,16}(\.\d{1,2})?$/, 'points such as 1250 or 12.50');
const positivePoints = z
  .string()
  .regex(decimalPattern(14, 2), 'points such as 100 or 12.50')
  .refine((text) => Number(text) > 0, 'more than zero');
const positiveMoney = z
  .string()
  .regex(decimalPattern(14, 4), 'an amount such as 100.00')
  .refine((text) => Number(text) > 0, 'more than zero');
/** A rate: points earned per 1.00 of valid bet or deposit, up to four decimals (0 earns nothing). */
const rateText = z.string().regex(decimalPattern(6, 4), 'points per 1.00, such as 0.01');

/** Spec section 3: the points types of the records (plus convert and the corrections of decision 0033). */
export const pointsEarnTypes = ['live', 'lottery', 'poker', 'slots', 'sports', 'deposit'] as const;
export type PointsEarnType = (typeof pointsEarnTypes)[number];
export const pointsRecordTypes = [
  ...pointsEarnTypes,
  'redeem',
  /** A rejected redeem's points back. */
  'redeem_released',
  'convert',
  /** A rolled-back bet's points taken back. */
  'rollback',
  'vip_reward',
] as const;
export type PointsRecordType = (typeof pointsRecordTypes)[number];

/** Spec section 4: a redeem is In Process, Rejected or Approved. */
export const redeemStatuses = ['in_process', 'rejected', 'approved'] as const;
export type RedeemStatus = (typeof redeemStatuses)[number];

/** What an item gives: cash into the main wallet, bonus credit into the bonus wallet, goods or a voucher. */
export const pointsItemKinds = ['cash', 'bonus', 'physical', 'voucher'] as const;
export type PointsItemKind = (typeof pointsItemKinds)[number];

/** Earning rates per type: points per 1.00 of valid bet (per 1.00 deposited for deposit). */
export const pointsRates = z.object({
  live: rateText,
  lottery: rateText,
  poker: rateText,
  slots: rateText,
  sports: rateText,
  deposit: rateText,
});
export type PointsRates = z.infer<typeof pointsRates>;

/** A VIP tier: reached when the lifetime figure (valid bet or points earned) reaches `threshold`. */
export const vipTier = z.object({
  level: z.number().int().min(1).max(50),
  name: z.string().trim().min(1).max(40),
  /** An amount (valid bet) or points, by the merchant's vipBasis. */
  threshold: z.string().regex(decimalPattern(14, 4), 'an amount or points such as 10000'),
  /** Paid once into the main wallet on reaching the level; null pays nothing. */
  levelUpReward: positiveMoney.nullable().default(null),
});
export type VipTier = z.infer<typeof vipTier>;

const vipTiers = z
  .array(vipTier)
  .max(50)
  .refine(
    (tiers) =>
      tiers.every(
        (tier, index) =>
          tier.level === index + 1 &&
          (index === 0 || Number(tier.threshold) > Number(tiers[index - 1]!.threshold)),
      ),
    'levels 1, 2, 3, ... with rising thresholds',
  );

/** The merchant's points settings (operator side). */
export const pointsSettings = z.object({
  /** Earning on or off (off: no bet or deposit earns, the balance and the mall stay). */
  earningEnabled: z.boolean(),
  rates: pointsRates,
  /** Points per 1.00 of balance when converting. */
  convertRatio: positivePoints,
  convertEnabled: z.boolean(),
  /** Cash redeems paying at most this amount are approved at once; null: every redeem waits. */
  autoApproveMax: positiveMoney.nullable(),
  vipBasis: z.enum(['valid_bet', 'points']),
  vipTiers,
});
export type PointsSettings = z.infer<typeof pointsSettings>;

/** `GET /wps/relay/points_config`: the rules a player sees (points rules page). */
export const pointsConfig = z.object({
  earningEnabled: z.boolean(),
  rates: pointsRates,
  convertEnabled: z.boolean(),
  convertRatio: pointsText,
  vipBasis: z.enum(['valid_bet', 'points']),
  vipTiers: z.array(
    z.object({
      level: z.number().int(),
      name: z.string(),
      threshold: z.string(),
      levelUpReward: moneyText.nullable(),
    }),
  ),
});
export type PointsConfig = z.infer<typeof pointsConfig>;

/** `GET /wps/relay/points_balance`: current points. */
export const pointsBalance = z.object({
  /** Points that can be redeemed or converted now. */
  balance: pointsText,
  /** Points held by redeems In Process. */
  held: pointsText,
  /** Points still owed by rolled-back bets whose points had been spent (repaid from the next earnings). */
  owed: pointsText,
  vip: z.object({ level: z.number().int(), name: z.string().nullable() }),
});
export type PointsBalance = z.infer<typeof pointsBalance>;

/** A mall item as a player sees it (`GET /wps/relay/points_reward`). */
export const pointsItem = z.object({
  id: z.string(),
  kind: z.enum(pointsItemKinds),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** Points requirement of one unit. */
  pointsPerUnit: pointsText,
  /** Cash and bonus: the amount one unit pays (the points ratio is pointsPerUnit : amountPerUnit). */
  amountPerUnit: moneyText.nullable(),
  minUnits: z.number().int(),
  maxUnits: z.number().int(),
  /** Units left; null: unlimited. */
  stock: z.number().int().nullable(),
  /** The lowest VIP level that may redeem it (0: everyone). */
  minVipLevel: z.number().int(),
  /** Physical and voucher items need a receiving address and phone. */
  needsAddress: z.boolean(),
  /** Cash and bonus items need the withdraw (payment) password. */
  needsPaymentPassword: z.boolean(),
});
export type PointsItem = z.infer<typeof pointsItem>;
export const pointsItemList = z.object({ items: z.array(pointsItem) });
export type PointsItemList = z.infer<typeof pointsItemList>;

/** `POST /wps/relay/points_redeem` (spec section 3 redeem fields: units, address, phone). */
export const pointsRedeemPayload = z.object({
  /** The redeem's own id from the client: a repeat answers the first redeem. */
  clientRequestId,
  itemId: z.string().regex(/^\d{1,12}$/, 'an item id'),
  units: z.number().int().min(1).max(10_000),
  /** Where cash leaves (cash and bonus items). */
  paymentPassword: paymentPassword.optional(),
  receivingAddress: z.string().trim().min(5).max(200).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, 'a phone number')
    .optional(),
});
export type PointsRedeemPayload = z.input<typeof pointsRedeemPayload>;

/** A redeem (redeem history row and the redeem's answer). */
export const pointsRedeem = z.object({
  /** Transaction reference. */
  reference: z.string(),
  appliedAt: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  itemKind: z.enum(pointsItemKinds),
  /** Quantity (units). */
  units: z.number().int(),
  /** Points requirement: the points this redeem takes. */
  pointsRequirement: pointsText,
  /** Amount requirement: the money the redeem pays (cash or bonus); null for goods and vouchers. */
  amountRequirement: moneyText.nullable(),
  /** Payment account: where the amount goes (main or bonus wallet); null for goods. */
  paymentAccount: z.enum(['main', 'bonus']).nullable(),
  receivingAddress: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(redeemStatuses),
  remark: z.string(),
  decidedAt: z.string().nullable(),
});
export type PointsRedeem = z.infer<typeof pointsRedeem>;
export const pointsRedeemResult = z.object({ redeem: pointsRedeem, replayed: z.boolean() });
export type PointsRedeemResult = z.infer<typeof pointsRedeemResult>;

export const pointsHistoryQuery = pageQueryOf(50).extend({ status: z.enum(redeemStatuses).optional() });
export const pointsRedeemPage = pageOf(pointsRedeem);
export type PointsRedeemPage = z.infer<typeof pointsRedeemPage>;

/** `GET /wps/relay/points_records`: points details, newest first. */
export const pointsRecordsQuery = pageQueryOf(50).extend({ type: z.enum(pointsRecordTypes).optional() });
export const pointsRecord = z.object({
  /** Transaction reference (the ledger transfer). */
  reference: z.string(),
  type: z.enum(pointsRecordTypes),
  time: z.string(),
  /** Changed points: positive earned, negative spent. */
  changedPoints: pointsText,
  /** Points balance after this change. */
  pointsBalance: pointsText,
  remark: z.string(),
});
export type PointsRecord = z.infer<typeof pointsRecord>;
export const pointsRecordPage = pageOf(pointsRecord);
export type PointsRecordPage = z.infer<typeof pointsRecordPage>;

/** `POST /wps/relay/points_convert`: points to balance at the merchant's ratio, when enabled. */
export const pointsConvertPayload = z.object({
  clientRequestId,
  points: positivePoints,
  paymentPassword,
});
export type PointsConvertPayload = z.input<typeof pointsConvertPayload>;
export const pointsConvertResult = z.object({
  reference: z.string(),
  points: pointsText,
  amount: moneyText,
  pointsBalance: pointsText,
  replayed: z.boolean(),
});
export type PointsConvertResult = z.infer<typeof pointsConvertResult>;

// --- operator calls ---

/** An item as an operator writes it. */
export const pointsItemPayload = z
  .object({
    kind: z.enum(pointsItemKinds),
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(500).default(''),
    imageUrl: z.string().trim().url().max(500).nullable().default(null),
    pointsPerUnit: positivePoints,
    /** Required for cash and bonus, absent for goods and vouchers. */
    amountPerUnit: positiveMoney.nullable().default(null),
    minUnits: z.number().int().min(1).max(10_000).default(1),
    maxUnits: z.number().int().min(1).max(10_000).default(1),
    stock: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
    minVipLevel: z.number().int().min(0).max(50).default(0),
    /** Bonus items: times the amount to wager before release (0 releases at once). */
    wageringMultiplier: z.number().int().min(0).max(100).default(0),
    enabled: z.boolean().default(true),
  })
  .refine((item) => item.minUnits <= item.maxUnits, { message: 'at most maxUnits', path: ['minUnits'] })
  .refine((item) => (item.kind === 'cash' || item.kind === 'bonus') === (item.amountPerUnit !== null), {
    message: 'cash and bonus items pay an amount per unit; goods and vouchers none',
    path: ['amountPerUnit'],
  });
export type PointsItemPayload = z.input<typeof pointsItemPayload>;

export const operatorPointsItem = pointsItem.extend({
  wageringMultiplier: z.number().int(),
  enabled: z.boolean(),
  redeemed: z.number().int(),
});
export type OperatorPointsItem = z.infer<typeof operatorPointsItem>;
export const operatorPointsItemList = z.object({ items: z.array(operatorPointsItem) });
export const pointsItemIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'an item id') });
export const operatorPointsItemResult = z.object({ item: operatorPointsItem });

export const operatorRedeemQuery = pageQueryOf(100).extend({ status: z.enum(redeemStatuses).optional() });
export const operatorPointsRedeem = pointsRedeem.extend({ memberId: z.number().int(), account: z.string() });
export type OperatorPointsRedeem = z.infer<typeof operatorPointsRedeem>;
export const operatorRedeemPage = pageOf(operatorPointsRedeem);
export const redeemIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'a redeem reference') });
export const redeemDecisionPayload = z.object({
  decision: z.enum(['approve', 'reject']),
  remark: z.string().trim().max(200).default(''),
});
export const redeemDecisionResult = z.object({ redeem: operatorPointsRedeem, replayed: z.boolean() });
