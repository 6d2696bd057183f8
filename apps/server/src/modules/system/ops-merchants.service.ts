import type { Kysely } from 'kysely';
import type { MerchantCreatePayload, MerchantListQuery, OperatorMerchant, Page } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createOperator } from '../operators';
import type { MerchantConfig } from './merchant-config';
import type { MerchantDirectory } from './merchant-directory';
import { hostnameOf } from './merchant-directory';
import * as repo from './ops-merchants.repo';

/**
 * Merchants and their domains, the platform role's (decision 0036): these calls are not scoped to the
 * caller's merchant, and they are answered only on the platform's home merchant (the default one), so
 * a platform account made on any other merchant can do nothing with them.
 */
export interface MerchantDeps {
  db: Kysely<DB>;
  merchants: MerchantDirectory;
}

/** Refuses the call unless it came through the platform's home merchant. */
export function assertPlatformHome(merchant: MerchantConfig): void {
  if (!merchant.isDefault) {
    throw new AppError('platform_home_only', "Merchants are managed from the platform's home merchant");
  }
}

async function present(db: Kysely<DB>, rows: repo.MerchantRow[]): Promise<OperatorMerchant[]> {
  const domains = await repo.selectDomainsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: row.name,
    currency: { code: row.currency_code, symbol: row.currency_symbol, decimals: row.currency_decimals },
    gmtOffsetMinutes: row.gmt_offset_minutes,
    defaultLanguage: row.default_language,
    home: row.is_default,
    domains: domains
      .filter((domain) => domain.merchant_id === row.id)
      .map((domain) => ({ domain: domain.domain, main: domain.is_main })),
    staffCount: Number(row.staff_count ?? 0),
    createdAt: row.created_at.toISOString(),
  }));
}

export async function listMerchants(
  db: Kysely<DB>,
  query: MerchantListQuery,
): Promise<Page<OperatorMerchant>> {
  const { rows, total } = await repo.selectMerchantPage(db, query, query.search);
  return { items: await present(db, rows), page: query.page, pageSize: query.pageSize, total };
}

async function merchantByCode(db: Kysely<DB>, code: string): Promise<OperatorMerchant> {
  const row = await repo.selectMerchantByCode(db, code);
  if (!row) throw new AppError('merchant_not_found', `No merchant ${code}`);
  const [merchant] = await present(db, [row]);
  return merchant!;
}

/**
 * A new merchant: its currency, time zone and default language as given; languages, themes and module
 * switches and the register form copied from the home merchant; no domain yet (added next); and its
 * first owner account, which must change the initial password and enrol an authenticator at first login.
 */
export async function createMerchant(
  deps: MerchantDeps,
  home: MerchantConfig,
  payload: MerchantCreatePayload,
) {
  const result = await deps.db.transaction().execute(async (trx) => {
    if (await repo.selectMerchantByCode(trx, payload.code)) {
      throw new AppError('merchant_code_taken', `A merchant ${payload.code} exists`);
    }
    const template = await repo.selectTemplate(trx, home.id);
    const merchantId = await repo.insertMerchant(trx, {
      code: payload.code,
      name: payload.name,
      is_default: false,
      main_domain: '',
      currency_code: payload.currency.code,
      currency_symbol: payload.currency.symbol,
      currency_decimals: payload.currency.decimals,
      gmt_offset_minutes: payload.gmtOffsetMinutes,
      default_language: payload.defaultLanguage,
      languages: [...new Set([payload.defaultLanguage, ...template.languages])],
      themes: template.themes,
      default_theme: template.default_theme,
      modules: JSON.stringify(template.modules),
      maintenance_message: null,
      analytics_gtag_id: null,
      logo_url: null,
      primary_color: null,
      accent_color: null,
    });
    await repo.copyRegisterSettings(trx, home.id, merchantId);
    await createOperator(trx, {
      merchantId,
      username: payload.owner.username,
      password: payload.owner.password,
      role: 'owner',
      mustChangePassword: true,
    });
    return merchantByCode(trx, payload.code);
  });
  deps.merchants.invalidate();
  return { merchant: result, owner: { username: payload.owner.username, mustChangePassword: true } };
}

/** Adds a host name to a merchant; `main` makes it the merchant's main domain (so does being its first). */
export async function addDomain(
  deps: MerchantDeps,
  code: string,
  domain: string,
  main: boolean,
): Promise<OperatorMerchant> {
  const merchant = await deps.db.transaction().execute(async (trx) => {
    const target = await repo.selectMerchantByCode(trx, code);
    if (!target) throw new AppError('merchant_not_found', `No merchant ${code}`);
    if (await repo.selectDomainOwner(trx, domain)) {
      throw new AppError('domain_taken', `${domain} already belongs to a merchant`);
    }
    const first = (await repo.selectDomainsOf(trx, [target.id])).length === 0;
    await repo.insertDomain(trx, target.id, domain);
    if (main || first) await repo.setMainDomain(trx, target.id, domain);
    return merchantByCode(trx, code);
  });
  deps.merchants.invalidate();
  return merchant;
}

/**
 * Removes a host name; requests for it then resolve as an unknown host. The host this call came through
 * cannot be removed (the platform would lock itself out); a removed main domain hands over to the
 * merchant's oldest remaining one.
 */
export async function removeDomain(
  deps: MerchantDeps,
  code: string,
  domain: string,
  requestHost: string | undefined,
): Promise<OperatorMerchant> {
  if (requestHost !== undefined && hostnameOf(requestHost) === domain) {
    throw new AppError('domain_in_use', 'This call came through that domain; remove it from another one');
  }
  const merchant = await deps.db.transaction().execute(async (trx) => {
    const target = await repo.selectMerchantByCode(trx, code);
    if (!target) throw new AppError('merchant_not_found', `No merchant ${code}`);
    const owner = await repo.selectDomainOwner(trx, domain);
    if (owner?.merchant_id !== target.id) {
      throw new AppError('domain_not_found', `${code} has no domain ${domain}`);
    }
    await repo.deleteDomain(trx, target.id, domain);
    if (owner.is_main) await repo.setMainDomain(trx, target.id, null);
    return merchantByCode(trx, code);
  });
  deps.merchants.invalidate();
  return merchant;
}
