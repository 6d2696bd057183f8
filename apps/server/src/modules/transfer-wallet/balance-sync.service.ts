import type { Kysely } from 'kysely';
import { formatMinor, type ConsolidatedFunds, type TransferVendors } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import { VendorUnavailableError, type TransferVendorAdapter, type VendorRegistry } from '../vendors';
import { consolidated, playerAccount, systemAccount, transfer } from '../wallet';
import * as repo from './transfer-wallet.repo';
import { vendorPlayer } from './transfer-view';

export type SyncOutcome = 'unchanged' | 'booked' | 'skipped';

/**
 * Brings the player's vendor wallet in line with the balance the vendor reports (the player won or lost
 * there): the difference is booked once per observed vendor state, as a `vendor_settlement` between the
 * vendor wallet and the vendor's house account (decision 0014). Skipped, never guessed, when a transfer
 * of this member and vendor is pending or starts meanwhile, or when the vendor cannot be asked.
 */
export async function syncVendorWallet(
  db: Kysely<DB>,
  adapter: TransferVendorAdapter,
  merchant: Pick<MerchantConfig, 'id' | 'code' | 'currency'>,
  memberId: number,
): Promise<SyncOutcome> {
  const vendorCode = adapter.vendorCode;
  const before = await repo.selectTransferMarker(db, merchant.id, memberId, vendorCode);
  if (before.pending > 0) return 'skipped';
  let remote;
  try {
    remote = await adapter.balance(vendorPlayer(merchant.code, memberId, merchant.currency.code));
  } catch (error) {
    if (error instanceof VendorUnavailableError) return 'skipped';
    throw error;
  }
  const { balanceMinor: remoteMinor, version } = remote;
  return db.transaction().execute(async (trx) => {
    await repo.lockMemberVendor(trx, merchant.id, memberId, vendorCode);
    const after = await repo.selectTransferMarker(trx, merchant.id, memberId, vendorCode);
    if (after.pending > 0 || after.lastId !== before.lastId) return 'skipped';
    const wallets = await repo.selectWalletBalances(trx, merchant.id, merchant.currency.code, memberId);
    const oursMinor = wallets.find((wallet) => wallet.vendor_code === vendorCode)?.balance_minor ?? 0n;
    const differenceMinor = remoteMinor - oursMinor;
    if (remoteMinor < 0n) return 'skipped';
    if (differenceMinor === 0n) return 'unchanged';
    const wallet = playerAccount(merchant.id, merchant.currency.code, memberId, vendorCode);
    const house = systemAccount(merchant.id, merchant.currency.code, 'house', memberId, vendorCode);
    const won = differenceMinor > 0n;
    try {
      await transfer(trx, {
        debit: won ? house : wallet,
        credit: won ? wallet : house,
        amountMinor: won ? differenceMinor : -differenceMinor,
        kind: 'vendor_settlement',
        idempotencyKey: `vendor-settlement:${memberId}:${vendorCode}:${version}`,
      });
    } catch (error) {
      // The same vendor state against another of our balances means the vendor reused a version: book
      // nothing and let the next observed state settle it.
      if (error instanceof AppError && error.code === 'idempotency_conflict') return 'skipped';
      throw error;
    }
    return 'booked';
  });
}

/** Syncs every vendor wallet the member has; vendors that fail are skipped (their wallet keeps its value). */
export async function syncMemberVendorWallets(
  db: Kysely<DB>,
  vendors: VendorRegistry,
  merchant: MerchantConfig,
  memberId: number,
): Promise<void> {
  const wallets = await repo.selectWalletBalances(db, merchant.id, merchant.currency.code, memberId);
  const transferVendors = new Set((await vendors.transferVendors()).map((vendor) => vendor.code));
  const codes = wallets
    .map((wallet) => wallet.vendor_code)
    .filter((code) => code !== '' && transferVendors.has(code));
  // In parallel: each call is bounded by the vendor time-out, so the read waits for the slowest only.
  await Promise.all(
    codes.map(async (code) => {
      const adapter = await vendors.transferAdapter(code).catch(() => undefined);
      if (adapter) await syncVendorWallet(db, adapter, merchant, memberId);
    }),
  );
}

/** `/wps/member/info/funds/consolidated` after syncing the vendor wallets. */
export async function consolidatedAfterSync(
  db: Kysely<DB>,
  vendors: VendorRegistry,
  merchant: MerchantConfig,
  memberId: number,
): Promise<ConsolidatedFunds> {
  await syncMemberVendorWallets(db, vendors, merchant, memberId);
  return consolidated(db, merchant, memberId);
}

/** The transferFund page's wallets: main and every transfer-mode vendor, synced, with pending counts. */
export async function transferVendorWallets(
  db: Kysely<DB>,
  vendors: VendorRegistry,
  merchant: MerchantConfig,
  memberId: number,
): Promise<TransferVendors> {
  await syncMemberVendorWallets(db, vendors, merchant, memberId);
  const [list, wallets, pending] = await Promise.all([
    vendors.transferVendors(),
    repo.selectWalletBalances(db, merchant.id, merchant.currency.code, memberId),
    repo.selectPendingCounts(db, merchant.id, memberId),
  ]);
  const decimals = merchant.currency.decimals;
  const balanceOf = (code: string) =>
    wallets.find((wallet) => wallet.vendor_code === code)?.balance_minor ?? 0n;
  return {
    currencyCode: merchant.currency.code,
    main: formatMinor(balanceOf(''), decimals),
    vendors: list.map((vendor) => ({
      vendorCode: vendor.code,
      name: vendor.name,
      balance: formatMinor(balanceOf(vendor.code), decimals),
      pending: Number(pending.find((row) => row.vendor_code === vendor.code)?.pending ?? 0),
    })),
  };
}
