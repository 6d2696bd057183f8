import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';
import { moneyText } from './wallet';

/**
 * The transfer wallet (member centre transferFund): moving money between the main wallet and a
 * transfer-mode vendor's wallet. Each request carries the client's request id, its idempotency key.
 */

/** A client request id: 8-64 letters, digits, '-' or '_' (a UUID fits). */
export const transferRequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a request id of 8-64 characters');
export const vendorCode = z.string().regex(/^[A-Z0-9_]{2,32}$/, 'a vendor code');

/** `in`: main wallet -> vendor wallet; `out`: vendor wallet -> main wallet. */
export const vendorTransferDirection = z.enum(['in', 'out']);
export type VendorTransferDirection = z.infer<typeof vendorTransferDirection>;

/** pending: the vendor's answer is not known yet (the money is held); done and failed are final. */
export const vendorTransferState = z.enum(['pending', 'done', 'failed']);
export type VendorTransferState = z.infer<typeof vendorTransferState>;

/** `POST /wps/relay/wallet_transfer`. */
export const vendorTransferRequest = z.object({
  vendorCode,
  direction: vendorTransferDirection,
  amount: moneyText,
  requestId: transferRequestId,
});
export type VendorTransferRequest = z.infer<typeof vendorTransferRequest>;

export const vendorTransfer = z.object({
  requestId: z.string(),
  vendorCode: z.string(),
  direction: vendorTransferDirection,
  amount: moneyText,
  state: vendorTransferState,
  /** Why it failed (the vendor's code, or insufficient_funds), null otherwise. */
  failureCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorTransfer = z.infer<typeof vendorTransfer>;

/** `GET /wps/relay/wallet_transfers`: the member's transfers, newest first. */
export const vendorTransfersQuery = pageQueryOf(100);
export const vendorTransferPage = pageOf(vendorTransfer).extend({ totalPages: z.number().int() });
export type VendorTransferPage = z.infer<typeof vendorTransferPage>;

/** `POST /wps/relay/wallet_transferAll`: every vendor wallet back to main. */
export const transferAllRequest = z.object({ requestId: transferRequestId });
export const transferAllResult = z.object({ transfers: z.array(vendorTransfer) });
export type TransferAllResult = z.infer<typeof transferAllResult>;

/** `GET /wps/relay/wallet_vendors`: the transfer-mode vendors a player can move money to. */
export const transferVendor = z.object({
  vendorCode: z.string(),
  name: z.string(),
  balance: moneyText,
  /** Transfers of this vendor still waiting for the vendor's answer. */
  pending: z.number().int(),
});
export const transferVendors = z.object({
  currencyCode: z.string(),
  main: moneyText,
  vendors: z.array(transferVendor),
});
export type TransferVendors = z.infer<typeof transferVendors>;
