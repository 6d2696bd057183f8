import type { Kysely } from 'kysely';
import {
  formatMinor,
  moduleFlags,
  registerFieldSetting,
  themeName,
  country,
  gameListLayout,
  socialProvider,
  type BrandingSettings,
  type CountrySettings,
  type LayoutSettings,
  type SocialLoginPayload,
  type LanguageSettings,
  type ModuleFlags,
  type RegisterSettingsPayload,
  type StatusSettings,
  type WhitelabelSettings,
  type WithdrawalSettings,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { limitRange } from '../payments';
import type { MerchantDirectory } from './merchant-directory';
import * as repo from './ops-settings.repo';

/**
 * The operator console's white-label settings (issue 16). Each write changes one area and drops the
 * merchants' settings snapshot, so the next player call is answered from the new settings (the routes
 * drop it again once the reply is sent, after the call's transaction has committed). Other instances drop theirs
 * when PostgreSQL announces the change (the merchants and register_settings triggers of migration 0001).
 */
export interface SettingsDeps {
  db: Kysely<DB>;
  merchants: MerchantDirectory;
}

/** What the settings page shows, read from the database with the caller's connection. */
export async function readSettings(
  deps: SettingsDeps,
  merchantId: number,
  callerIp: string,
): Promise<WhitelabelSettings> {
  const [row, register, social] = await Promise.all([
    repo.selectSettings(deps.db, merchantId),
    repo.selectRegisterRules(deps.db, merchantId),
    repo.selectSocialProviders(deps.db, merchantId),
  ]);
  if (!row) throw new AppError('merchant_not_found', 'This merchant does not exist');
  const decimals = row.currency_decimals;
  return {
    merchantCode: row.code,
    merchantName: row.name,
    modules: moduleFlags.parse(row.modules),
    languages: {
      languages: row.languages,
      defaultLanguage: row.default_language,
      themes: row.themes.map((theme) => themeName.parse(theme)),
      defaultTheme: row.default_theme === null ? null : themeName.parse(row.default_theme),
    },
    branding: { logoUrl: row.logo_url, primaryColor: row.primary_color, accentColor: row.accent_color },
    register: register.map((rule) =>
      registerFieldSetting.parse({
        field: rule.field,
        shown: rule.shown,
        required: rule.required,
        acceptedPattern: rule.accepted_pattern,
        minLength: rule.min_length,
        maxLength: rule.max_length,
        patternId: rule.pattern_id,
      }),
    ),
    countries: country.array().parse(row.countries),
    layout: { gameListLayout: gameListLayout.parse(row.game_list_layout) },
    socialLogin: social.map((entry) => ({
      provider: socialProvider.parse(entry.provider),
      issuer: entry.issuer,
      clientId: entry.client_id,
      enabled: entry.enabled,
      secretSet: true,
    })),
    status: {
      maintenanceEnabled: row.maintenance_enabled,
      maintenanceMessage: row.maintenance_message,
      maintenanceAllowIps: row.maintenance_allow_ips,
      allowedCountries: row.allowed_countries,
      blockedCountries: row.blocked_countries,
    },
    withdrawals: {
      autoReceiveMinutes: row.withdrawal_forced_receipt_minutes,
      minAmount: formatMinor(row.withdrawal_min_minor, decimals),
      maxAmount: formatMinor(row.withdrawal_max_minor, decimals),
    },
    callerIp,
  };
}

/** Writes one area's columns and drops the settings snapshot. */
async function write(
  deps: SettingsDeps,
  merchantId: number,
  changes: repo.MerchantSettingsUpdate,
): Promise<void> {
  await repo.updateMerchantSettings(deps.db, merchantId, changes);
  deps.merchants.invalidate();
}

export function setModules(deps: SettingsDeps, merchantId: number, modules: ModuleFlags) {
  return write(deps, merchantId, { modules: JSON.stringify(modules) });
}

export function setLanguages(deps: SettingsDeps, merchantId: number, settings: LanguageSettings) {
  return write(deps, merchantId, {
    languages: settings.languages,
    default_language: settings.defaultLanguage,
    themes: settings.themes,
    default_theme: settings.defaultTheme,
  });
}

export function setBranding(deps: SettingsDeps, merchantId: number, branding: BrandingSettings) {
  return write(deps, merchantId, {
    logo_url: branding.logoUrl,
    primary_color: branding.primaryColor,
    accent_color: branding.accentColor,
  });
}

export function setStatus(deps: SettingsDeps, merchantId: number, status: StatusSettings) {
  return write(deps, merchantId, {
    maintenance_enabled: status.maintenanceEnabled,
    maintenance_message: status.maintenanceMessage === '' ? null : status.maintenanceMessage,
    maintenance_allow_ips: [...new Set(status.maintenanceAllowIps)],
    allowed_countries: [...new Set(status.allowedCountries)],
    blocked_countries: [...new Set(status.blockedCountries)],
  });
}

/** Replaces the mobile pickers' countries (their order is the players'). */
export function setCountries(deps: SettingsDeps, merchantId: number, settings: CountrySettings) {
  return write(deps, merchantId, { countries: JSON.stringify(settings.countries) });
}

/** Sets the player pages' layout choices. */
export function setLayout(deps: SettingsDeps, merchantId: number, settings: LayoutSettings) {
  return write(deps, merchantId, { game_list_layout: settings.gameListLayout });
}

/**
 * Sets one social login provider. The client secret is write-only: sent to set or replace it, left out
 * to keep the stored one (a provider not yet stored needs it).
 */
export async function setSocial(deps: SettingsDeps, merchantId: number, payload: SocialLoginPayload) {
  const stored = await repo.upsertSocialProvider(deps.db, {
    merchant_id: merchantId,
    provider: payload.provider,
    issuer: payload.issuer,
    client_id: payload.clientId,
    ...(payload.clientSecret === undefined ? {} : { client_secret: payload.clientSecret }),
    enabled: payload.enabled,
  });
  if (!stored) throw new AppError('social_login_secret_required', 'A new provider needs its client secret');
  deps.merchants.invalidate();
}

export async function setWithdrawals(
  deps: SettingsDeps,
  merchantId: number,
  settings: WithdrawalSettings,
): Promise<void> {
  const row = await repo.selectSettings(deps.db, merchantId);
  if (!row) throw new AppError('merchant_not_found', 'This merchant does not exist');
  const [min, max] = limitRange(settings.minAmount, settings.maxAmount, row.currency_decimals);
  await write(deps, merchantId, {
    withdrawal_forced_receipt_minutes: settings.autoReceiveMinutes,
    withdrawal_min_minor: min,
    withdrawal_max_minor: max,
  });
}

/** Replaces the register form (every row at once, so players never see half of it). */
export async function setRegister(
  deps: SettingsDeps,
  merchantId: number,
  payload: RegisterSettingsPayload,
): Promise<void> {
  await deps.db.transaction().execute((trx) => repo.replaceRegisterSettings(trx, merchantId, payload.fields));
  deps.merchants.invalidate();
}
