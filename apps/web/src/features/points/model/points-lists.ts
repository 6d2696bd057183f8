import type { PointsRecordType, RedeemStatus } from '@portal/contracts';

// The contracts' lists, repeated as types-checked constants: a value import of the contracts' schemas
// (redeemStatuses, pointsRecordTypes) would bring zod and every schema into the page's chunks, and once
// into home's first load. `satisfies` plus the exhaustiveness checks below keep them equal.

/** Spec section 4: the redeem statuses, in the order the filter offers them. */
export const redeemStatusList = [
  'in_process',
  'approved',
  'rejected',
] as const satisfies readonly RedeemStatus[];

/** The points record types, in the order the details filter offers them. */
export const recordTypeList = [
  'live',
  'lottery',
  'poker',
  'slots',
  'sports',
  'deposit',
  'redeem',
  'redeem_released',
  'convert',
  'rollback',
  'vip_reward',
] as const satisfies readonly PointsRecordType[];

/** The earning types with their own rate, as the rules page lists them. */
export const earnTypeList = ['live', 'lottery', 'poker', 'slots', 'sports', 'deposit'] as const;

// Compile-time: a status or type the contracts add and these lists miss fails the typecheck.
type Missing<All, Listed> = Exclude<All, Listed>;
const everyStatus: [Missing<RedeemStatus, (typeof redeemStatusList)[number]>] extends [never] ? true : false =
  true;
const everyType: [Missing<PointsRecordType, (typeof recordTypeList)[number]>] extends [never] ? true : false =
  true;
void everyStatus;
void everyType;
