import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { settleHold } from '../wallet';
import type { VendorRegistry } from '../vendors';
import * as repo from './transfer-wallet.repo';
import type { VendorTransferRow } from './transfer-wallet.repo';
import { vendorTransferId, walletsOf } from './transfer-view';

/**
 * Ends a pending transfer once the vendor's answer is known: done posts the held money to its
 * destination, failed voids it back to where it came from. The row is locked and its state changes in
 * the same transaction as the ledger settlement, so the request and reconciliation never both settle it,
 * and a crash leaves either both written or neither.
 */
export async function settleTransfer(
  db: Kysely<DB>,
  id: bigint,
  outcome: 'done' | 'failed',
  failureCode: string | null,
): Promise<VendorTransferRow> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockTransfer(trx, id);
    if (row.state !== 'pending') return row;
    const { destination } = walletsOf(row);
    const post = outcome === 'done';
    await settleHold(trx, {
      merchantId: row.merchant_id,
      holdTransferId: row.hold_transfer_id,
      outcome: post ? 'post' : 'void',
      credit: destination,
      kind: post ? (row.direction === 'in' ? 'vendor_transfer_in' : 'vendor_transfer_out') : 'reversal',
      idempotencyKey: `vendor-transfer:${row.id}:${post ? 'post' : 'void'}`,
    });
    return repo.markSettled(trx, id, outcome, post ? null : failureCode);
  });
}

export interface ReconcileOptions {
  /** Rows younger than this belong to a request that may still be waiting for the vendor. */
  minAgeMs: number;
  /** Rows per run; the rest wait for the next run. */
  limit?: number;
}

export interface ReconcileReport {
  posted: number;
  voided: number;
  stillPending: number;
}

const baseRetryMs = 10_000;
const maxRetryMs = 10 * 60_000;

/** Waits longer after each unanswered attempt: 10 s, 20 s, 40 s, ... at most 10 minutes. */
function nextAttemptAt(attempts: number): Date {
  const delayMs = Math.min(maxRetryMs, baseRetryMs * 2 ** Math.min(attempts, 16));
  return new Date(Date.now() + delayMs);
}

/**
 * Asks the vendor what became of each due pending transfer and settles it accordingly. A transfer whose
 * fate is still unknown stays held (never guessed either way) and is asked again later; so whatever the
 * vendor answers, or fails to answer, no money is created or lost.
 */
export async function reconcileVendorTransfers(
  db: Kysely<DB>,
  vendors: VendorRegistry,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { posted: 0, voided: 0, stillPending: 0 };
  const due = await repo.selectDuePending(db, new Date(Date.now() - options.minAgeMs), options.limit ?? 100);
  for (const row of due) {
    let status: 'done' | 'failed' | 'unknown' = 'unknown';
    let reason: string | null = 'vendor_unreachable';
    try {
      const adapter = await vendors.transferAdapter(row.vendor_code);
      status = await adapter.transferStatus(vendorTransferId(row));
      reason = status === 'failed' ? 'vendor_refused' : reason;
    } catch (error) {
      // A vendor removed or misconfigured: its transfers stay held until an operator fixes it.
      reason = (error as { code?: string }).code ?? 'vendor_unavailable';
    }
    if (status === 'unknown') {
      await repo.recordAttempt(db, row.id, nextAttemptAt(row.attempts), reason);
      report.stillPending += 1;
      continue;
    }
    const settled = await settleTransfer(db, row.id, status, reason);
    if (settled.state === 'done') report.posted += 1;
    else report.voided += 1;
  }
  return report;
}
