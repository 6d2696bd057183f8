import type { z } from 'zod';
import type {
  operatorRedeemQuery,
  PointsSettings,
  pointsItemPayload,
  redeemDecisionPayload,
} from '@portal/contracts';
import { parseMinor } from '@portal/contracts/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import * as repo from './points.repo';
import { parsePoints, parseRate } from './points-rules';
import {
  operatorItemView,
  operatorRedeemView,
  settingsView,
  defaultSettings,
  thresholdDecimals,
} from './points-views';
import { decide } from './redeems.service';
import { raiseVipLevels } from './vip.service';

/** The operator's side of points (decision 0033): settings and tiers, the mall's items, the redeem queue. */

function money(text: string, decimals: number): bigint {
  const minor = parseMinor(text, decimals);
  if (minor === null || minor <= 0n) throw new AppError('invalid_amount', `Not an amount: ${text}`);
  return minor;
}

export async function getSettings(db: Kysely<DB>, merchant: MerchantConfig): Promise<PointsSettings> {
  const [row, tiers] = await Promise.all([
    repo.selectSettings(db, merchant.id),
    repo.selectTiers(db, merchant.id),
  ]);
  return settingsView(row ?? defaultSettings(merchant.id), tiers, merchant);
}

/** Saves the settings and tiers; members whose figures now reach a higher tier rise (rewards paid once). */
export async function setSettings(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  settings: PointsSettings,
): Promise<PointsSettings> {
  const decimals = merchant.currency.decimals;
  const tierDecimals = thresholdDecimals(settings.vipBasis, merchant);
  const tiers = settings.vipTiers.map((tier) => {
    const threshold = parseMinor(tier.threshold, tierDecimals);
    if (threshold === null || threshold < 0n)
      throw new AppError('invalid_amount', `Not a threshold: ${tier.threshold}`);
    return {
      level: tier.level,
      name: tier.name,
      threshold_minor: threshold,
      level_up_reward_minor: tier.levelUpReward === null ? null : money(tier.levelUpReward, decimals),
    };
  });
  await db.transaction().execute(async (trx) => {
    await repo.upsertSettings(trx, {
      merchant_id: merchant.id,
      earning_enabled: settings.earningEnabled,
      live_rate_e4: parseRate(settings.rates.live),
      lottery_rate_e4: parseRate(settings.rates.lottery),
      poker_rate_e4: parseRate(settings.rates.poker),
      slots_rate_e4: parseRate(settings.rates.slots),
      sports_rate_e4: parseRate(settings.rates.sports),
      deposit_rate_e4: parseRate(settings.rates.deposit),
      convert_ratio_minor: parsePoints(settings.convertRatio),
      convert_enabled: settings.convertEnabled,
      auto_approve_max_minor:
        settings.autoApproveMax === null ? null : money(settings.autoApproveMax, decimals),
      vip_basis: settings.vipBasis,
    });
    await repo.replaceTiers(trx, merchant.id, tiers);
    await raiseVipLevels(trx, 'all', merchant.id);
  });
  return getSettings(db, merchant);
}

export async function listItems(db: Kysely<DB>, merchant: MerchantConfig) {
  const rows = await repo.selectItems(db, merchant.id, false);
  return { items: rows.map((row) => operatorItemView(row, merchant)) };
}

type ItemPayload = z.output<typeof pointsItemPayload>;

function itemRow(payload: ItemPayload, merchant: MerchantConfig) {
  return {
    kind: payload.kind,
    name: payload.name,
    description: payload.description,
    image_url: payload.imageUrl,
    points_per_unit_minor: parsePoints(payload.pointsPerUnit),
    amount_per_unit_minor:
      payload.amountPerUnit === null ? null : money(payload.amountPerUnit, merchant.currency.decimals),
    min_units: payload.minUnits,
    max_units: payload.maxUnits,
    stock: payload.stock,
    min_vip_level: payload.minVipLevel,
    wagering_multiplier: payload.wageringMultiplier,
    enabled: payload.enabled,
  };
}

export async function createItem(db: Kysely<DB>, merchant: MerchantConfig, payload: ItemPayload) {
  const row = await repo.insertItem(db, { merchant_id: merchant.id, ...itemRow(payload, merchant) });
  return { item: operatorItemView(row, merchant) };
}

export async function updateItem(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  itemId: bigint,
  payload: ItemPayload,
) {
  const row = await repo.updateItem(db, merchant.id, itemId, itemRow(payload, merchant));
  if (!row) throw new AppError('points_item_not_found', 'No such item');
  return { item: operatorItemView(row, merchant) };
}

export async function listRedeems(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  query: z.output<typeof operatorRedeemQuery>,
) {
  const { rows, total } = await repo.selectRedeemPage(
    db,
    { merchantId: merchant.id, status: query.status },
    query,
  );
  return {
    items: rows.map((row) => operatorRedeemView(row, merchant)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export function decideRedeem(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  redeemId: bigint,
  payload: z.output<typeof redeemDecisionPayload>,
  operatorId: number,
) {
  return decide(db, merchant, redeemId, payload.decision, payload.remark, operatorId);
}
