import type {
  PointsBalance,
  PointsConfig,
  PointsConvertPayload,
  PointsConvertResult,
  PointsItemList,
  PointsRecordPage,
  PointsRecordType,
  PointsRedeemPage,
  RedeemStatus,
} from '@portal/contracts';
import { formatMinor } from '@portal/contracts/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { playerAccount, pointsAccount, pointsCurrency, systemAccount, transfer } from '../wallet';
import * as repo from './points.repo';
import { cashFor, formatPoints, parsePoints } from './points-rules';
import { checkPaymentPassword, type PointsContext } from './redeems.service';
import { defaultSettings, itemView, redeemView, settingsView } from './points-views';

/** The player's side of points (decision 0033): balance, mall, rules, records, history, convert. */

async function settingsOf(db: Kysely<DB>, merchantId: number) {
  return (await repo.selectSettings(db, merchantId)) ?? defaultSettings(merchantId);
}

/** The VIP name of a level of the merchant's tiers (null for level 0 or a level without a tier). */
export async function vipName(db: Kysely<DB>, merchantId: number, level: number): Promise<string | null> {
  return level > 0 ? repo.selectTierName(db, merchantId, level) : null;
}

export async function balance(context: PointsContext): Promise<PointsBalance> {
  const { db, merchant, memberId } = context;
  const [points, held] = await Promise.all([
    repo.selectMemberPoints(db, merchant.id, memberId),
    repo.selectHeldPoints(db, memberId),
  ]);
  return {
    balance: formatPoints(points.balanceMinor),
    held: formatPoints(held),
    owed: formatPoints(points.owedMinor),
    vip: { level: points.vipLevel, name: await vipName(db, merchant.id, points.vipLevel) },
  };
}

/** The mall: enabled items, in stock or unlimited. */
export async function items(db: Kysely<DB>, merchant: MerchantConfig): Promise<PointsItemList> {
  const rows = await repo.selectItems(db, merchant.id, true);
  return {
    items: rows.filter((row) => row.stock === null || row.stock > 0).map((row) => itemView(row, merchant)),
  };
}

export async function config(db: Kysely<DB>, merchant: MerchantConfig): Promise<PointsConfig> {
  const [settings, tiers] = await Promise.all([
    settingsOf(db, merchant.id),
    repo.selectTiers(db, merchant.id),
  ]);
  const view = settingsView(settings, tiers, merchant);
  return {
    earningEnabled: view.earningEnabled,
    rates: view.rates,
    convertEnabled: view.convertEnabled,
    convertRatio: view.convertRatio,
    vipBasis: view.vipBasis,
    vipTiers: view.vipTiers,
  };
}

/** The ledger kinds of each record type. */
const kindsOfType: Record<PointsRecordType, string[]> = {
  live: ['points_live'],
  lottery: ['points_lottery'],
  poker: ['points_poker'],
  slots: ['points_slots'],
  sports: ['points_sports'],
  deposit: ['points_deposit'],
  redeem: ['points_redeem'],
  redeem_released: ['points_release'],
  convert: ['points_convert'],
  rollback: ['points_rollback'],
  vip_reward: ['points_vip'],
};
const typeOfKind = new Map(
  Object.entries(kindsOfType).flatMap(([type, kinds]) =>
    kinds.map((kind) => [kind, type as PointsRecordType]),
  ),
);

function remarkOf(kind: string, key: string, itemName: string | null): string {
  if (itemName !== null) return itemName;
  // Earned and taken-back points are summed per member and batch, named by the first source transfer.
  const source = /^points:(earn|rollback|repay):(?:[a-z]+:)?\d+:(\d+)$/.exec(key);
  if (source?.[1] === 'earn') return `from ledger #${source[2]}`;
  if (source?.[1] === 'rollback') return `rolled back, from ledger #${source[2]}`;
  if (source?.[1] === 'repay') return 'owed points repaid';
  return kind === 'points_convert' ? 'converted to balance' : '';
}

export async function records(
  context: PointsContext,
  query: { page: number; pageSize: number; type?: PointsRecordType },
): Promise<PointsRecordPage> {
  const kinds = query.type ? kindsOfType[query.type] : null;
  const { rows, total } = await repo.selectRecordPage(
    context.db,
    context.merchant.id,
    context.memberId,
    kinds,
    query,
  );
  return {
    items: rows.map((row) => ({
      reference: row.id.toString(),
      type: typeOfKind.get(row.kind) ?? 'rollback',
      time: new Date(row.created_at).toISOString(),
      changedPoints: formatPoints(BigInt(row.delta)),
      pointsBalance: formatPoints(BigInt(row.balance_after)),
      remark: remarkOf(row.kind, row.idempotency_key, row.item_name),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function redeemHistory(
  context: PointsContext,
  query: { page: number; pageSize: number; status?: RedeemStatus },
): Promise<PointsRedeemPage> {
  const { rows, total } = await repo.selectRedeemPage(
    context.db,
    { merchantId: context.merchant.id, memberId: context.memberId, status: query.status },
    query,
  );
  return {
    items: rows.map((row) => redeemView(row, context.merchant)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * Points to main-wallet balance at the merchant's ratio, once per client request id: the points go back
 * to the issuer and the amount is paid from the merchant's bonus account, in one transaction.
 */
export async function convert(
  context: PointsContext,
  payload: PointsConvertPayload,
): Promise<PointsConvertResult> {
  const { db, merchant, memberId } = context;
  const settings = await settingsOf(db, merchant.id);
  if (!settings.convert_enabled) throw new AppError('points_convert_off', 'Converting points is off');
  const pointsMinor = parsePoints(payload.points);
  const amountMinor = cashFor(pointsMinor, merchant.currency.decimals, settings.convert_ratio_minor);
  if (amountMinor <= 0n) throw new AppError('points_amount_too_small', 'Too few points to convert');
  await checkPaymentPassword(context, payload.paymentPassword);
  const currency = merchant.currency.code;
  const keyOf = (what: string) => `points:${what}:${memberId}:${payload.clientRequestId}`;
  const result = await db.transaction().execute(async (trx) => {
    let spent;
    try {
      spent = await transfer(trx, {
        debit: pointsAccount(merchant.id, memberId),
        credit: systemAccount(merchant.id, pointsCurrency, 'points_issuer', memberId),
        amountMinor: pointsMinor,
        kind: 'points_convert',
        idempotencyKey: keyOf('convert'),
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        throw new AppError('points_insufficient', 'Not enough points', error.value);
      }
      throw error;
    }
    await transfer(trx, {
      debit: systemAccount(merchant.id, currency, 'bonus', memberId),
      credit: playerAccount(merchant.id, currency, memberId),
      amountMinor,
      kind: 'bonus',
      idempotencyKey: keyOf('convert-pay'),
    });
    return spent;
  });
  const points = await repo.selectMemberPoints(db, merchant.id, memberId);
  return {
    reference: result.transferId.toString(),
    points: formatPoints(pointsMinor),
    amount: formatMinor(amountMinor, merchant.currency.decimals),
    pointsBalance: formatPoints(points.balanceMinor),
    replayed: result.replayed,
  };
}
