import type { Generated } from 'kysely';

/** The operator reports' merchant-level rollup (migration 0031). */
export interface MerchantDailyTable {
  merchant_id: number;
  day: Date;
  vendor_code: Generated<string>;
  game_type: Generated<string>;
  bet_count: Generated<number>;
  /** Stakes of bets (rollbacks apart, in refund_minor). */
  bet_minor: Generated<bigint>;
  refund_minor: Generated<bigint>;
  win_minor: Generated<bigint>;
  /** Transfer-wallet settlements: what players won there, net (negative: they lost). */
  settlement_minor: Generated<bigint>;
  bonus_minor: Generated<bigint>;
  bonus_forfeit_minor: Generated<bigint>;
  /** Balance adjustments credited to players, net of debits. */
  adjustment_minor: Generated<bigint>;
  deposit_count: Generated<number>;
  deposit_minor: Generated<bigint>;
  withdrawal_count: Generated<number>;
  withdrawal_minor: Generated<bigint>;
}
