import type { ColumnType, Generated } from 'kysely';
import type { ModuleFlags } from '@portal/contracts';

/** Table types for Kysely, kept by hand next to the migrations that create the tables. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface MerchantsTable {
  id: Generated<number>;
  code: string;
  name: string;
  is_default: boolean;
  main_domain: string;
  currency_code: string;
  currency_symbol: string;
  currency_decimals: number;
  default_language: string;
  languages: string[];
  themes: string[];
  default_theme: string | null;
  modules: ColumnType<ModuleFlags, string, string>;
  maintenance_enabled: Generated<boolean>;
  maintenance_message: string | null;
  maintenance_allow_ips: Generated<string[]>;
  allowed_countries: Generated<string[]>;
  blocked_countries: Generated<string[]>;
  analytics_gtag_id: string | null;
  image_cdns: Generated<string[]>;
  launch_game_cdns: Generated<string[]>;
  sms_expiry_minutes: Generated<number>;
  password_expiry_days: number | null;
  unregistered_ip_check: Generated<boolean>;
  gmt_offset_minutes: Generated<number>;
  withdrawal_forced_receipt_minutes: Generated<number>;
  withdrawal_min_minor: Generated<bigint>;
  withdrawal_max_minor: Generated<bigint>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MerchantDomainsTable {
  id: Generated<number>;
  merchant_id: number;
  domain: string;
  is_main: boolean;
}

export interface RegisterSettingsTable {
  merchant_id: number;
  field: string;
  shown: boolean;
  required: boolean;
  accepted_pattern: string;
  min_length: number;
  max_length: number;
  pattern_id: number;
  sequence: number;
}

export interface CustomerServiceEntriesTable {
  id: Generated<number>;
  merchant_id: number;
  cs_type: 'CS';
  name: string;
  path: string;
  sequence: number;
}

export interface ResourcesTable {
  id: Generated<number>;
  merchant_id: number;
  resource_type: string;
  url: string;
  label_name_en: string;
  sequence: number;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  merchant_id: number;
  lang: string;
  device: string;
  term: string;
  title: string;
  content: string;
  sequence: number;
  /** Migration 0010: unpublished articles stay out of the help centre. */
  published: Generated<boolean>;
}

export interface MembersTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  username_key: string;
  password_hash: string;
  password_is_default: Generated<boolean>;
  password_changed_at: Generated<Date>;
  type: number;
  status: Generated<'active' | 'disabled'>;
  nickname: string | null;
  email: string | null;
  mobile: string | null;
  payee_name: string | null;
  profile: ColumnType<Record<string, string>, string | undefined, string>;
  parent_agent_id: number | null;
  affiliate_code: string | null;
  vip_level: Generated<number>;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  first_login_at: Date | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  member_id: number;
  token_hash: Buffer;
  login_method: string;
  must_change_password: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface LoginFailuresTable {
  id: Generated<bigint>;
  merchant_id: number;
  subject: string;
  created_at: CreatedAt;
}

export interface SmsCodesTable {
  id: Generated<number>;
  merchant_id: number;
  purpose: 'login' | 'register' | 'challenge';
  mobile: string;
  code_hash: string;
  wrong_tries: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface OutboxTable {
  id: Generated<number>;
  merchant_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  token_hash: Buffer;
  member_id: number;
  expires_at: Date;
  used_at: Date | null;
}

export interface MemberKnownIpsTable {
  member_id: number;
  ip: string;
  first_seen_at: CreatedAt;
}

export interface LoginChallengesTable {
  id: string;
  member_id: number;
  methods: string[];
  login_method: string;
  email_code_hash: string | null;
  wrong_tries: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
}

export interface ServerKeysTable {
  id: string;
  private_key_pem: string;
  public_key_spki: string;
  created_at: CreatedAt;
}

export interface UsedNoncesTable {
  nonce: string;
  expires_at: Date;
}

export type LedgerAccountKind =
  | 'player_main'
  | 'player_vendor'
  | 'house'
  | 'deposit_clearing'
  | 'withdrawal_clearing'
  | 'bonus'
  | 'agent_commission'
  | 'held';

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
}

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
}

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

