import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, LedgerAccountKind } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './ledger.repo';
import type { AccountKey } from './ledger.repo';

/**
 * Moves money between two ledger accounts, exactly once per idempotency key, in one transaction with the
 * balance changes it causes. Player accounts never go negative (a check constraint, reported as
 * insufficient_funds with the current balance); corrections are reversing transfers.
 */
export const systemShards = 16;
const maxAmountMinor = 10n ** 18n;

/** A player's main wallet (or a vendor wallet, for transfer-mode vendors). */
export function playerAccount(
  merchantId: number,
  currency: string,
  memberId: number,
  vendorCode = '',
): AccountKey {
  return {
    merchantId,
    currency,
    kind: vendorCode ? 'player_vendor' : 'player_main',
    memberId,
    vendorCode,
    shard: 0,
  };
}

/**
 * A system account (house per vendor, clearing, bonus, commission). The shard spreads the row locks: a
 * bet of player P touches shard P mod 16, so players do not queue behind one house row.
 */
export function systemAccount(
  merchantId: number,
  currency: string,
  kind: Exclude<LedgerAccountKind, 'player_main' | 'player_vendor'>,
  shardSeed: number,
  vendorCode = '',
): AccountKey {
  return {
    merchantId,
    currency,
    kind,
    memberId: null,
    vendorCode,
    shard: Math.abs(shardSeed) % systemShards,
  };
}

export interface TransferRequest {
  debit: AccountKey;
  credit: AccountKey;
  amountMinor: bigint;
  kind: string;
  idempotencyKey: string;
  reversesTransferId?: bigint;
}

export interface TransferResult {
  transferId: bigint;
  /** True when this key had already moved the money: nothing moved now. */
  replayed: boolean;
}

function requestHash(request: TransferRequest): string {
  const canonical = JSON.stringify([
    request.debit,
    request.credit,
    request.amountMinor.toString(),
    request.kind,
    request.reversesTransferId?.toString() ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function isInsufficientFunds(error: unknown): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError.code === '23514' && pgError.constraint === 'ledger_accounts_players_never_negative';
}

function assertTransferable(request: TransferRequest): void {
  const { debit, credit, amountMinor } = request;
  if (debit.merchantId !== credit.merchantId || debit.currency !== credit.currency) {
    throw new AppError(400, 'currency_mismatch', 'Both accounts must be of one merchant and currency');
  }
  if (amountMinor <= 0n || amountMinor >= maxAmountMinor) {
    throw new AppError(400, 'invalid_amount', 'The amount must be positive and below 10^18 minor units');
  }
}

/** Moves the money once; a repeated key with the same request replays, with another is a conflict. */
export async function transfer(db: Kysely<DB>, request: TransferRequest): Promise<TransferResult> {
  assertTransferable(request);
  const merchantId = request.debit.merchantId;
  const hash = requestHash(request);
  try {
    return await db.transaction().execute(async (trx) => {
      const debitId = await repo.ensureAccount(trx, request.debit);
      const creditId = await repo.ensureAccount(trx, request.credit);
      const inserted = await repo.insertTransfer(trx, {
        merchant_id: merchantId,
        currency: request.debit.currency,
        debit_account_id: debitId,
        credit_account_id: creditId,
        amount_minor: request.amountMinor,
        kind: request.kind,
        idempotency_key: request.idempotencyKey,
        request_hash: hash,
        reverses_transfer_id: request.reversesTransferId ?? null,
      });
      if (!inserted) return replayOf(trx, merchantId, request, hash);
      // Rows are locked in id order, so two transfers over the same accounts never deadlock.
      const changes: [bigint, bigint][] = [
        [debitId, -request.amountMinor],
        [creditId, request.amountMinor],
      ];
      changes.sort(([left], [right]) => (left < right ? -1 : 1));
      for (const [accountId, delta] of changes) await repo.applyDelta(trx, accountId, delta);
      return { transferId: inserted.id, replayed: false };
    });
  } catch (error) {
    if (!isInsufficientFunds(error)) throw error;
    const debitId = await repo.ensureAccount(db, request.debit);
    const balanceMinor = await repo.selectBalance(db, debitId);
    throw new AppError(409, 'insufficient_funds', 'The balance is too low', {
      balanceMinor: balanceMinor.toString(),
    });
  }
}

async function replayOf(
  db: Parameters<typeof repo.selectTransferByKey>[0],
  merchantId: number,
  request: TransferRequest,
  hash: string,
) {
  const existing = await repo.selectTransferByKey(db, merchantId, request.idempotencyKey);
  if (!existing) {
    // The key is free, so the conflict was on reverses_transfer_id: that transfer is already reversed.
    throw new AppError(409, 'already_reversed', 'This transfer has already been reversed');
  }
  if (existing.request_hash !== hash) {
    throw new AppError(409, 'idempotency_conflict', 'This key was used for a different transfer');
  }
  return { transferId: existing.id, replayed: true };
}

/** Reverses a transfer with a new, opposite transfer (history is never edited); at most once. */
export async function reverse(
  db: Kysely<DB>,
  merchantId: number,
  transferId: bigint,
  idempotencyKey: string,
): Promise<TransferResult> {
  const original = await repo.selectTransfer(db, merchantId, transferId);
  if (!original) throw new AppError(404, 'not_found', 'No such transfer');
  const accounts = await repo.selectAccounts(db, [original.debit_account_id, original.credit_account_id]);
  const keyOf = (id: bigint): AccountKey => {
    const row = accounts.find((account) => account.id === id)!;
    return {
      merchantId: row.merchant_id,
      currency: row.currency,
      kind: row.kind,
      memberId: row.member_id,
      vendorCode: row.vendor_code,
      shard: row.shard,
    };
  };
  return transfer(db, {
    debit: keyOf(original.credit_account_id),
    credit: keyOf(original.debit_account_id),
    amountMinor: original.amount_minor,
    kind: 'reversal',
    idempotencyKey,
    reversesTransferId: original.id,
  });
}
