import type {
  OperatorPointsItem,
  OperatorPointsRedeem,
  PointsItem,
  PointsRedeem,
  PointsSettings,
} from '@portal/contracts';
import { formatMinor } from '@portal/contracts/rules';
import type { MerchantConfig } from '../system';
import type { ItemRow, RedeemRow, SettingsRow } from './points.repo';
import { formatPoints, formatRate } from './points-rules';

/** Presenters: points rows as the contracts' shapes (decision 0033). */

export function itemView(row: ItemRow, merchant: MerchantConfig): PointsItem {
  const decimals = merchant.currency.decimals;
  return {
    id: row.id.toString(),
    kind: row.kind,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    pointsPerUnit: formatPoints(row.points_per_unit_minor),
    amountPerUnit:
      row.amount_per_unit_minor === null ? null : formatMinor(row.amount_per_unit_minor, decimals),
    minUnits: row.min_units,
    maxUnits: row.max_units,
    stock: row.stock,
    minVipLevel: row.min_vip_level,
    needsAddress: row.kind === 'physical' || row.kind === 'voucher',
    needsPaymentPassword: row.kind === 'cash' || row.kind === 'bonus',
  };
}

export function operatorItemView(row: ItemRow, merchant: MerchantConfig): OperatorPointsItem {
  return {
    ...itemView(row, merchant),
    wageringMultiplier: row.wagering_multiplier,
    enabled: row.enabled,
    redeemed: Number(row.redeemed_units),
  };
}

export function redeemView(row: RedeemRow, merchant: MerchantConfig): PointsRedeem {
  return {
    reference: row.id.toString(),
    appliedAt: row.created_at.toISOString(),
    itemId: row.item_id.toString(),
    itemName: row.item_name,
    itemKind: row.item_kind,
    units: row.units,
    pointsRequirement: formatPoints(row.points_minor),
    amountRequirement:
      row.amount_minor === null ? null : formatMinor(row.amount_minor, merchant.currency.decimals),
    paymentAccount: row.item_kind === 'cash' ? 'main' : row.item_kind === 'bonus' ? 'bonus' : null,
    receivingAddress: row.receiving_address,
    phone: row.phone,
    status: row.status,
    remark: row.remark,
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

export function operatorRedeemView(row: RedeemRow, merchant: MerchantConfig): OperatorPointsRedeem {
  return { ...redeemView(row, merchant), memberId: row.member_id, account: row.username };
}

/** The settings a merchant without a row has: earning off, nothing to convert, no tiers. */
export function defaultSettings(merchantId: number): SettingsRow {
  return {
    merchant_id: merchantId,
    earning_enabled: false,
    live_rate_e4: 0n,
    lottery_rate_e4: 0n,
    poker_rate_e4: 0n,
    slots_rate_e4: 0n,
    sports_rate_e4: 0n,
    deposit_rate_e4: 0n,
    convert_ratio_minor: 10_000n,
    convert_enabled: false,
    auto_approve_max_minor: null,
    vip_basis: 'valid_bet',
  };
}

export interface TierRow {
  level: number;
  name: string;
  threshold_minor: bigint;
  level_up_reward_minor: bigint | null;
}

/** A tier's threshold is an amount (valid bet, the currency's decimals) or points (two decimals). */
export function thresholdDecimals(basis: 'valid_bet' | 'points', merchant: MerchantConfig): number {
  return basis === 'points' ? 2 : merchant.currency.decimals;
}

export function settingsView(row: SettingsRow, tiers: TierRow[], merchant: MerchantConfig): PointsSettings {
  const decimals = merchant.currency.decimals;
  return {
    earningEnabled: row.earning_enabled,
    rates: {
      live: formatRate(row.live_rate_e4),
      lottery: formatRate(row.lottery_rate_e4),
      poker: formatRate(row.poker_rate_e4),
      slots: formatRate(row.slots_rate_e4),
      sports: formatRate(row.sports_rate_e4),
      deposit: formatRate(row.deposit_rate_e4),
    },
    convertRatio: formatPoints(row.convert_ratio_minor),
    convertEnabled: row.convert_enabled,
    autoApproveMax:
      row.auto_approve_max_minor === null ? null : formatMinor(row.auto_approve_max_minor, decimals),
    vipBasis: row.vip_basis,
    vipTiers: tiers.map((tier) => ({
      level: tier.level,
      name: tier.name,
      threshold: formatMinor(tier.threshold_minor, thresholdDecimals(row.vip_basis, merchant)),
      levelUpReward:
        tier.level_up_reward_minor === null ? null : formatMinor(tier.level_up_reward_minor, decimals),
    })),
  };
}
