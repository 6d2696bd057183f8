import type { Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from './columns';

/**
 * Vendors, the catalogue, rounds, seamless records and game sessions (migrations 0004, 0007), lotteries
 * (0009) and the in-house games (0008).
 */

export type VendorWalletMode = 'seamless' | 'transfer';

export interface VendorsTable {
  code: string;
  name: string;
  wallet_mode: VendorWalletMode;
  secret: string;
  api_url: string | null;
  created_at: CreatedAt;
  /** Catalogue fields (migration 0007). */
  display_name: Generated<string>;
  categories: Generated<string[]>;
  icon_url: string | null;
  sort_order: Generated<number>;
  launch_kind: Generated<VendorLaunchKind>;
  launch_url: string | null;
}

/** How a launch is made: our /bgs pages, our lottery pages, or the vendor's own page (migration 0007). */
export type VendorLaunchKind = 'inhouse' | 'portal' | 'hosted';

/** The game catalogue (migration 0007). */
export interface GamesTable {
  id: Generated<number>;
  vendor_code: string;
  game_code: string;
  display_name: string;
  game_type: string;
  is_game: Generated<'GAME' | 'VASSALAGE'>;
  icon_url: string;
  large_icon_url: string;
  is_hot: Generated<boolean>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  released_at: Generated<Date>;
}

export interface MerchantVendorsTable {
  merchant_id: number;
  vendor_code: string;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  maintenance: Generated<boolean>;
  maintenance_message: string | null;
  /** What a win for a round without a stake gets (migration 0012, decision 0024). */
  orphan_win_policy: Generated<OrphanWinPolicy>;
  /** Cap of a round's wins in times its stake; null: no cap; 10000 when not given (migration 0012). */
  max_win_multiplier: number | null;
}

/** A seamless win for a round without a stake: refused, or paid with a security alert. */
export type OrphanWinPolicy = 'refuse' | 'alert';

export interface MerchantGamesTable {
  merchant_id: number;
  game_id: number;
  enabled: boolean | null;
  sort_order: number | null;
  is_hot: boolean | null;
}

export interface FavouriteGamesTable {
  member_id: number;
  game_id: number;
  created_at: CreatedAt;
}

export interface RecentPlaysTable {
  member_id: number;
  game_id: number;
  played_at: Generated<Date>;
}

export interface GameRoundsTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_code: string;
  round_id: string;
  member_id: number;
  game_code: string;
  currency: string;
  bet_minor: Generated<bigint>;
  win_minor: Generated<bigint>;
  refund_minor: Generated<bigint>;
  bet_count: Generated<number>;
  status: Generated<'open' | 'closed'>;
  started_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Per member, merchant day and vendor: the rounds started and their sums (migration 0040's trigger). */
export interface MemberRoundDaysTable {
  merchant_id: number;
  member_id: number;
  day: Date;
  vendor_code: string;
  rounds: Generated<number>;
  bet_minor: Generated<bigint>;
  win_minor: Generated<bigint>;
  refund_minor: Generated<bigint>;
}

export type SeamlessKind = 'bet' | 'win' | 'rollback';

/** The stored refusals of a seamless win (migration 0012). */
export type SeamlessRefusal = 'round_has_no_bet' | 'win_limit_exceeded';

export interface SeamlessTransactionsTable {
  id: Generated<bigint>;
  merchant_id: number;
  vendor_code: string;
  vendor_tx_id: string;
  kind: SeamlessKind;
  member_id: number;
  round_id: string;
  amount_minor: bigint;
  refers_tx_id: string | null;
  outcome: 'applied' | 'tombstone' | 'refused';
  /** Why a win was refused (outcome 'refused', migration 0012); a duplicate answers it again. */
  refusal: SeamlessRefusal | null;
  ledger_transfer_id: bigint | null;
  balance_minor: bigint;
  request_hash: string;
  /** The part of a bet taken from (or of a rollback refunded to) the bonus wallet (migration 0023). */
  bonus_minor: Generated<bigint>;
  /** Its ledger transfer (`seamless:<vendor>:<tx>#bonus`); null when no bonus money moved. */
  bonus_transfer_id: Generated<bigint | null>;
  created_at: CreatedAt;
}

export interface GameSessionsTable {
  token_hash: string;
  merchant_id: number;
  member_id: number;
  vendor_code: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface LotteryGamesTable {
  id: Generated<number>;
  merchant_id: number;
  game_code: 'LOTT' | 'ELOTT' | 'VN' | 'SEA';
  vendor_code: string;
  name: string;
  interval_seconds: number;
  close_before_seconds: number;
  min_stake_minor: bigint;
  max_stake_minor: bigint;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export type LotteryDrawStatus = 'open' | 'drawn' | 'settled';

export interface LotteryDrawsTable {
  id: Generated<bigint>;
  game_id: number;
  draw_no: string;
  opens_at: Date;
  closes_at: Date;
  draws_at: Date;
  seed: string;
  seed_hash: string;
  result: string | null;
  status: Generated<LotteryDrawStatus>;
  drawn_at: Date | null;
  settled_at: Date | null;
  created_at: CreatedAt;
}

export type LotteryBetStatus = 'pending' | 'placed' | 'won' | 'lost' | 'refused' | 'void';

export interface LotteryBetsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  draw_id: bigint;
  bet_type: 'TWO_DIGIT' | 'THREE_DIGIT' | 'BIG' | 'SMALL';
  pick: string | null;
  stake_minor: bigint;
  odds_hundredths: number;
  currency: string;
  request_id: string;
  request_hash: string;
  status: Generated<LotteryBetStatus>;
  refusal_code: string | null;
  payout_minor: bigint | null;
  created_at: CreatedAt;
  settled_at: Date | null;
}

export interface LotterySettlementsTable {
  settlement_key: string;
  bet_id: bigint;
  payout_minor: bigint;
  win_transaction_id: string | null;
  created_at: CreatedAt;
}

/** The in-house games' server seeds (migration 0008). */
export interface BgsSeedsTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  revealed_at: Date | null;
  created_at: CreatedAt;
}

export type BgsRoundStatusColumn = 'betting' | 'open' | 'paying' | 'settled' | 'refused';

/** The in-house games' rounds (migration 0008); params and outcome are the contracts' tagged JSON. */
export interface BgsRoundsTable {
  id: Generated<bigint>;
  round_id: string;
  merchant_id: number;
  member_id: number;
  game_code: string;
  request_id: string;
  seed_id: bigint;
  client_seed: string;
  nonce: number;
  currency: string;
  bet_minor: bigint;
  payout_minor: Generated<bigint>;
  params: unknown;
  outcome: unknown;
  reveals: Generated<number[]>;
  status: BgsRoundStatusColumn;
  failure_code: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** BGS Crash (migration 0035): a merchant's hash chain; top_seed is secret, hash published. */
export interface CrashChainsTable {
  id: Generated<bigint>;
  merchant_id: number;
  length: number;
  top_seed: string;
  hash: string;
  next_round: Generated<number>;
  exhausted_at: Date | null;
  created_at: CreatedAt;
}

export type CrashRoundStatusColumn = 'betting' | 'flying' | 'crashed' | 'settled';

/** A shared crash round; crash_point in hundredths (never shown before crashed_at). */
export interface CrashRoundsTable {
  id: Generated<bigint>;
  round_id: string;
  merchant_id: number;
  chain_id: bigint;
  round_no: number;
  seed: string;
  crash_point: number;
  status: CrashRoundStatusColumn;
  betting_ends_at: Date;
  started_at: Date | null;
  crash_at: Date | null;
  crashed_at: Date | null;
  created_at: CreatedAt;
}

export type CrashBetStatusColumn =
  'placing' | 'placed' | 'cashing' | 'won' | 'lost' | 'refused' | 'voiding' | 'void';

/** One player's bet in a crash round; multipliers in hundredths. */
export interface CrashBetsTable {
  id: Generated<bigint>;
  crash_round_id: bigint;
  merchant_id: number;
  member_id: number;
  request_id: string;
  currency: string;
  bet_minor: bigint;
  auto_cashout: number | null;
  cashout: number | null;
  payout_minor: Generated<bigint>;
  status: CrashBetStatusColumn;
  failure_code: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** When a merchant's crash page was last open (rounds run only while someone watches). */
export interface CrashActivityTable {
  merchant_id: number;
  seen_at: Date;
}
