import type { Kysely } from 'kysely';
import {
  parseMinor,
  type TransferAllResult,
  type VendorTransfer,
  type VendorTransferPage,
  type VendorTransferRequest,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { checkTransferIn } from '../responsible-gaming';
import type { MerchantConfig } from '../system';
import { type TransferVendorAdapter, type VendorRegistry } from '../vendors';
import { hold, playerAccount } from '../wallet';
import { syncVendorWallet } from './balance-sync.service';
import { settleTransfer } from './reconciliation.service';
import * as repo from './transfer-wallet.repo';
import type { VendorTransferRow } from './transfer-wallet.repo';
import { toView, vendorPlayer, vendorTransferId } from './transfer-view';

/**
 * transferFund: main wallet <-> vendor wallet as a two-phase transfer. (1) The money is held in the
 * ledger together with the request row (one transaction); (2) the vendor is called with our transfer id;
 * (3) its answer posts or voids the hold. An unknown answer leaves the row pending for reconciliation.
 */
interface Caller {
  db: Kysely<DB>;
  vendors: VendorRegistry;
  merchant: MerchantConfig;
  memberId: number;
}

function sameRequest(row: VendorTransferRow, vendorCode: string, direction: string, amountMinor: bigint) {
  return row.vendor_code === vendorCode && row.direction === direction && row.amount_minor === amountMinor;
}

/** A failed transfer is answered as a failure (409) whose value is the transfer, also on replays. */
function answer(row: VendorTransferRow, merchant: MerchantConfig): VendorTransfer {
  const view = toView(row, merchant);
  if (row.state === 'failed') {
    throw new AppError('vendor_transfer_failed', 'The vendor refused the transfer; nothing moved', view);
  }
  return view;
}

/** Phase 1: hold the money and record the request, atomically; the existing row on a replayed id. */
async function holdAndRecord(
  caller: Caller,
  adapter: TransferVendorAdapter,
  direction: 'in' | 'out',
  amountMinor: bigint,
  requestId: string,
): Promise<VendorTransferRow> {
  const { db, merchant, memberId } = caller;
  const currency = merchant.currency.code;
  const vendorCode = adapter.vendorCode;
  const created = await db.transaction().execute(async (trx) => {
    await repo.lockMemberVendor(trx, merchant.id, memberId, vendorCode);
    const held = await hold(trx, {
      debit: playerAccount(merchant.id, currency, memberId, direction === 'in' ? '' : vendorCode),
      amountMinor,
      kind: 'vendor_transfer_hold',
      idempotencyKey: `vendor-transfer:${memberId}:${requestId}:hold`,
    });
    if (held.replayed) return undefined;
    return repo.insertTransfer(trx, {
      merchant_id: merchant.id,
      member_id: memberId,
      vendor_code: vendorCode,
      direction,
      currency,
      amount_minor: amountMinor,
      request_id: requestId,
      hold_transfer_id: held.transferId,
    });
  });
  if (created) return created;
  // The same request id raced us and won: its row is the answer.
  const existing = await repo.selectByRequest(db, merchant.id, memberId, requestId);
  if (!existing) throw new AppError('conflict', 'This request is still being recorded; retry');
  return existing;
}

/** Phases 2 and 3: ask the vendor and settle per its answer; unknown stays pending. */
async function callVendor(
  caller: Caller,
  adapter: TransferVendorAdapter,
  row: VendorTransferRow,
): Promise<VendorTransferRow> {
  const player = vendorPlayer(caller.merchant.code, caller.memberId, row.currency);
  const result =
    row.direction === 'in'
      ? await adapter.transferIn(player, row.amount_minor, vendorTransferId(row))
      : await adapter.transferOut(player, row.amount_minor, vendorTransferId(row));
  if (result.status === 'unknown') {
    await repo.recordAttempt(caller.db, row.id, new Date(), result.code);
    return { ...row, attempts: row.attempts + 1 };
  }
  return settleTransfer(caller.db, row.id, result.status, result.code);
}

/** Runs one transfer for a request id (replays answer the recorded outcome). */
async function runTransfer(
  caller: Caller,
  vendorCode: string,
  direction: 'in' | 'out',
  amountMinor: bigint,
  requestId: string,
): Promise<VendorTransferRow> {
  const { db, merchant, memberId } = caller;
  const existing = await repo.selectByRequest(db, merchant.id, memberId, requestId);
  if (existing) {
    if (!sameRequest(existing, vendorCode, direction, amountMinor)) {
      throw new AppError('idempotency_conflict', 'This request id was used for another transfer');
    }
    return existing;
  }
  const adapter = await caller.vendors.transferAdapter(vendorCode);
  // The vendor's bets are out of sight: money going in meets the wager-time rule (decision 0037).
  if (direction === 'in') await checkTransferIn(db, { memberId, merchantId: merchant.id }, amountMinor);
  // Before money leaves the vendor wallet, wins and losses at the vendor are booked into it.
  if (direction === 'out') await syncVendorWallet(db, adapter, merchant, memberId);
  const row = await holdAndRecord(caller, adapter, direction, amountMinor, requestId);
  if (!sameRequest(row, vendorCode, direction, amountMinor)) {
    throw new AppError('idempotency_conflict', 'This request id was used for another transfer');
  }
  if (row.state !== 'pending' || row.attempts > 0) return row;
  return callVendor(caller, adapter, row);
}

/** `POST /wps/relay/wallet_transfer`. */
export async function requestTransfer(caller: Caller, input: VendorTransferRequest): Promise<VendorTransfer> {
  const amountMinor = parseMinor(input.amount, caller.merchant.currency.decimals);
  if (amountMinor === null || amountMinor <= 0n) {
    throw new AppError('invalid_amount', "The amount must be positive, in the currency's decimals", [
      { field: 'amount', message: 'must be a positive amount in the currency', code: 'invalid' },
    ]);
  }
  const row = await runTransfer(caller, input.vendorCode, input.direction, amountMinor, input.requestId);
  return answer(row, caller.merchant);
}

/** `POST /wps/relay/wallet_transferAll`: each vendor wallet with money goes back to main. */
export async function transferAllToMain(caller: Caller, requestId: string): Promise<TransferAllResult> {
  const { db, merchant, memberId } = caller;
  const transfers: VendorTransfer[] = [];
  // Only vendors where the member has a wallet can hold their money; the others are not asked.
  const walletsBefore = await repo.selectWalletBalances(db, merchant.id, merchant.currency.code, memberId);
  const withWallet = new Set(walletsBefore.map((wallet) => wallet.vendor_code));
  for (const vendor of await caller.vendors.transferVendors()) {
    if (!withWallet.has(vendor.code)) continue;
    const vendorRequestId = `${requestId}:${vendor.code}`;
    const existing = await repo.selectByRequest(db, merchant.id, memberId, vendorRequestId);
    if (existing) {
      transfers.push(toView(existing, merchant));
      continue;
    }
    const adapter = await caller.vendors.transferAdapter(vendor.code);
    if ((await syncVendorWallet(db, adapter, merchant, memberId)) === 'skipped') {
      // Pending transfers or an unreachable vendor: its balance is not known well enough to empty it.
      const marker = await repo.selectTransferMarker(db, merchant.id, memberId, vendor.code);
      if (marker.pending > 0) continue;
    }
    const wallets = await repo.selectWalletBalances(db, merchant.id, merchant.currency.code, memberId);
    const balanceMinor = wallets.find((wallet) => wallet.vendor_code === vendor.code)?.balance_minor ?? 0n;
    if (balanceMinor <= 0n) continue;
    const row = await runTransfer(caller, vendor.code, 'out', balanceMinor, vendorRequestId);
    transfers.push(toView(row, merchant));
  }
  return { transfers };
}

/** `GET /wps/relay/wallet_transfers`: newest first. */
export async function listTransfers(
  caller: Omit<Caller, 'vendors'>,
  page: number,
  pageSize: number,
): Promise<VendorTransferPage> {
  const { db, merchant, memberId } = caller;
  const { rows, total } = await repo.selectTransferPage(db, merchant.id, memberId, { page, pageSize });
  return {
    items: rows.map((row) => toView(row, merchant)),
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}
