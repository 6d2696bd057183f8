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

export interface DB {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  register_settings: RegisterSettingsTable;
  customer_service_entries: CustomerServiceEntriesTable;
  resources: ResourcesTable;
  help_articles: HelpArticlesTable;
}
