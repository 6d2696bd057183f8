import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

/** Points and the points mall (migration 0020, decision 0033). Points are PTS minor units (1/100 point). */

export interface PointsSettingsTable {
  merchant_id: number;
  earning_enabled: Generated<boolean>;
  /** Points per 1.00 of valid bet (deposit: deposited), times 10^4. */
  live_rate_e4: Generated<bigint>;
  lottery_rate_e4: Generated<bigint>;
  poker_rate_e4: Generated<bigint>;
  slots_rate_e4: Generated<bigint>;
  sports_rate_e4: Generated<bigint>;
  deposit_rate_e4: Generated<bigint>;
  /** Points (minor) per 1.00 of the merchant's currency when converting. */
  convert_ratio_minor: Generated<bigint>;
  convert_enabled: Generated<boolean>;
  auto_approve_max_minor: bigint | null;
  vip_basis: Generated<'valid_bet' | 'points'>;
  updated_at: UpdatedAt;
}

export interface PointsVipTiersTable {
  merchant_id: number;
  level: number;
  name: string;
  /** Valid bet in the currency's minor units, or points (minor), by the merchant's vip_basis. */
  threshold_minor: bigint;
  level_up_reward_minor: bigint | null;
}

export type PointsItemKind = 'cash' | 'bonus' | 'physical' | 'voucher';

export interface PointsItemsTable {
  id: Generated<bigint>;
  merchant_id: number;
  kind: PointsItemKind;
  name: string;
  description: Generated<string>;
  image_url: string | null;
  points_per_unit_minor: bigint;
  amount_per_unit_minor: bigint | null;
  min_units: number;
  max_units: number;
  stock: number | null;
  min_vip_level: Generated<number>;
  wagering_multiplier: Generated<number>;
  enabled: Generated<boolean>;
  redeemed_units: Generated<bigint>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type RedeemStatus = 'in_process' | 'rejected' | 'approved';

export interface PointsRedeemsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  item_id: bigint;
  client_request_id: string;
  request_hash: string;
  item_name: string;
  item_kind: PointsItemKind;
  units: number;
  points_minor: bigint;
  amount_minor: bigint | null;
  receiving_address: string | null;
  phone: string | null;
  status: RedeemStatus;
  remark: Generated<string>;
  hold_transfer_id: bigint;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}

export interface PointsMembersTable {
  member_id: number;
  merchant_id: number;
  /** Lifetime valid bet (stakes less rollbacks) in the currency's minor units, as the points job read it. */
  valid_bet_minor: Generated<bigint>;
  /** Lifetime points earned, less rolled-back bets' points. */
  earned_minor: Generated<bigint>;
  /** Points a rolled-back bet could not take back (already spent): repaid from the next earnings. */
  owed_minor: Generated<bigint>;
  updated_at: UpdatedAt;
}

export interface PointsVipRewardsTable {
  member_id: number;
  level: number;
  merchant_id: number;
  amount_minor: bigint;
  transfer_id: bigint | null;
  created_at: CreatedAt;
}

/** What each bet, deposit or rollback earned or took back, once (migration 0022; negative: taken back). */
export interface PointsEarningsTable {
  transfer_id: bigint;
  merchant_id: number;
  member_id: number;
  points_minor: bigint;
}
