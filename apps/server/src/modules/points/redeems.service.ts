import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { PointsRedeemPayload, PointsRedeemResult } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { verifyPaymentPassword } from '../payments';
import { issueBonus } from '../rewards';
import type { MerchantConfig } from '../system';
import {
  hold,
  playerAccount,
  pointsAccount,
  pointsCurrency,
  settleHold,
  systemAccount,
  transfer,
} from '../wallet';
import * as repo from './points.repo';
import type { RedeemRow } from './points.repo';
import { defaultSettings, operatorRedeemView, redeemView } from './points-views';

/**
 * Redeems (decision 0033): the points are held (two-phase, like a withdrawal) in the transaction that
 * records the redeem, In Process; an operator's approval posts them and pays the item once (keys naming
 * the redeem), a rejection voids the hold. Cash redeems up to the merchant's threshold approve at once.
 */

export interface PointsContext {
  db: Kysely<DB>;
  merchant: MerchantConfig;
  memberId: number;
}

/** Answers the first redeem when a request id comes again (a different body is idempotency_conflict). */
class Replayed extends Error {}

function requestHash(payload: PointsRedeemPayload): string {
  const { paymentPassword: _password, ...rest } = payload;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

async function replayOf(context: PointsContext, payload: PointsRedeemPayload, hash: string) {
  const row = await repo.selectRedeemByRequest(context.db, context.memberId, payload.clientRequestId);
  if (!row) return undefined;
  if (row.request_hash !== hash) {
    throw new AppError('idempotency_conflict', 'This request id was used for a different redeem');
  }
  return { redeem: redeemView(row, context.merchant), replayed: true };
}

/** Redeems units of an item: checked first (nothing held on any refusal), then held In Process. */
export async function redeem(
  context: PointsContext,
  payload: PointsRedeemPayload,
): Promise<PointsRedeemResult> {
  const { db, merchant, memberId } = context;
  const hash = requestHash(payload);
  const earlier = await replayOf(context, payload, hash);
  if (earlier) return earlier;
  const item = await repo.selectItem(db, merchant.id, BigInt(payload.itemId));
  if (!item) throw new AppError('points_item_not_found', 'No such item in the points mall');
  if (!item.enabled) throw new AppError('points_item_unavailable', 'This item is withdrawn');
  if (payload.units < item.min_units || payload.units > item.max_units) {
    throw new AppError('points_units_out_of_range', `Redeem ${item.min_units} to ${item.max_units} units`, {
      minUnits: item.min_units,
      maxUnits: item.max_units,
    });
  }
  const needsAddress = item.kind === 'physical' || item.kind === 'voucher';
  if (needsAddress && (!payload.receivingAddress || !payload.phone)) {
    throw new AppError('points_address_required', 'A receiving address and a phone number are required');
  }
  const { vipLevel, balanceMinor } = await repo.selectMemberPoints(db, merchant.id, memberId);
  if (vipLevel < item.min_vip_level) {
    throw new AppError('points_vip_level_required', `VIP level ${item.min_vip_level} or above`);
  }
  const pointsMinor = item.points_per_unit_minor * BigInt(payload.units);
  if (pointsMinor > balanceMinor) throw insufficient(balanceMinor);
  const cashLeaves = item.kind === 'cash' || item.kind === 'bonus';
  if (cashLeaves) await checkPaymentPassword(context, payload.paymentPassword);
  const amountMinor =
    item.amount_per_unit_minor === null ? null : item.amount_per_unit_minor * BigInt(payload.units);
  try {
    const redeemId = await db.transaction().execute(async (trx) => {
      if (!(await repo.takeStock(trx, item.id, payload.units))) {
        throw new AppError('points_item_unavailable', 'This item is out of stock');
      }
      const held = await holdPoints(trx, merchant.id, memberId, pointsMinor, payload.clientRequestId);
      if (held.replayed) throw new Replayed();
      const { id } = await repo.insertRedeem(trx, {
        merchant_id: merchant.id,
        member_id: memberId,
        item_id: item.id,
        client_request_id: payload.clientRequestId,
        request_hash: hash,
        item_name: item.name,
        item_kind: item.kind,
        units: payload.units,
        points_minor: pointsMinor,
        amount_minor: amountMinor,
        receiving_address: needsAddress ? payload.receivingAddress! : null,
        phone: needsAddress ? payload.phone! : null,
        status: 'in_process',
        hold_transfer_id: held.transferId,
        decided_by: null,
        decided_at: null,
      });
      const settings = (await repo.selectSettings(trx, merchant.id)) ?? defaultSettings(merchant.id);
      const limit = settings.auto_approve_max_minor;
      if (item.kind === 'cash' && limit !== null && amountMinor !== null && amountMinor <= limit) {
        const row = (await repo.selectRedeem(trx, merchant.id, id, true))!;
        await applyDecision(trx, merchant, row, 'approve', 'Approved at once (under the threshold)', null);
      }
      return id;
    });
    const row = (await repo.selectRedeem(db, merchant.id, redeemId))!;
    return { redeem: redeemView(row, merchant), replayed: false };
  } catch (error) {
    if (error instanceof Replayed) return (await replayOf(context, payload, hash))!;
    throw error;
  }
}

/** Where cash leaves, the withdraw (payment) password, locked after wrong tries like a withdrawal's. */
export async function checkPaymentPassword(context: PointsContext, password: string | undefined) {
  if (password === undefined) {
    throw new AppError('validation_failed', 'Invalid input: paymentPassword', {
      fields: [{ field: 'paymentPassword', message: 'required where cash leaves' }],
    });
  }
  await verifyPaymentPassword(context.db, context.merchant, context.memberId, password);
}

function insufficient(balanceMinor: bigint) {
  return new AppError('points_insufficient', 'Not enough points', { balance: balanceMinor.toString() });
}

async function holdPoints(
  trx: Transaction<DB>,
  merchantId: number,
  memberId: number,
  pointsMinor: bigint,
  clientRequestId: string,
) {
  try {
    return await hold(trx, {
      debit: pointsAccount(merchantId, memberId),
      amountMinor: pointsMinor,
      kind: 'points_redeem',
      idempotencyKey: `points:redeem:${memberId}:${clientRequestId}`,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_funds') {
      throw new AppError('points_insufficient', 'Not enough points', error.value);
    }
    throw error;
  }
}

/**
 * An operator's decision on a redeem In Process, once: the row is locked, so of an approval and a
 * rejection at once exactly one applies; the same decision again replays, the other is points_redeem_decided.
 */
export async function decide(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  redeemId: bigint,
  decision: 'approve' | 'reject',
  remark: string,
  operatorId: number | null,
) {
  const replayed = await db.transaction().execute(async (trx) => {
    const row = await repo.selectRedeem(trx, merchant.id, redeemId, true);
    if (!row) throw new AppError('points_redeem_not_found', 'No such redeem');
    if (row.status !== 'in_process') {
      if (row.status === (decision === 'approve' ? 'approved' : 'rejected')) return true;
      throw new AppError('points_redeem_decided', `This redeem was ${row.status} already`);
    }
    await applyDecision(trx, merchant, row, decision, remark, operatorId);
    return false;
  });
  const row = (await repo.selectRedeem(db, merchant.id, redeemId))!;
  return { redeem: operatorRedeemView(row, merchant), replayed };
}

/** Posts or voids the hold and pays the item, each keyed by the redeem, in the caller's transaction. */
async function applyDecision(
  trx: Transaction<DB>,
  merchant: MerchantConfig,
  row: RedeemRow,
  decision: 'approve' | 'reject',
  remark: string,
  operatorId: number | null,
) {
  const currency = merchant.currency.code;
  if (decision === 'reject') {
    await settleHold(trx, {
      merchantId: merchant.id,
      holdTransferId: row.hold_transfer_id,
      outcome: 'void',
      kind: 'points_release',
      idempotencyKey: `points:redeem-void:${row.id}`,
    });
    await repo.returnStock(trx, row.item_id, row.units);
    await repo.decideRedeem(trx, row.id, 'rejected', remark, operatorId);
    return;
  }
  await settleHold(trx, {
    merchantId: merchant.id,
    holdTransferId: row.hold_transfer_id,
    outcome: 'post',
    credit: systemAccount(merchant.id, pointsCurrency, 'points_issuer', row.member_id),
    kind: 'points_redeem_post',
    idempotencyKey: `points:redeem-post:${row.id}`,
  });
  const payKey = `points:redeem-pay:${row.id}`;
  if (row.item_kind === 'cash' && row.amount_minor !== null) {
    await transfer(trx, {
      debit: systemAccount(merchant.id, currency, 'bonus', row.member_id),
      credit: playerAccount(merchant.id, currency, row.member_id),
      amountMinor: row.amount_minor,
      kind: 'bonus',
      idempotencyKey: payKey,
    });
  } else if (row.item_kind === 'bonus' && row.amount_minor !== null) {
    const item = await repo.selectItem(trx, merchant.id, row.item_id);
    await issueBonus(trx, {
      merchant,
      memberId: row.member_id,
      claimId: null,
      title: row.item_name,
      idempotencyKey: payKey,
      amountMinor: row.amount_minor,
      multiplier: item?.wagering_multiplier ?? 0,
      weights: {},
      withdrawRule: 'refuse',
    });
  }
  await repo.decideRedeem(trx, row.id, 'approved', remark, operatorId);
}
