import type { Kysely } from 'kysely';
import type { HelpCenter, Permission, SystemStatus, SystemStatusCode, Whitelabel } from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { GeoIp } from '../../lib/geoip';
import { ipInList, isInternalIp } from '../../lib/ip';
import type { MerchantConfig } from './merchant-config';
import * as repo from './system.repo';

export interface Visitor {
  ip: string;
  country: string | null;
}

/** The visitor's address and, from GeoIP, country. */
export function locate(geoIp: GeoIp, ip: string): Visitor {
  return { ip, country: geoIp.countryOf(ip) };
}

/**
 * Region rule: a blocked country is refused; when an allow-list exists, only its countries pass.
 * Internal addresses (loopback, private) have no country and are never region-restricted, so operators
 * and health checks behind the load balancer always get through; any other unknown country is refused
 * by an allow-list and passes a block-list.
 */
export function isRegionRestricted(merchant: MerchantConfig, visitor: Visitor): boolean {
  if (isInternalIp(visitor.ip)) return false;
  if (visitor.country && merchant.blockedCountries.has(visitor.country)) return true;
  if (merchant.allowedCountries.size === 0) return false;
  return visitor.country === null || !merchant.allowedCountries.has(visitor.country);
}

/** Maintenance applies to everyone but the merchant's allow-listed addresses (its own staff). */
export function isInMaintenance(merchant: MerchantConfig, visitor: Visitor): boolean {
  return merchant.maintenance.enabled && !ipInList(merchant.maintenance.allowList, visitor.ip);
}

/**
 * Status of spec section 4. Region restriction is checked first: a visitor from a blocked region is told
 * nothing else, not even that the site is under maintenance.
 */
export function systemStatus(merchant: MerchantConfig, visitor: Visitor): SystemStatus {
  let status: SystemStatusCode = 0;
  if (isRegionRestricted(merchant, visitor)) status = 2;
  else if (isInMaintenance(merchant, visitor)) status = 1;
  return {
    status,
    ip: visitor.ip,
    country: visitor.country,
    maintenanceMessage: status === 1 ? merchant.maintenance.message : null,
  };
}

/** The white-label tree of `/wps/system/whitelabel`. */
export function whitelabelOf(merchant: MerchantConfig): Whitelabel {
  return {
    merchantCode: merchant.code,
    merchantName: merchant.name,
    modules: merchant.modules,
    defaultLanguage: merchant.defaultLanguage,
    languages: merchant.languages,
    themes: merchant.themes,
    defaultTheme: merchant.defaultTheme,
    currency: merchant.currency,
    branding: merchant.branding,
    countries: merchant.countries,
    gameListLayout: merchant.gameListLayout,
    socialLogin: merchant.socialLogin,
  };
}

/** The permission response of spec section 3: everything the web app needs before its first screen. */
export function permissionOf(merchant: MerchantConfig, visitor: Visitor): Permission {
  return {
    info: {
      customerService: merchant.customerService,
      domainRoute: merchant.domains,
      resources: merchant.resources,
      whitelabel: whitelabelOf(merchant),
      register: merchant.register,
      mainDomain: merchant.mainDomain,
      analytics: { gtagId: merchant.analyticsGtagId },
      imageCDNs: merchant.imageCdns,
      launchGameCDNs: merchant.launchGameCdns,
    },
    location: { ip: visitor.ip, country: visitor.country },
    maintenance: isInMaintenance(merchant, visitor),
    regionRestriction: isRegionRestricted(merchant, visitor),
  };
}

/**
 * Help-centre articles in the requested language; a language the merchant has no articles in falls
 * back to the merchant's default language, so the help list is never empty because of a language switch.
 */
export async function helpCenter(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  lang: string,
  device: string,
): Promise<HelpCenter> {
  const articles = await repo.selectHelpArticles(db, merchant.id, lang, device);
  if (articles.length > 0 || lang === merchant.defaultLanguage) return { lang, articles };
  const fallback = await repo.selectHelpArticles(db, merchant.id, merchant.defaultLanguage, device);
  return { lang: merchant.defaultLanguage, articles: fallback };
}
