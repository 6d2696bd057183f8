import type { Kysely } from 'kysely';
import {
  formatMinor,
  type ConsolidatedFunds,
  type MerchantWallet,
  type WalletBalance,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { MerchantConfig } from '../system';
import { pointsCurrency } from './ledger.service';
import * as repo from './ledger.repo';

/** Balances read from the ledger accounts (one indexed read; no account yet means zero). */
export async function mainBalanceMinor(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<bigint> {
  const wallets = await repo.selectPlayerWallets(db, merchant.id, merchant.currency.code, memberId);
  return wallets.find((wallet) => wallet.kind === 'player_main')?.balance_minor ?? 0n;
}

export async function balance(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<WalletBalance> {
  return {
    balance: formatMinor(await mainBalanceMinor(db, merchant, memberId), merchant.currency.decimals),
    currencyCode: merchant.currency.code,
    currencySymbol: merchant.currency.symbol,
  };
}

export async function consolidated(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<ConsolidatedFunds> {
  const decimals = merchant.currency.decimals;
  const wallets = await repo.selectPlayerWallets(db, merchant.id, merchant.currency.code, memberId);
  const main = wallets.find((wallet) => wallet.kind === 'player_main')?.balance_minor ?? 0n;
  const vendors = wallets.filter((wallet) => wallet.kind === 'player_vendor');
  const total = vendors.reduce((sum, wallet) => sum + wallet.balance_minor, main);
  return {
    currencyCode: merchant.currency.code,
    main: formatMinor(main, decimals),
    vendors: vendors.map((wallet) => ({
      vendorCode: wallet.vendor_code,
      balance: formatMinor(wallet.balance_minor, decimals),
    })),
    total: formatMinor(total, decimals),
  };
}

/** The merchant's currency and its separate game wallets (transfer-mode vendors), for the header. */
export async function merchantWallet(
  merchant: MerchantConfig,
  transferVendors: () => Promise<{ code: string; name: string }[]>,
): Promise<MerchantWallet> {
  return {
    currencyCode: merchant.currency.code,
    currencySymbol: merchant.currency.symbol,
    decimals: merchant.currency.decimals,
    wallets: (await transferVendors()).map((vendor) => ({ vendorCode: vendor.code, name: vendor.name })),
  };
}

/** Every wallet of a player in minor units (the operator's profile): main, bonus, points, vendor wallets. */
export async function playerWallets(db: Kysely<DB>, merchant: MerchantConfig, memberId: number) {
  const [money, points] = await Promise.all([
    repo.selectPlayerWallets(db, merchant.id, merchant.currency.code, memberId),
    repo.selectPlayerWallets(db, merchant.id, pointsCurrency, memberId),
  ]);
  const of = (kind: string) => money.find((wallet) => wallet.kind === kind)?.balance_minor ?? 0n;
  return {
    mainMinor: of('player_main'),
    bonusMinor: of('player_bonus'),
    pointsMinor: points.find((wallet) => wallet.kind === 'player_points')?.balance_minor ?? 0n,
    vendors: money
      .filter((wallet) => wallet.kind === 'player_vendor')
      .map((wallet) => ({ vendorCode: wallet.vendor_code, balanceMinor: wallet.balance_minor })),
  };
}
