import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  formatMinor,
  parseMinor,
  type AdjustmentPayload,
  type BalanceAdjustment,
  type adjustmentListQuery,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { playerAccount, systemAccount, transfer } from '../wallet';
import * as repo from './adjustments.repo';
import { inTransaction } from './transaction';

/**
 * Balance adjustments (issue 16): a credit or debit of a player's main wallet against the merchant's
 * adjustment account, with a reason, named by the console's request id. Above the merchant's threshold
 * it waits for a second operator (four eyes): a different operator approves (the money moves once, keyed
 * `adjustment:<id>`) or rejects; the requester can do neither.
 */

/** With no setting, adjustments above 1,000 in the currency's major unit need a second operator. */
const defaultThresholdMajor = 1000n;

export async function approvalThresholdMinor(db: Kysely<DB>, merchant: MerchantConfig): Promise<bigint> {
  return (
    (await repo.selectThreshold(db, merchant.id)) ??
    defaultThresholdMajor * 10n ** BigInt(merchant.currency.decimals)
  );
}

export function pendingCount(db: Kysely<DB>, merchantId: number, memberId: number): Promise<number> {
  return repo.countPending(db, merchantId, memberId);
}

function viewOf(row: repo.AdjustmentRow, merchant: MerchantConfig): BalanceAdjustment {
  return {
    id: String(row.id),
    memberId: String(row.member_id),
    account: row.account,
    direction: row.direction,
    amount: formatMinor(row.amount_minor, merchant.currency.decimals),
    reason: row.reason,
    status: row.status,
    requestedBy: row.requested_by_name,
    decidedBy: row.decided_by_name,
    decisionNote: row.decision_note,
    needsApproval: row.needs_approval,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

function amountMinorOf(text: string, merchant: MerchantConfig, field: string): bigint {
  const minor = parseMinor(text, merchant.currency.decimals);
  if (minor === null || minor <= 0n) {
    throw new AppError(
      'invalid_amount',
      `The ${field} must be positive, with at most ${merchant.currency.decimals} decimals`,
    );
  }
  return minor;
}

/** Moves the adjustment's money, once by its key, in the decision's transaction. */
async function moveMoney(
  trx: Transaction<DB>,
  merchant: MerchantConfig,
  adjustment: { id: bigint; member_id: number; direction: 'credit' | 'debit'; amount_minor: bigint },
) {
  const player = playerAccount(merchant.id, merchant.currency.code, adjustment.member_id);
  const house = systemAccount(merchant.id, merchant.currency.code, 'adjustment', adjustment.member_id);
  const credit = adjustment.direction === 'credit';
  const moved = await transfer(trx, {
    debit: credit ? house : player,
    credit: credit ? player : house,
    amountMinor: adjustment.amount_minor,
    kind: 'adjustment',
    idempotencyKey: `adjustment:${adjustment.id}`,
  });
  return moved.transferId;
}

async function loaded(db: Kysely<DB>, merchant: MerchantConfig, id: bigint) {
  const row = await repo.selectAdjustment(db, merchant.id, id);
  if (!row) throw new AppError('adjustment_not_found', 'No such adjustment');
  return viewOf(row, merchant);
}

/**
 * Records an adjustment request; up to the threshold it is applied at once. A repeated request id
 * answers the adjustment it made (replayed); the same id with other content is idempotency_conflict.
 */
export async function requestAdjustment(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  operatorId: number,
  memberId: number,
  payload: AdjustmentPayload,
) {
  const amountMinor = amountMinorOf(payload.amount, merchant, 'amount');
  return inTransaction(db, async (trx) => {
    const member = await trx
      .selectFrom('members')
      .select(['id', 'type'])
      .where('merchant_id', '=', merchant.id)
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!member) throw new AppError('not_found', 'No such account');
    if (member.type === 4) throw new AppError('forbidden', 'A trial account has no real money to adjust');
    const needsApproval = amountMinor > (await approvalThresholdMinor(trx, merchant));
    const inserted = await repo.insertAdjustment(trx, {
      merchant_id: merchant.id,
      member_id: memberId,
      request_id: payload.requestId,
      direction: payload.direction,
      amount_minor: amountMinor,
      reason: payload.reason.trim(),
      needs_approval: needsApproval,
      requested_by: operatorId,
    });
    if (!inserted) {
      const existing = await repo.selectByRequest(trx, merchant.id, payload.requestId);
      const same =
        existing?.member_id === memberId &&
        existing.direction === payload.direction &&
        existing.amount_minor === amountMinor &&
        existing.reason === payload.reason.trim();
      if (!existing || !same) {
        throw new AppError('idempotency_conflict', 'This request id was used for another adjustment');
      }
      return { adjustment: viewOf(existing, merchant), replayed: true };
    }
    if (!needsApproval) {
      const transferId = await moveMoney(trx, merchant, {
        id: inserted.id,
        member_id: memberId,
        direction: payload.direction,
        amount_minor: amountMinor,
      });
      await repo.markDecided(trx, inserted.id, {
        status: 'applied',
        decidedBy: operatorId,
        note: null,
        transferId,
      });
    }
    return { adjustment: await loaded(trx, merchant, inserted.id), replayed: false };
  });
}

/**
 * A second operator approves (the money moves, once) or rejects a pending adjustment. The requester is
 * refused (adjustment_own_request); an adjustment already decided answers adjustment_decided, which is
 * what the slower of two simultaneous approvers gets.
 */
export async function decideAdjustment(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  operatorId: number,
  id: bigint,
  decision: { decision: 'approve' | 'reject'; note: string },
) {
  return inTransaction(db, async (trx) => {
    const pending = await repo.lockPending(trx, merchant.id, id);
    if (!pending) {
      await loaded(trx, merchant, id);
      throw new AppError('adjustment_decided', 'This adjustment was already decided');
    }
    if (pending.requested_by === operatorId) {
      throw new AppError('adjustment_own_request', 'Another operator must decide your own request');
    }
    const transferId =
      decision.decision === 'approve' ? await moveMoney(trx, merchant, { ...pending, id: pending.id }) : null;
    await repo.markDecided(trx, id, {
      status: decision.decision === 'approve' ? 'applied' : 'rejected',
      decidedBy: operatorId,
      note: decision.note.trim() || null,
      transferId,
    });
    return { adjustment: await loaded(trx, merchant, id), replayed: false };
  });
}

export async function listAdjustments(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  query: z.output<typeof adjustmentListQuery>,
) {
  const { rows, total } = await repo.selectPage(
    db,
    {
      merchantId: merchant.id,
      status: query.status,
      memberId: query.memberId === undefined ? undefined : Number(query.memberId),
    },
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  return {
    items: rows.map((row) => viewOf(row, merchant)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function settings(db: Kysely<DB>, merchant: MerchantConfig) {
  return {
    approvalThreshold: formatMinor(await approvalThresholdMinor(db, merchant), merchant.currency.decimals),
  };
}

export async function setSettings(db: Kysely<DB>, merchant: MerchantConfig, approvalThreshold: string) {
  await repo.upsertThreshold(db, merchant.id, amountMinorOf(approvalThreshold, merchant, 'threshold'));
  return settings(db, merchant);
}
