import type { Generated } from 'kysely';

/** The agent hierarchy's closure table and the rollups of the agent centre (migration 0013). */

export interface AgentTreeTable {
  merchant_id: number;
  ancestor_id: number;
  descendant_id: number;
  depth: number;
}

/** The figures both rollup tables carry, per day, vendor and game type. */
export interface RollupFigures {
  day: Date;
  vendor_code: Generated<string>;
  game_type: Generated<string>;
  registrations: Generated<number>;
  first_deposits: Generated<number>;
  deposit_count: Generated<number>;
  deposit_minor: Generated<bigint>;
  withdrawal_count: Generated<number>;
  withdrawal_minor: Generated<bigint>;
  bet_count: Generated<number>;
  bet_minor: Generated<bigint>;
  valid_bet_minor: Generated<bigint>;
  payout_minor: Generated<bigint>;
  bonus_minor: Generated<bigint>;
  profit_minor: Generated<bigint>;
}

export interface MemberDailyTable extends RollupFigures {
  merchant_id: number;
  member_id: number;
}

export interface TeamDailyTable extends RollupFigures {
  merchant_id: number;
  agent_id: number;
}

export interface TeamActivityTable {
  agent_id: number;
  /** Days since 2000-01-01, divided by 64. */
  word: number;
  member_id: number;
  /** Bit n set: a bet on day word * 64 + n. */
  bits: bigint;
}

export interface MemberFirstDepositsTable {
  member_id: number;
  merchant_id: number;
  day: Date;
  transfer_id: bigint;
}

export interface RollupCursorsTable {
  name: string;
  /** xid8, as text. */
  xid: string;
  transfer_id: bigint;
  rows_total: Generated<bigint>;
  updated_at: Generated<Date>;
  /** The snapshot's xmax of a finished pass not yet known to be drained (migration 0014). */
  pending_xmax: string | null;
  pending_at: Date | null;
  /** Every transfer recorded before this instant is rolled up. */
  caught_up_at: Date | null;
}

/** Contracts, salaries and dividends (migration 0014, decision 0029). */

export interface MemberWindowsTable {
  merchant_id: number;
  member_id: number;
  /** Start of the 5-minute window. */
  window_start: Date;
  bet_count: Generated<number>;
  valid_bet_minor: Generated<bigint>;
  profit_minor: Generated<bigint>;
}

export type ContractKindColumn = 'dailySalary' | 'hourlySalary' | 'realtimeSalary' | 'dividend';

export interface AgentContractPoliciesTable {
  merchant_id: number;
  kind: ContractKindColumn;
  enabled: Generated<boolean>;
  max_rate_bp: Generated<number>;
  dividend_period: Generated<'day' | 'week' | 'half-month' | 'month'>;
  deduct_bonuses: Generated<boolean>;
  admin_fee_bp: Generated<number>;
  enabled_at: Date | null;
  updated_at: Generated<Date>;
}

/** A tier as stored: thresholds in minor units (text, as JSON has no bigint) and the rate in basis points. */
export interface StoredTier {
  minValidBetMinor: string;
  minActiveMembers: number;
  rateBp: number;
}

export interface AgentContractsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: ContractKindColumn;
  upline_id: number;
  downline_id: number;
  period: 'window' | 'hour' | 'day' | 'week' | 'half-month' | 'month';
  tiers: StoredTier[];
  max_rate_bp: number;
  proposed_by: 'upline' | 'downline';
  state: 'requested' | 'accepted' | 'rejected' | 'terminated' | 'finished';
  end_reason:
    'terminated_by_upline' | 'terminated_by_downline' | 'replaced' | 'rate_rule' | 'upline_ended' | null;
  created_at: Generated<Date>;
  decided_at: Date | null;
  ends_at: Date | null;
}

export interface AgentContractEventsTable {
  id: Generated<bigint>;
  contract_id: number;
  at: Generated<Date>;
  actor_id: number | null;
  action:
    | 'offered'
    | 'requested'
    | 'accepted'
    | 'rejected'
    | 'withdrawn'
    | 'terminated'
    | 'finished'
    | 'ended_by_rate_rule'
    | 'ended_with_upline';
  detail: Record<string, unknown> | null;
}

export interface AgentPayoutsTable {
  id: Generated<bigint>;
  merchant_id: number;
  agent_id: number;
  kind: ContractKindColumn;
  period_key: string;
  period_start: Date;
  period_end: Date;
  contract_id: number | null;
  active_members: number;
  valid_bet_minor: bigint;
  profit_minor: bigint;
  deductions_minor: bigint;
  figure_minor: bigint;
  adjustment_minor: bigint;
  carried_minor: Generated<bigint>;
  tier: number | null;
  rate_bp: number;
  team_amount_minor: bigint;
  downline_amount_minor: bigint;
  amount_minor: bigint;
  status: 'paid' | 'scheduled' | 'nothing_due';
  pay_on: Date | null;
  transfer_id: bigint | null;
  created_at: Generated<Date>;
  paid_at: Date | null;
}

export interface AgentSettlementsTable {
  merchant_id: number;
  kind: string;
  period_key: string;
  period_start: Date;
  period_end: Date;
  agents: number;
  total_minor: bigint;
  settled_at: Generated<Date>;
}
