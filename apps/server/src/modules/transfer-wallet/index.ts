/**
 * The transfer-wallet module's public face (decision 0027): players' money in transfer-mode vendors
 * (balance sync, reconciliation of pending transfers).
 */
export { consolidatedAfterSync, syncMemberVendorWallets } from './balance-sync.service';
export {
  reconcileVendorTransfers,
  type ReconcileOptions,
  type ReconcileReport,
} from './reconciliation.service';
