import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB, LedgerAccountKind } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as repo from './ledger.repo';
import type { AccountKey } from './ledger.repo';

type Executor = Kysely<DB> | Transaction<DB>;

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

/** A player's bonus wallet (decision 0030): bonuses wait here until released or forfeited. */
export function bonusAccount(merchantId: number, currency: string, memberId: number): AccountKey {
  return { merchantId, currency, kind: 'player_bonus', memberId, vendorCode: '', shard: 0 };
}

/** A player's points (decision 0033): currency PTS, a hundredth of a point as the minor unit. */
export const pointsCurrency = 'PTS';
export function pointsAccount(merchantId: number, memberId: number): AccountKey {
  return { merchantId, currency: pointsCurrency, kind: 'player_points', memberId, vendorCode: '', shard: 0 };
}

/**
 * A system account (house per vendor, clearing, bonus, commission). The shard spreads the row locks: a
 * bet of player P touches shard P mod 16, so players do not queue behind one house row.
 */
export function systemAccount(
  merchantId: number,
  currency: string,
  kind: Exclude<LedgerAccountKind, 'player_main' | 'player_vendor' | 'player_bonus' | 'player_points'>,
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
  /** Set on the transfer that posts or voids a hold: a hold is settled at most once (unique column). */
  settlesHoldId?: bigint;
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
    request.settlesHoldId?.toString() ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function assertTransferable(request: TransferRequest): void {
  const { debit, credit, amountMinor } = request;
  if (debit.merchantId !== credit.merchantId || debit.currency !== credit.currency) {
    throw new AppError('currency_mismatch', 'Both accounts must be of one merchant and currency');
  }
  if (amountMinor <= 0n || amountMinor >= maxAmountMinor) {
    throw new AppError('invalid_amount', 'The amount must be positive and below 10^18 minor units');
  }
}

/** Runs work in the caller's transaction when given one, else in a new one. */
function inTransaction<T>(db: Executor, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}

/**
 * Moves the money once; a repeated key with the same request replays, with another is a conflict. Given a
 * transaction, it joins it, so a caller writes its own rows and the money movement atomically; any error
 * thrown here must then abort that transaction (it does, when the caller lets it propagate).
 */
export async function transfer(db: Executor, request: TransferRequest): Promise<TransferResult> {
  assertTransferable(request);
  const merchantId = request.debit.merchantId;
  const hash = requestHash(request);
  return inTransaction(db, async (trx) => {
    // Accounts are opened in one canonical order: two transfers opening the same two new accounts the
    // other way round would otherwise wait for each other's uncommitted insert (a deadlock).
    const debitFirst = JSON.stringify(request.debit) <= JSON.stringify(request.credit);
    const firstId = await repo.ensureAccount(trx, debitFirst ? request.debit : request.credit);
    const secondId = await repo.ensureAccount(trx, debitFirst ? request.credit : request.debit);
    const [debitId, creditId] = debitFirst ? [firstId, secondId] : [secondId, firstId];
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
      settles_hold_id: request.settlesHoldId ?? null,
    });
    if (!inserted) return replayOf(trx, merchantId, request, hash);
    // Rows are locked in one global order (player accounts by member, then system accounts, each by
    // id), the order seamless_apply_batch uses too, so no two money movements ever deadlock.
    const changes: [bigint, bigint, number][] = [
      [debitId, -request.amountMinor, request.debit.memberId ?? Number.MAX_SAFE_INTEGER],
      [creditId, request.amountMinor, request.credit.memberId ?? Number.MAX_SAFE_INTEGER],
    ];
    changes.sort(([leftId, , leftMember], [rightId, , rightMember]) =>
      leftMember !== rightMember ? leftMember - rightMember : leftId < rightId ? -1 : 1,
    );
    for (const [accountId, delta] of changes) {
      const applied = await repo.applyDelta(trx, accountId, delta);
      if (applied === undefined) {
        // The player's balance would go negative; nothing is written (the transaction rolls back).
        const balanceMinor = await repo.selectBalance(trx, accountId);
        throw new AppError('insufficient_funds', 'The balance is too low', {
          balanceMinor: balanceMinor.toString(),
        });
      }
    }
    return { transferId: inserted.id, replayed: false };
  });
}

