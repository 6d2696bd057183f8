import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  formatMinor,
  type OperatorWithdrawal,
  type Page,
  type Withdrawal,
  type WithdrawalCreatePayload,
  type WithdrawalCreated,
  type WithdrawalStatus,
} from '@portal/contracts';
import { applyWithdrawalRule, refreshWagering } from '../rewards';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { hold, mainBalanceMinor, playerAccount, settleHold, systemAccount } from '../wallet';
import * as memberRepo from './member-money.repo';
import { maskAccountNumber, verifyPaymentPassword } from './member-money.service';
import { amountWithin, parseAmount } from './money';
import * as repo from './withdrawals.repo';

/**
 * Withdrawals (docs/payments.md): the amount is held in the ledger when the player asks (so it cannot be
 * spent twice); an operator rejects (the hold is voided back) or pays out (the hold is posted to
 * withdrawal clearing). The player's confirmation states of spec section 4 follow in
 * withdrawal-confirmation.service.ts.
 */

/** A withdrawal row as the player sees it (account number masked). */
/** Paid-out withdrawals the player did not answer before the deadline become forced_received; how many. */
export function forceDueReceipts(db: Kysely<DB>): Promise<number> {
  return repo.forceDueReceipts(db);
}

export function presentWithdrawal(row: repo.WithdrawalRow, decimals: number): Withdrawal {
  return {
    id: row.id.toString(),
    amount: formatMinor(row.amount_minor, decimals),
    bankName: row.bank_name,
    accountNumberMasked: maskAccountNumber(row.account_number),
    holderName: row.holder_name,
    status: row.status,
    rejectReason: row.reject_reason,
    missingAmount: row.missing_amount_minor === null ? null : formatMinor(row.missing_amount_minor, decimals),
    hasClaimProof: row.claim_proof_file_key !== null,
    receiptDeadlineAt: row.receipt_deadline_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
  };
}

/** A withdrawal row as an operator sees it: the member and the full account number to pay into. */
export function presentOperatorWithdrawal(row: repo.WithdrawalRow, decimals: number): OperatorWithdrawal {
  return {
    ...presentWithdrawal(row, decimals),
    memberId: row.member_id,
    username: row.username,
    accountNumber: row.account_number,
  };
}

function requestHash(payload: WithdrawalCreatePayload): string {
  return createHash('sha256')
    .update(JSON.stringify([payload.bankAccountId, payload.amount]))
    .digest('hex');
}

async function answer(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  row: repo.WithdrawalRow,
  replayed: boolean,
): Promise<WithdrawalCreated> {
  const decimals = merchant.currency.decimals;
  const balance = formatMinor(await mainBalanceMinor(db, merchant, memberId), decimals);
  return { withdrawal: presentWithdrawal(row, decimals), balance, replayed };
}

/**
 * Asks for a withdrawal once per client request id: payment password, amount within the merchant's
 * limits, one of the member's bank accounts; the amount is held in the same transaction that records it.
 */
