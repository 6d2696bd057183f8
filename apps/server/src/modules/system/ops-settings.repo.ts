import type { Kysely, Updateable } from 'kysely';
import type { RegisterSettingsPayload } from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { MerchantsTable } from '../../db/schema/system';

/** SQL of the console's white-label settings: the merchant's columns and its register form. */

/**
 * The merchant's settings as stored, read with the caller's connection: inside a write's transaction it
 * sees the write (the in-memory snapshot would not yet).
 */
export function selectSettings(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('merchants')
    .select([
      'code',
      'name',
      'currency_decimals',
      'modules',
      'languages',
      'default_language',
      'themes',
      'default_theme',
      'logo_url',
      'primary_color',
      'accent_color',
      'maintenance_enabled',
      'maintenance_message',
      'maintenance_allow_ips',
      'allowed_countries',
      'blocked_countries',
      'withdrawal_forced_receipt_minutes',
      'withdrawal_min_minor',
      'withdrawal_max_minor',
      'countries',
      'game_list_layout',
    ])
    .where('id', '=', merchantId)
    .executeTakeFirst();
}

export function selectRegisterRules(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('register_settings')
    .select(['field', 'shown', 'required', 'accepted_pattern', 'min_length', 'max_length', 'pattern_id'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sequence')
    .orderBy('field')
    .execute();
}

/** The columns a settings write may change (never the code, the currency or the default flag). */
export type MerchantSettingsUpdate = Pick<
  Updateable<MerchantsTable>,
  | 'modules'
  | 'languages'
  | 'default_language'
  | 'themes'
  | 'default_theme'
  | 'logo_url'
  | 'primary_color'
  | 'accent_color'
  | 'maintenance_enabled'
  | 'maintenance_message'
  | 'maintenance_allow_ips'
  | 'allowed_countries'
  | 'blocked_countries'
  | 'withdrawal_forced_receipt_minutes'
  | 'withdrawal_min_minor'
  | 'withdrawal_max_minor'
  | 'countries'
  | 'game_list_layout'
>;

export async function updateMerchantSettings(
  db: Kysely<DB>,
  merchantId: number,
  changes: MerchantSettingsUpdate,
): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', merchantId)
    .execute();
}

/** Replaces the register form's rows, in the given order (its `sequence`). */
export async function replaceRegisterSettings(
  db: Kysely<DB>,
  merchantId: number,
  fields: RegisterSettingsPayload['fields'],
): Promise<void> {
  await db.deleteFrom('register_settings').where('merchant_id', '=', merchantId).execute();
  await db
    .insertInto('register_settings')
    .values(
      fields.map((rule, index) => ({
        merchant_id: merchantId,
        field: rule.field,
        shown: rule.shown,
        required: rule.required,
        accepted_pattern: rule.acceptedPattern === '' ? '*' : rule.acceptedPattern,
        min_length: rule.minLength,
        max_length: rule.maxLength,
        pattern_id: rule.patternId,
        sequence: index,
      })),
    )
    .execute();
}

/** The console's view of the merchant's social login providers (never the secret). */
export function selectSocialProviders(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('merchant_oidc_providers')
    .select(['provider', 'issuer', 'client_id', 'enabled'])
    .where('merchant_id', '=', merchantId)
    .orderBy('provider')
    .execute();
}

/**
 * Stores one provider: with a secret, inserted or replaced whole; without, only an existing row is
 * changed (false when there is none: a new provider needs its secret).
 */
export async function upsertSocialProvider(
  db: Kysely<DB>,
  row: {
    merchant_id: number;
    provider: string;
    issuer: string;
    client_id: string;
    client_secret?: string;
    enabled: boolean;
  },
): Promise<boolean> {
  const { client_secret: secret, ...rest } = row;
  const changes = {
    issuer: rest.issuer,
    client_id: rest.client_id,
    enabled: rest.enabled,
    updated_at: new Date(),
  };
  if (secret === undefined) {
    const updated = await db
      .updateTable('merchant_oidc_providers')
      .set(changes)
      .where('merchant_id', '=', rest.merchant_id)
      .where('provider', '=', rest.provider)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }
  await db
    .insertInto('merchant_oidc_providers')
    .values({ ...rest, client_secret: secret })
    .onConflict((conflict) =>
      conflict.columns(['merchant_id', 'provider']).doUpdateSet({ ...changes, client_secret: secret }),
    )
    .execute();
  return true;
}
