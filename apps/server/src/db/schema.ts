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
  | 'agent_commission';

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
  created_at: CreatedAt;
}

export interface DB {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  register_settings: RegisterSettingsTable;
  customer_service_entries: CustomerServiceEntriesTable;
  resources: ResourcesTable;
  help_articles: HelpArticlesTable;
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
}