/**
 * Many transfers at once, in the caller's transaction, each exactly once by its key (a replayed key with
 * the same request moves nothing, with another is idempotency_conflict): accounts opened in one statement,
 * transfers inserted in one, and each account's balance changed once by the sum of its entries, the rows
 * locked in the global order. For settlements that pay many accounts; holds and reversals go one by one.
 */
export async function transferMany(
  trx: Transaction<DB>,
  requests: TransferRequest[],
): Promise<TransferResult[]> {
  if (requests.length === 0) return [];
  for (const request of requests) {
    assertTransferable(request);
    if (request.reversesTransferId !== undefined || request.settlesHoldId !== undefined) {
      throw new Error('transferMany moves plain transfers; reversals and holds go through transfer()');
    }
  }
  // Distinct account keys, opened in one canonical order (as transfer() does for its two).
  const keyText = (key: AccountKey) => JSON.stringify(key);
  const keys = [
    ...new Map(
      requests.flatMap((request) => [request.debit, request.credit]).map((key) => [keyText(key), key]),
    ).values(),
  ].sort((left, right) => (keyText(left) < keyText(right) ? -1 : 1));
  const ids = await repo.ensureAccounts(trx, keys);
  const idOf = new Map(keys.map((key, index) => [keyText(key), ids[index]!]));
  const rows = requests.map((request) => ({
    merchant_id: request.debit.merchantId,
    currency: request.debit.currency,
    debit_account_id: idOf.get(keyText(request.debit))!,
    credit_account_id: idOf.get(keyText(request.credit))!,
    amount_minor: request.amountMinor,
    kind: request.kind,
    idempotency_key: request.idempotencyKey,
    request_hash: requestHash(request),
  }));
  const inserted = new Map<string, bigint>();
  for (let index = 0; index < rows.length; index += 1_000) {
    for (const row of await repo.insertTransfers(trx, rows.slice(index, index + 1_000))) {
      inserted.set(row.idempotency_key, row.id);
    }
  }
  const replayed = rows.filter((row) => !inserted.has(row.idempotency_key));
  const stored = new Map<string, { id: bigint; request_hash: string }>();
  for (const merchantId of new Set(replayed.map((row) => row.merchant_id))) {
    const keysOf = replayed.filter((row) => row.merchant_id === merchantId).map((row) => row.idempotency_key);
    for (const row of await repo.selectTransfersByKeys(trx, merchantId, keysOf))
      stored.set(row.idempotency_key, row);
  }
  const deltas = new Map<bigint, bigint>();
  const results: TransferResult[] = rows.map((row) => {
    const id = inserted.get(row.idempotency_key);
    if (id === undefined) {
      const existing = stored.get(row.idempotency_key);
      if (!existing || existing.request_hash !== row.request_hash) {
        throw new AppError('idempotency_conflict', 'This key was used for a different transfer');
      }
      return { transferId: existing.id, replayed: true };
    }
    deltas.set(row.debit_account_id, (deltas.get(row.debit_account_id) ?? 0n) - row.amount_minor);
    deltas.set(row.credit_account_id, (deltas.get(row.credit_account_id) ?? 0n) + row.amount_minor);
    return { transferId: id, replayed: false };
  });
  const short = await repo.applyDeltas(trx, deltas);
  if (short.length > 0) {
    // A player's balance would go negative; the caller's transaction must roll back (it does, on this throw).
    throw new AppError('insufficient_funds', 'The balance is too low', {
      balanceMinor: (await repo.selectBalance(trx, short[0]!)).toString(),
    });
  }
  return results;
}

async function replayOf(
  db: Parameters<typeof repo.selectTransferByKey>[0],
  merchantId: number,
  request: TransferRequest,
  hash: string,
) {
  const existing = await repo.selectTransferByKey(db, merchantId, request.idempotencyKey);
  if (!existing) {
    // The key is free, so the conflict was on the reversed or settled transfer: that already happened.
    if (request.settlesHoldId !== undefined) {
      throw new AppError('hold_settled', 'This hold has already been posted or voided');
    }
    throw new AppError('already_reversed', 'This transfer has already been reversed');
  }
  if (existing.request_hash !== hash) {
    throw new AppError('idempotency_conflict', 'This key was used for a different transfer');
  }
  return { transferId: existing.id, replayed: true };
}

