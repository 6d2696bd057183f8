import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

/** The ledger (0003, 0004), operators and payments (0005) and vendor transfers (0006). */

export type LedgerAccountKind =
  | 'player_main'
  | 'player_vendor'
  | 'player_bonus'
  | 'player_points'
  | 'house'
  | 'deposit_clearing'
  | 'withdrawal_clearing'
  | 'bonus'
  | 'agent_commission'
  | 'held'
  | 'points_issuer'
  | 'adjustment';

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  merchant_id: number;
  currency: string;
  kind: LedgerAccountKind;
  member_id: number | null;
  vendor_code: Generated<string>;
  shard: Generated<number>;
  balance_minor: Generated<bigint>;
  allows_negative: boolean;
  created_at: CreatedAt;
  /** Responsible gaming's running windows of a member with rules (main wallet only; migration 0039). */
  rg_session_net_minor: bigint | null;
  rg_day_started_at: Date | null;
  rg_day_wagered_minor: bigint | null;
  rg_day_lost_minor: bigint | null;
  rg_week_started_at: Date | null;
  rg_week_wagered_minor: bigint | null;
  rg_week_lost_minor: bigint | null;
  rg_month_started_at: Date | null;
  rg_month_wagered_minor: bigint | null;
  rg_month_lost_minor: bigint | null;
}

export interface LedgerTransfersTable {
  id: Generated<bigint>;
  merchant_id: number;
  currency: string;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount_minor: bigint;
  kind: string;
  idempotency_key: string;
  request_hash: string;
  reverses_transfer_id: bigint | null;
  settles_hold_id: bigint | null;
  created_at: CreatedAt;
  /** xid8 of the inserting transaction (text), which the rollup job follows (migration 0013). */
  xid: Generated<string>;
}

export type OperatorRole = 'owner' | 'finance' | 'support' | 'content' | 'risk' | 'platform';

export interface OperatorsTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  username_key: string;
  password_hash: string;
  role: OperatorRole;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  must_change_password: Generated<boolean>;
  last_login_at: Date | null;
  last_login_ip: string | null;
}

export interface OperatorSessionsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: Buffer;
  ip: string | null;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export type PaymentChannelType = 'manual_bank' | 'gateway';

export interface PaymentChannelsTable {
  id: Generated<number>;
  merchant_id: number;
  type: PaymentChannelType;
  name: string;
  min_amount_minor: bigint;
  max_amount_minor: bigint;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  bank_name: string | null;
  account_number: string | null;
  account_holder: string | null;
  gateway_code: string | null;
}

export type DepositStatus = 'pending' | 'approved' | 'rejected';

export interface DepositsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  channel_id: number;
  currency: string;
  amount_minor: bigint;
  reference: string | null;
  proof_file_key: string | null;
  client_request_id: string;
  request_hash: string;
  gateway_reference: string | null;
  checkout_url: string | null;
  status: Generated<DepositStatus>;
  reject_reason: string | null;
  decided_by_operator_id: number | null;
  decided_at: Date | null;
  transfer_id: bigint | null;
  created_at: CreatedAt;
}

export interface PaymentPasswordsTable {
  member_id: number;
  password_hash: string;
  updated_at: Generated<Date>;
}

export interface BankAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_name: string;
  account_number: string;
  holder_name: string;
  created_at: CreatedAt;
}

export type WithdrawalStatus =
  | 'pending'
  | 'rejected'
  | 'disbursed'
  | 'received'
  | 'not_received'
  | 'partially_received'
  | 'all_received'
  | 'forced_received'
  | 'returned';

export interface WithdrawalsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  currency: string;
  amount_minor: bigint;
  bank_name: string;
  account_number: string;
  holder_name: string;
  client_request_id: string;
  request_hash: string;
  hold_transfer_id: bigint;
  status: Generated<WithdrawalStatus>;
  reject_reason: string | null;
  decided_by_operator_id: number | null;
  decided_at: Date | null;
  receipt_deadline_at: Date | null;
  missing_amount_minor: bigint | null;
  claim_proof_file_key: string | null;
  confirmed_at: Date | null;
  return_transfer_id: bigint | null;
  created_at: CreatedAt;
}

export type VendorTransferDirection = 'in' | 'out';
export type VendorTransferState = 'pending' | 'done' | 'failed';

export interface VendorTransfersTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  direction: VendorTransferDirection;
  currency: string;
  amount_minor: bigint;
  request_id: string;
  hold_transfer_id: bigint;
  state: Generated<VendorTransferState>;
  failure_code: string | null;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  settled_at: Date | null;
}
