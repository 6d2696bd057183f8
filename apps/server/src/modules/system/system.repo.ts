import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL for the white-label configuration; explicit columns, nothing else. */
export function selectMerchants(db: Kysely<DB>) {
  return db
    .selectFrom('merchants')
    .select([
      'id',
      'code',
      'name',
      'is_default',
      'main_domain',
      'currency_code',
      'currency_symbol',
      'currency_decimals',
      'default_language',
      'languages',
      'themes',
      'default_theme',
      'modules',
      'maintenance_enabled',
      'maintenance_message',
      'maintenance_allow_ips',
      'allowed_countries',
      'blocked_countries',
      'analytics_gtag_id',
      'image_cdns',
      'launch_game_cdns',
      'sms_expiry_minutes',
      'password_expiry_days',
      'unregistered_ip_check',
      'gmt_offset_minutes',
      'logo_url',
      'primary_color',
      'accent_color',
      'countries',
      'game_list_layout',
    ])
    .orderBy('id')
    .execute();
}

export function selectDomains(db: Kysely<DB>) {
  return db
    .selectFrom('merchant_domains')
    .select(['merchant_id', 'domain', 'is_main'])
    .orderBy('id')
    .execute();
}

export function selectRegisterSettings(db: Kysely<DB>) {
  return db
    .selectFrom('register_settings')
    .select([
      'merchant_id',
      'field',
      'shown',
      'required',
      'accepted_pattern',
      'min_length',
      'max_length',
      'pattern_id',
    ])
    .orderBy('merchant_id')
    .orderBy('sequence')
    .orderBy('field')
    .execute();
}

export function selectCustomerService(db: Kysely<DB>) {
  return db
    .selectFrom('customer_service_entries')
    .select(['id', 'merchant_id', 'cs_type', 'name', 'path'])
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

export function selectResources(db: Kysely<DB>) {
  return db
    .selectFrom('resources')
    .select(['merchant_id', 'resource_type', 'url', 'label_name_en'])
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

export function selectHelpArticles(db: Kysely<DB>, merchantId: number, lang: string, device: string) {
  return db
    .selectFrom('help_articles')
    .select(['id', 'term', 'title', 'content'])
    .where('merchant_id', '=', merchantId)
    .where('lang', '=', lang)
    .where('device', '=', device)
    .where('published', '=', true)
    .orderBy('sequence')
    .orderBy('id')
    .execute();
}

/** Every merchant's enabled social login providers (migration 0037); never their secrets. */
export function selectSocialProviders(db: Kysely<DB>) {
  return db
    .selectFrom('merchant_oidc_providers')
    .select(['merchant_id', 'provider'])
    .where('enabled', '=', true)
    .orderBy('provider')
    .execute();
}