/** Reverses a transfer with a new, opposite transfer (history is never edited); at most once. */
export async function reverse(
  db: Executor,
  merchantId: number,
  transferId: bigint,
  idempotencyKey: string,
): Promise<TransferResult> {
  const original = await repo.selectTransfer(db, merchantId, transferId);
  if (!original) throw new AppError('not_found', 'No such transfer');
  const keyOf = await accountKeys(db, [original.debit_account_id, original.credit_account_id]);
  if (keyOf(original.debit_account_id).kind === 'held' || keyOf(original.credit_account_id).kind === 'held') {
    // Holds end by settleHold; reversing one would let it be settled and undone as well.
    throw new AppError('hold_not_reversible', 'Holds are posted or voided, not reversed');
  }
  return transfer(db, {
    debit: keyOf(original.credit_account_id),
    credit: keyOf(original.debit_account_id),
    amountMinor: original.amount_minor,
    kind: 'reversal',
    idempotencyKey,
    reversesTransferId: original.id,
  });
}

/** The account keys of the given ids, as a lookup function. */
async function accountKeys(db: Executor, ids: bigint[]): Promise<(id: bigint) => AccountKey> {
  const accounts = await repo.selectAccounts(db, ids);
  return (id) => {
    const row = accounts.find((account) => account.id === id);
    if (!row) throw new Error(`ledger account ${id} not found`);
    return {
      merchantId: row.merchant_id,
      currency: row.currency,
      kind: row.kind,
      memberId: row.member_id,
      vendorCode: row.vendor_code,
      shard: row.shard,
    };
  };
}

/** The system account where held money waits, sharded by the holder like the house accounts. */
export function heldAccount(merchantId: number, currency: string, shardSeed: number): AccountKey {
  return systemAccount(merchantId, currency, 'held', shardSeed);
}

export interface HoldRequest {
  debit: AccountKey;
  amountMinor: bigint;
  kind: string;
  idempotencyKey: string;
}

/**
 * The first phase of a two-phase transfer: the money leaves `debit` (so it cannot be spent twice) and
 * waits in a held account until settleHold posts it to its destination or voids it back. The hold's id is
 * the returned transferId.
 */
export function hold(db: Executor, request: HoldRequest): Promise<TransferResult> {
  const { debit } = request;
  return transfer(db, {
    ...request,
    credit: heldAccount(debit.merchantId, debit.currency, debit.memberId ?? debit.shard),
  });
}

export interface SettleHoldRequest {
  merchantId: number;
  holdTransferId: bigint;
  outcome: 'post' | 'void';
  /** Where a posted hold's money goes; a void returns it to the hold's own debit account. */
  credit?: AccountKey;
  kind: string;
  idempotencyKey: string;
}

/** The second phase: posts the held money to `credit` or voids it back; at most once per hold. */
export async function settleHold(db: Executor, request: SettleHoldRequest): Promise<TransferResult> {
  const original = await repo.selectTransfer(db, request.merchantId, request.holdTransferId);
  if (!original) throw new AppError('not_found', 'No such hold');
  const keyOf = await accountKeys(db, [original.debit_account_id, original.credit_account_id]);
  const held = keyOf(original.credit_account_id);
  if (held.kind !== 'held') throw new AppError('not_a_hold', 'This transfer is not a hold');
  const credit = request.outcome === 'void' ? keyOf(original.debit_account_id) : request.credit;
  if (!credit) throw new AppError('invalid_request', 'Posting a hold needs the destination account');
  return transfer(db, {
    debit: held,
    credit,
    amountMinor: original.amount_minor,
    kind: request.kind,
    idempotencyKey: request.idempotencyKey,
    settlesHoldId: original.id,
  });
}

export type HoldState = 'pending' | 'posted' | 'voided';

/** Whether a hold is still pending, or was posted or voided. */
export async function holdState(
  db: Executor,
  merchantId: number,
  holdTransferId: bigint,
): Promise<HoldState> {
  const original = await repo.selectTransfer(db, merchantId, holdTransferId);
  if (!original) throw new AppError('not_found', 'No such hold');
  const settlement = await repo.selectSettlementOf(db, holdTransferId);
  if (!settlement) return 'pending';
  return settlement.credit_account_id === original.debit_account_id ? 'voided' : 'posted';
}
