import type { Kysely } from 'kysely';
import type { Withdrawal, WithdrawalConfirmPayload, WithdrawalStatus } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../lib/storage';
import type { MerchantConfig } from '../system';
import { playerAccount, systemAccount, transfer } from '../wallet';
import { parseAmount } from './money';
import { storeProof } from './proof-image';
import * as repo from './withdrawals.repo';
import { presentWithdrawal } from './withdrawals.service';

/**
 * The confirmation states of spec section 4 after a payout (decision 0016): the player says received,
 * not received (with an optional proof image) or partially received (with the missing remainder), and
 * later all received. A claim moves no money: it records what the player says and puts the withdrawal in
 * front of operators, who may return the missing part. An unanswered payout becomes forced_received at
 * its deadline (withdrawal-receipt.job.ts); after that, and after any final answer, nothing is returned.
 */
const claimStates: readonly WithdrawalStatus[] = ['not_received', 'partially_received'];

/** The state an answer leads to, from the states it may be given in. */
const transitions: Record<WithdrawalConfirmPayload['outcome'], { from: readonly WithdrawalStatus[] }> = {
  received: { from: ['disbursed'] },
  not_received: { from: ['disbursed'] },
  partially_received: { from: ['disbursed'] },
  all_received: { from: claimStates },
};

/** Records the player's answer about a paid-out withdrawal; the same answer twice is a no-op. */
export async function confirmWithdrawal(
  db: Kysely<DB>,
  storage: FileStorage,
  merchant: MerchantConfig,
  memberId: number,
  withdrawalId: bigint,
  payload: WithdrawalConfirmPayload,
): Promise<Withdrawal> {
  const decimals = merchant.currency.decimals;
  const remainderMinor =
    payload.outcome === 'partially_received' ? parseAmount(payload.remainder, decimals) : null;
  const proof = 'proofImage' in payload ? payload.proofImage : undefined;
  // Stored before the transaction (files are not transactional); a refused answer leaves an unused file.
  const proofKey = proof ? await storeProof(storage, proof, 'claims') : null;
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockWithdrawal(trx, merchant.id, withdrawalId);
    if (!row || row.member_id !== memberId) throw new AppError('withdrawal_not_found', 'No such withdrawal');
    if (row.status === payload.outcome) return;
    if (!transitions[payload.outcome].from.includes(row.status)) {
      throw new AppError(
        'invalid_confirmation',
        `A ${row.status} withdrawal cannot become ${payload.outcome}`,
        {
          status: row.status,
        },
      );
    }
    if (
      row.status === 'disbursed' &&
      row.receipt_deadline_at &&
      row.receipt_deadline_at.getTime() <= Date.now()
    ) {
      // The job has not run yet, but the window is closed all the same: it counts as received.
      throw new AppError('receipt_window_closed', 'The time to report a missing payment has passed');
    }
    if (remainderMinor !== null && remainderMinor >= row.amount_minor) {
      throw new AppError('invalid_amount', 'The remainder must be less than the withdrawn amount');
    }
    const missing =
      payload.outcome === 'not_received'
        ? row.amount_minor
        : payload.outcome === 'partially_received'
          ? remainderMinor
          : null;
    await repo.updateWithdrawal(trx, withdrawalId, row.status, {
      status: payload.outcome,
      confirmed_at: new Date(),
      ...(missing !== null ? { missing_amount_minor: missing } : {}),
      ...(proofKey ? { claim_proof_file_key: proofKey } : {}),
    });
  });
  const row = await repo.selectWithdrawal(db, merchant.id, withdrawalId);
  return presentWithdrawal(row!, decimals);
}

/**
 * An operator returns the missing part of a claimed withdrawal (not received: all of it; partially
 * received: the remainder) from withdrawal clearing to the player's main wallet, once (ledger key
 * withdrawal-return:<id>). Only while the claim is open: never after all_received or forced_received.
 */
export async function returnMissingPart(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  withdrawalId: bigint,
): Promise<{ replayed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockWithdrawal(trx, merchant.id, withdrawalId);
    if (!row) throw new AppError('withdrawal_not_found', 'No such withdrawal');
    if (row.status === 'returned') return { replayed: true };
    if (!claimStates.includes(row.status) || row.missing_amount_minor === null) {
      throw new AppError('invalid_confirmation', `Nothing can be returned on a ${row.status} withdrawal`, {
        status: row.status,
      });
    }
    const { transferId } = await transfer(trx, {
      debit: systemAccount(merchant.id, row.currency, 'withdrawal_clearing', row.member_id),
      credit: playerAccount(merchant.id, row.currency, row.member_id),
      amountMinor: row.missing_amount_minor,
      kind: 'reversal',
      idempotencyKey: `withdrawal-return:${withdrawalId}`,
    });
    await repo.updateWithdrawal(trx, withdrawalId, row.status, {
      status: 'returned',
      return_transfer_id: transferId,
    });
    return { replayed: false };
  });
}

/** The claim's proof image, for operators. */
export async function claimProof(
  db: Kysely<DB>,
  storage: FileStorage,
  merchant: MerchantConfig,
  withdrawalId: bigint,
) {
  const row = await repo.selectWithdrawal(db, merchant.id, withdrawalId);
  const bytes = row?.claim_proof_file_key ? await storage.get(row.claim_proof_file_key) : undefined;
  if (!row?.claim_proof_file_key || !bytes)
    throw new AppError('not_found', 'This withdrawal has no proof image');
  return { key: row.claim_proof_file_key, bytes };
}
