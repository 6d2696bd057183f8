import type { ColumnType, Generated } from 'kysely';
import type { Country, ModuleFlags } from '@portal/contracts';
import type { CreatedAt, UpdatedAt } from './columns';

/** Merchants, their domains, settings, customer service and help (migrations 0001, 0010). */

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
  /** Migration 0027: the brand the player side shows (null: the portal's own). */
  logo_url: string | null;
  primary_color: string | null;
  accent_color: string | null;
  /** Migration 0034: the mobile pickers' countries, in order (the first preselected). */
  countries: ColumnType<Country[], string | undefined, string>;
  /** Migration 0036: the game lists' layout, 'grid' or 'chunked2'. */
  game_list_layout: Generated<string>;
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