export type SeamlessKind = 'bet' | 'win' | 'rollback';

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
  outcome: 'applied' | 'tombstone';
  ledger_transfer_id: bigint | null;
  balance_minor: bigint;
  request_hash: string;
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

export type OperatorRole = 'admin' | 'finance' | 'support';

export interface OperatorsTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  username_key: string;
  password_hash: string;
  role: OperatorRole;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
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

/** Content and service (migration 0010, decision 0017). */
export interface AnnouncementsTable {
  id: Generated<bigint>;
  merchant_id: number;
  content_type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  platform: Generated<'W'>;
  title: string;
  content: string;
  popup_execution: 'A' | 'B' | 'F' | null;
  sequence: Generated<number>;
  published: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AnnouncementImagesTable {
  announcement_id: bigint;
  url: string;
  sequence: number;
}

export interface AnnouncementPopupViewsTable {
  announcement_id: bigint;
  member_id: number;
  seen_at: CreatedAt;
}

export interface BannersTable {
  id: Generated<bigint>;
  merchant_id: number;
  group_name: 'w_login' | 'w_register' | 'w_forget' | 'w_home' | 'w_game' | 'w_leftmenu';
  url: string;
  linkage_type: 'NONE' | 'URL' | 'GAME' | 'PROMOTION' | 'ROUTE';
  linkage_value: string | null;
  title: string;
  sequence: Generated<number>;
  published: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MessagesTable {
  id: Generated<bigint>;
  merchant_id: number;
  audience: 'broadcast' | 'members';
  title: string;
  content: string;
  published: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MessageRecipientsTable {
  message_id: bigint;
  member_id: number;
}

export interface MessageReadsTable {
  message_id: bigint;
  member_id: number;
  read_at: CreatedAt;
}

export interface FeedbackTable {
  id: Generated<bigint>;
  merchant_id: number;
  member_id: number | null;
  type: number;
  content: string;
  sender: string;
  image_keys: string[];
  status: Generated<'new' | 'handled'>;
  ip: string | null;
  handled_by: number | null;
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

export interface DB {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  register_settings: RegisterSettingsTable;
  customer_service_entries: CustomerServiceEntriesTable;
  resources: ResourcesTable;
  help_articles: HelpArticlesTable;
  announcements: AnnouncementsTable;
  announcement_images: AnnouncementImagesTable;
  announcement_popup_views: AnnouncementPopupViewsTable;
  banners: BannersTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  message_reads: MessageReadsTable;
  feedback: FeedbackTable;
  members: MembersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  sms_codes: SmsCodesTable;
  outbox: OutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  member_known_ips: MemberKnownIpsTable;
  login_challenges: LoginChallengesTable;
  server_keys: ServerKeysTable;
  used_nonces: UsedNoncesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  payment_channels: PaymentChannelsTable;
  deposits: DepositsTable;
  payment_passwords: PaymentPasswordsTable;
  bank_accounts: BankAccountsTable;
  withdrawals: WithdrawalsTable;
  vendors: VendorsTable;
  games: GamesTable;
  merchant_vendors: MerchantVendorsTable;
  merchant_games: MerchantGamesTable;
  favourite_games: FavouriteGamesTable;
  recent_plays: RecentPlaysTable;
  game_rounds: GameRoundsTable;
  seamless_transactions: SeamlessTransactionsTable;
  game_sessions: GameSessionsTable;
  vendor_transfers: VendorTransfersTable;
  bgs_seeds: BgsSeedsTable;
  bgs_rounds: BgsRoundsTable;
  lottery_games: LotteryGamesTable;
  lottery_draws: LotteryDrawsTable;
  lottery_bets: LotteryBetsTable;
  lottery_settlements: LotterySettlementsTable;
}
