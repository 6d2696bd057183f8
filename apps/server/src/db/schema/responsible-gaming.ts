import type { ColumnType, Generated } from 'kysely';
import type { UpdatedAt } from './columns';

/** Responsible gaming (migration 0029, decision 0037). Money in the merchant currency's minor units. */

export interface RgSettingsTable {
  merchant_id: number;
  allow_permanent_exclusion: Generated<boolean>;
  share_exclusions: Generated<boolean>;
  updated_at: UpdatedAt;
}

export type RgLimitKindColumn = 'deposit' | 'loss' | 'wager' | 'session';
export type RgLimitPeriodColumn = 'day' | 'week' | 'month' | 'session';

export interface RgLimitsTable {
  member_id: number;
  merchant_id: number;
  kind: RgLimitKindColumn;
  period: RgLimitPeriodColumn;
  /** Minor units; minutes for the session limit. */
  amount_minor: bigint | null;
  pending_amount_minor: bigint | null;
  pending_removal: Generated<boolean>;
  effective_at: Date | null;
  updated_at: UpdatedAt;
}

export interface RgProfilesTable {
  member_id: number;
  merchant_id: number;
  reality_check_minutes: number | null;
  updated_at: UpdatedAt;
}

export interface RgBlocksTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  kind: 'break' | 'self_exclusion';
  started_at: Date;
  ends_at: Date | null;
  all_merchants: boolean;
  reopen_requested_at: Date | null;
}

export interface RgSharedBlocksTable {
  person_key: string;
  block_id: bigint;
}

export interface RgEventsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  action: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface RgWagerStateTable {
  member_id: number;
  merchant_id: number;
  blocked_until: Date | null;
  loss_day_minor: bigint | null;
  loss_week_minor: bigint | null;
  loss_month_minor: bigint | null;
  wager_day_minor: bigint | null;
  wager_week_minor: bigint | null;
  wager_month_minor: bigint | null;
  session_limit_minutes: number | null;
  session_started_at: Date | null;
}
