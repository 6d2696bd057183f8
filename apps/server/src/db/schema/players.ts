import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

/** The operator's balance adjustments and their approval threshold (migration 0028). */

export interface BalanceAdjustmentsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  request_id: string;
  direction: 'credit' | 'debit';
  amount_minor: bigint;
  reason: string;
  needs_approval: boolean;
  status: 'pending' | 'applied' | 'rejected';
  requested_by: number;
  decided_by: number | null;
  decision_note: string | null;
  transfer_id: bigint | null;
  created_at: CreatedAt;
  decided_at: Date | null;
}

export interface AdjustmentSettingsTable {
  merchant_id: number;
  approval_threshold_minor: bigint;
  updated_at: UpdatedAt;
}
