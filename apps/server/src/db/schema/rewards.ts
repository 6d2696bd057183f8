import type { Generated } from 'kysely';
import type { CreatedAt } from './columns';

/** Rewards: activities, joins, claims, bonus grants and the merchant's reward settings (migration 0015). */

export type RewardActivityKind =
  | 'first_deposit'
  | 'reload_deposit'
  | 'cashback'
  | 'sign_in'
  | 'social_contact'
  | 'mission'
  | 'leaderboard'
  | 'referral';

export type SpendingOrder = 'locked' | 'real_first' | 'bonus_first';

export interface RewardSettingsTable {
  merchant_id: number;
  social_contact_cap_minor: bigint;
  /** Whether bets spend bonus money, and in which order (migration 0023). */
  spending_order: Generated<SpendingOrder>;
  updated_at: Generated<Date>;
}

export interface RewardActivitiesTable {
  id: Generated<bigint>;
  merchant_id: number;
  announcement_id: bigint | null;
  kind: RewardActivityKind;
  title: string;
  /** The activity's rules as the contracts' `activityRules` (checked on write and on read). */
  rules: unknown;
  starts_at: Date;
  ends_at: Date | null;
  new_players_only: boolean;
  once: 'player' | 'period';
  requires_join: boolean;
  issue: 'auto' | 'review';
  wagering_multiplier: number;
  wagering_weights: Record<string, number>;
  withdraw_rule: 'refuse' | 'forfeit';
  closed_at: Date | null;
  /** Players may comment on it (migration 0019). */
  allow_comments: Generated<boolean>;
  /** The lowest VIP level that may take part (migration 0021; 0: everyone). */
  min_vip_level: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface RewardJoinsTable {
  activity_id: bigint;
  member_id: number;
  joined_at: CreatedAt;
}

export interface RewardClaimsTable {
  id: Generated<bigint>;
  merchant_id: number;
  activity_id: bigint;
  member_id: number;
  period_key: string;
  amount_minor: bigint;
  status: 'applying' | 'issued' | 'rejected';
  contact_app: 'zalo' | 'whatsapp' | null;
  contact_id: string | null;
  ip: string | null;
  device: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  note: Generated<string>;
  created_at: CreatedAt;
}

export interface BonusGrantsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  /** The activity claim it pays; null for a red envelope share or a raffle prize (then `title` says). */
  claim_id: bigint | null;
  title: Generated<string | null>;
  amount_minor: bigint;
  wagering_required_minor: bigint;
  wagering_done_minor: Generated<bigint>;
  wagering_weights: Record<string, number>;
  withdraw_rule: 'refuse' | 'forfeit';
  status: 'wagering' | 'released' | 'forfeited';
  issue_transfer_id: bigint;
  settle_transfer_id: bigint | null;
  /** What the release or forfeit moved: what remained of the grant (migration 0023). */
  settled_minor: Generated<bigint | null>;
  issued_at: Generated<Date>;
  checked_at: Generated<Date>;
  settled_at: Date | null;
}

/** One winner of a settled leaderboard period (the standings column). */
export interface StoredStanding {
  rank: number;
  memberId: number;
  player: string;
  figureMinor: string;
  prizeMinor: string;
}

export interface RewardLeaderboardPeriodsTable {
  activity_id: bigint;
  period_key: string;
  period_end: Date;
  standings: StoredStanding[];
  settled_at: Generated<Date>;
}
