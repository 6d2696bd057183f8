import { defineCalls } from '../call';

/**
 * Balance reads of spec section 7 and the transfer wallet (member centre transferFund, relay calls):
 * money moves between the main wallet and the transfer-mode vendors' wallets.
 */
export const walletCalls = defineCalls({
  walletBalance: {
    method: 'GET',
    path: '/wps/v2/wallets/balance',
    moduleId: 'wallet',
    token: true,
    summary: "The player's main wallet balance",
    response: 'walletBalance',
    errors: [],
  },
  merchantWallet: {
    method: 'GET',
    path: '/wps/v2/wallets/merchant',
    moduleId: 'wallet',
    token: false,
    summary: "The merchant's currency and its game wallets (merchantWallet, kept for the session)",
    response: 'merchantWallet',
    errors: [],
  },
  consolidatedFunds: {
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    moduleId: 'wallet',
    token: true,
    summary: 'Main wallet plus every vendor wallet',
    response: 'consolidatedFunds',
    errors: [],
  },
  walletVendors: {
    method: 'GET',
    path: '/wps/relay/wallet_vendors',
    moduleId: 'wallet',
    token: true,
    summary:
      'Main wallet and every transfer-mode vendor wallet (synced with the vendor), with pending counts',
    response: 'transferVendors',
    errors: [],
  },
  walletTransfer: {
    method: 'POST',
    path: '/wps/relay/wallet_transfer',
    moduleId: 'wallet',
    token: true,
    summary: 'Move money between the main wallet (in: to the vendor) and a vendor wallet (out: back)',
    body: 'vendorTransferRequest',
    // 202 with the same envelope while the vendor has not answered (added by the route).
    response: 'vendorTransfer',
    errors: [
      'invalid_amount',
      'insufficient_funds',
      'vendor_not_found',
      'vendor_not_transfer_mode',
      'vendor_transfer_failed',
      'vendor_unavailable',
    ],
  },
  walletTransfers: {
    method: 'GET',
    path: '/wps/relay/wallet_transfers',
    moduleId: 'wallet',
    token: true,
    summary: "The member's transfers between wallets, newest first",
    query: 'vendorTransfersQuery',
    response: 'vendorTransferPage',
    errors: [],
  },
  walletTransferAll: {
    method: 'POST',
    path: '/wps/relay/wallet_transferAll',
    moduleId: 'wallet',
    token: true,
    summary: 'Move every vendor wallet back to the main wallet (one transfer per vendor with money)',
    body: 'transferAllRequest',
    response: 'transferAllResult',
    errors: ['insufficient_funds', 'vendor_unavailable'],
  },
});
