import { formatMinor, type VendorTransfer } from '@portal/contracts';
import type { MerchantConfig } from '../system';
import { playerAccount } from '../wallet';
import type { VendorPlayer } from '../vendors';
import type { VendorTransferRow } from './transfer-wallet.repo';

/** Names shared by the transfer wallet's services: ids we show vendors, ledger keys, the reply shape. */

/** The player as vendors know them: merchant code and member id, never the username. */
export function vendorPlayer(merchantCode: string, memberId: number, currency: string): VendorPlayer {
  return { playerId: `${merchantCode}:${memberId}`, currency };
}

/** Our transfer id at the vendor (its idempotency key there): unique because row ids are. */
export function vendorTransferId(row: Pick<VendorTransferRow, 'id'>): string {
  return `vt-${row.id}`;
}

/** The wallet the money leaves (source) and the one it reaches (destination). */
export function walletsOf(
  row: Pick<VendorTransferRow, 'merchant_id' | 'currency' | 'member_id' | 'vendor_code' | 'direction'>,
) {
  const main = playerAccount(row.merchant_id, row.currency, row.member_id);
  const vendor = playerAccount(row.merchant_id, row.currency, row.member_id, row.vendor_code);
  return row.direction === 'in'
    ? { source: main, destination: vendor }
    : { source: vendor, destination: main };
}

/** The reply shape of one transfer. */
export function toView(row: VendorTransferRow, merchant: Pick<MerchantConfig, 'currency'>): VendorTransfer {
  return {
    requestId: row.request_id,
    vendorCode: row.vendor_code,
    direction: row.direction,
    amount: formatMinor(row.amount_minor, merchant.currency.decimals),
    state: row.state,
    failureCode: row.state === 'failed' ? row.failure_code : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
