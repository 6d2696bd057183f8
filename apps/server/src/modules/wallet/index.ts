/**
 * The wallet module's public face (decision 0027): the double-entry ledger (transfers exactly once,
 * holds, reversals) and balance reads. Other modules move money only through these functions.
 */
export {
  bonusAccount,
  heldAccount,
  hold,
  holdState,
  playerAccount,
  pointsAccount,
  pointsCurrency,
  reverse,
  settleHold,
  systemAccount,
  systemShards,
  transfer,
  transferMany,
  type HoldRequest,
  type HoldState,
  type SettleHoldRequest,
  type TransferRequest,
  type TransferResult,
} from './ledger.service';
export { balance, consolidated, mainBalanceMinor, merchantWallet, playerWallets } from './wallet.service';
