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
}