export async function createWithdrawal(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  payload: WithdrawalCreatePayload,
): Promise<WithdrawalCreated> {
  const decimals = merchant.currency.decimals;
  await verifyPaymentPassword(db, merchant, memberId, payload.paymentPassword);
  const settings = await repo.selectWithdrawalSettings(db, merchant.id);
  const amountMinor = parseAmount(payload.amount, decimals);
  amountWithin(amountMinor, settings.withdrawal_min_minor, settings.withdrawal_max_minor, decimals);
  const hash = requestHash(payload);
  const replay = async () => {
    const row = await repo.selectWithdrawalByClientRequest(
      db,
      merchant.id,
      memberId,
      payload.clientRequestId,
    );
    if (!row) return undefined;
    if (row.request_hash !== hash) {
      throw new AppError('idempotency_conflict', 'This request id was used for a different withdrawal');
    }
    return answer(db, merchant, memberId, row, true);
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const account = await memberRepo.selectBankAccount(db, memberId, payload.bankAccountId);
  if (!account) throw new AppError('bank_account_not_found', 'No such bank account');

  // Bonuses whose wagering was met since it was last checked are released before the rule is asked.
  await refreshWagering(db, { memberId });
  const withdrawalId = await db.transaction().execute(async (trx) => {
    // Unmet bonuses refuse the withdrawal or are forfeited by it, as their activity says (decision 0030).
    await applyWithdrawalRule(trx, merchant, memberId, payload.forfeitBonus);
    const { transferId } = await hold(trx, {
      debit: playerAccount(merchant.id, merchant.currency.code, memberId),
      amountMinor,
      kind: 'withdrawal_hold',
      idempotencyKey: `withdrawal:${memberId}:${payload.clientRequestId}`,
    });
    return repo.insertWithdrawal(trx, {
      merchant_id: merchant.id,
      member_id: memberId,
      currency: merchant.currency.code,
      amount_minor: amountMinor,
      bank_name: account.bank_name,
      account_number: account.account_number,
      holder_name: account.holder_name,
      client_request_id: payload.clientRequestId,
      request_hash: hash,
      hold_transfer_id: transferId,
      reject_reason: null,
      decided_by_operator_id: null,
      decided_at: null,
      receipt_deadline_at: null,
      missing_amount_minor: null,
      claim_proof_file_key: null,
      confirmed_at: null,
      return_transfer_id: null,
    });
  });
  // Undefined: a concurrent request with this id committed first (its hold was replayed, nothing moved).
  if (withdrawalId === undefined) return (await replay())!;
  const row = await repo.selectWithdrawal(db, merchant.id, withdrawalId);
  return answer(db, merchant, memberId, row!, false);
}

export interface WithdrawalListFilter {
  status?: WithdrawalStatus | undefined;
  page: number;
  pageSize: number;
}

export async function listMemberWithdrawals(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  filter: WithdrawalListFilter,
): Promise<Page<Withdrawal>> {
  const { rows, total } = await repo.listWithdrawals(db, { merchantId: merchant.id, memberId, ...filter });
  const items = rows.map((row) => presentWithdrawal(row, merchant.currency.decimals));
  return { items, page: filter.page, pageSize: filter.pageSize, total };
}

export async function listAllWithdrawals(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  filter: WithdrawalListFilter,
): Promise<Page<OperatorWithdrawal>> {
  const { rows, total } = await repo.listWithdrawals(db, { merchantId: merchant.id, ...filter });
  const items = rows.map((row) => presentOperatorWithdrawal(row, merchant.currency.decimals));
  return { items, page: filter.page, pageSize: filter.pageSize, total };
}

export async function operatorWithdrawal(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  withdrawalId: bigint,
): Promise<OperatorWithdrawal> {
  const row = await repo.selectWithdrawal(db, merchant.id, withdrawalId);
  if (!row) throw new AppError('withdrawal_not_found', 'No such withdrawal');
  return presentOperatorWithdrawal(row, merchant.currency.decimals);
}

export type WithdrawalDecision = { outcome: 'approve' } | { outcome: 'reject'; reason: string };

/**
 * An operator's decision on a pending withdrawal, under a row lock: reject voids the hold back to the
 * player; approve (the money was paid out to the bank account) posts it to withdrawal clearing and starts
 * the receipt window. The same decision again is a replay; the other one is already_decided.
 */
export async function decideWithdrawal(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  withdrawalId: bigint,
  decision: WithdrawalDecision,
  operatorId: number,
): Promise<{ replayed: boolean }> {
  const settings = await repo.selectWithdrawalSettings(db, merchant.id);
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockWithdrawal(trx, merchant.id, withdrawalId);
    if (!row) throw new AppError('withdrawal_not_found', 'No such withdrawal');
    const approving = decision.outcome === 'approve';
    if (row.status !== 'pending') {
      const sameDecision = approving ? row.status !== 'rejected' : row.status === 'rejected';
      if (sameDecision) return { replayed: true };
      throw new AppError('already_decided', `This withdrawal was already ${row.status}`, {
        status: row.status,
      });
    }
    await settleHold(trx, {
      merchantId: merchant.id,
      holdTransferId: row.hold_transfer_id,
      outcome: approving ? 'post' : 'void',
      ...(approving
        ? { credit: systemAccount(merchant.id, row.currency, 'withdrawal_clearing', row.member_id) }
        : {}),
      kind: approving ? 'withdrawal' : 'reversal',
      idempotencyKey: `withdrawal-${approving ? 'post' : 'void'}:${withdrawalId}`,
    });
    const decided = { decided_by_operator_id: operatorId, decided_at: new Date() };
    if (approving) {
      const deadline = new Date(Date.now() + settings.withdrawal_forced_receipt_minutes * 60_000);
      await repo.updateWithdrawal(trx, withdrawalId, 'pending', {
        ...decided,
        status: 'disbursed',
        receipt_deadline_at: deadline,
      });
    } else {
      await repo.updateWithdrawal(trx, withdrawalId, 'pending', {
        ...decided,
        status: 'rejected',
        reject_reason: decision.reason,
      });
    }
    return { replayed: false };
  });
}
