import type { Kysely } from 'kysely';
import {
  country,
  gameListLayout,
  moduleFlags,
  registerFieldSetting,
  resourceType,
  socialProvider,
  themeName,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { databaseChannels, type ClusterBus } from '../../lib/cluster-bus';
import { buildIpAllowList } from '../../lib/ip';
import type { MerchantConfig } from './merchant-config';
import * as repo from './system.repo';

interface Snapshot {
  byId: Map<number, MerchantConfig>;
  byCode: Map<string, MerchantConfig>;
  byDomain: Map<string, MerchantConfig>;
  defaultMerchant: MerchantConfig | undefined;
  loadedAt: number;
}

function groupBy<T extends { merchant_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.merchant_id) ?? [];
    group.push(row);
    groups.set(row.merchant_id, group);
  }
  return groups;
}

async function loadSnapshot(db: Kysely<DB>): Promise<Snapshot> {
  const [merchants, domains, register, customerService, resources, social] = await Promise.all([
    repo.selectMerchants(db),
    repo.selectDomains(db),
    repo.selectRegisterSettings(db),
    repo.selectCustomerService(db),
    repo.selectResources(db),
    repo.selectSocialProviders(db),
  ]);
  const socialOf = groupBy(social);
  const domainsOf = groupBy(domains);
  const registerOf = groupBy(register);
  const serviceOf = groupBy(customerService);
  const resourcesOf = groupBy(resources);
  const snapshot: Snapshot = {
    byId: new Map(),
    byCode: new Map(),
    byDomain: new Map(),
    defaultMerchant: undefined,
    loadedAt: Date.now(),
  };
  for (const row of merchants) {
    const config: MerchantConfig = {
      id: row.id,
      code: row.code,
      name: row.name,
      isDefault: row.is_default,
      mainDomain: row.main_domain,
      currency: { code: row.currency_code, symbol: row.currency_symbol, decimals: row.currency_decimals },
      defaultLanguage: row.default_language,
      languages: row.languages,
      themes: row.themes.map((theme) => themeName.parse(theme)),
      defaultTheme: row.default_theme === null ? null : themeName.parse(row.default_theme),
      // The jsonb column is validated against the contract, so a bad operator edit fails loudly here.
      modules: moduleFlags.parse(row.modules),
      branding: { logoUrl: row.logo_url, primaryColor: row.primary_color, accentColor: row.accent_color },
      maintenance: {
        enabled: row.maintenance_enabled,
        message: row.maintenance_message,
        allowIps: row.maintenance_allow_ips,
        allowList: buildIpAllowList(row.maintenance_allow_ips),
      },
      allowedCountries: new Set(row.allowed_countries.map((code) => code.toUpperCase())),
      blockedCountries: new Set(row.blocked_countries.map((code) => code.toUpperCase())),
      analyticsGtagId: row.analytics_gtag_id,
      imageCdns: row.image_cdns,
      launchGameCdns: row.launch_game_cdns,
      smsExpiryMinutes: row.sms_expiry_minutes,
      passwordExpiryDays: row.password_expiry_days,
      unregisteredIpCheck: row.unregistered_ip_check,
      gmtOffsetMinutes: row.gmt_offset_minutes,
      domains: (domainsOf.get(row.id) ?? []).map((domain) => ({
        domain: domain.domain,
        main: domain.is_main,
      })),
      register: (registerOf.get(row.id) ?? []).map((setting) =>
        registerFieldSetting.parse({
          field: setting.field,
          shown: setting.shown,
          required: setting.required,
          acceptedPattern: setting.accepted_pattern,
          minLength: setting.min_length,
          maxLength: setting.max_length,
          patternId: setting.pattern_id,
        }),
      ),
      countries: country.array().parse(row.countries),
      gameListLayout: gameListLayout.parse(row.game_list_layout),
      socialLogin: (socialOf.get(row.id) ?? []).map((entry) => socialProvider.parse(entry.provider)),
      customerService: (serviceOf.get(row.id) ?? []).map((entry) => ({
        id: entry.id,
        csType: entry.cs_type,
        name: entry.name,
        path: entry.path,
      })),
      resources: (resourcesOf.get(row.id) ?? []).map((resource) => ({
        url: resource.url,
        resourceType: resourceType.parse(resource.resource_type),
        labelNameEn: resource.label_name_en,
      })),
      replyCache: new Map(),
    };
    snapshot.byId.set(config.id, config);
    snapshot.byCode.set(config.code, config);
    for (const domain of config.domains) snapshot.byDomain.set(domain.domain, config);
    if (config.isDefault) snapshot.defaultMerchant = config;
  }
  return snapshot;
}

export interface MerchantDirectoryOptions {
  db: Kysely<DB>;
  /** Safety net behind the change notifications: a snapshot older than this is reloaded. */
  ttlMs: number;
  /**
   * A host no domain route names, without a known merchant code: served as the default merchant
   * (`default`, the demo) or not resolved at all (`refuse`, production; decision 0025).
   */
  unknownHost?: 'default' | 'refuse';
  /** The instance's transport: `portal_config` drops the snapshot, as does a listener reconnection. */
  bus?: ClusterBus;
}

/**
 * Every merchant's configuration, held in memory so that config reads cost no query. It is reloaded
 * whole when PostgreSQL announces a change on `portal_config` (triggers in migration 0001, so edits
 * from any instance or from psql reach every instance through the bus's LISTEN), when the bus's
 * listener reconnects (announcements may have been missed), and at the latest after `ttlMs`.
 */
export class MerchantDirectory {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  private generation = 0;

  constructor(private readonly options: MerchantDirectoryOptions) {
    options.bus?.subscribe(databaseChannels.config, () => this.invalidate(), 'database');
    options.bus?.onReconnect(() => this.invalidate());
  }

  /** The current snapshot, loading it on first use or when it is stale. */
  async current(): Promise<Snapshot> {
    const snapshot = this.freshSnapshot();
    if (snapshot) return snapshot;
    if (!this.loading) {
      const generation = this.generation;
      this.loading = loadSnapshot(this.options.db)
        .then((loaded) => {
          // A change announced while loading makes this snapshot stale: keep it out of the cache.
          if (generation === this.generation) this.snapshot = loaded;
          return loaded;
        })
        .finally(() => {
          this.loading = undefined;
        });
    }
    return this.loading;
  }

  /** The snapshot when it is loaded and fresh; undefined when a (re)load is due. */
  private freshSnapshot(): Snapshot | undefined {
    const snapshot = this.snapshot;
    return snapshot && Date.now() - snapshot.loadedAt < this.options.ttlMs ? snapshot : undefined;
  }

  /** Drops the cached configuration; the next read loads it again. */
  invalidate(): void {
    this.generation += 1;
    this.snapshot = undefined;
  }

  /**
   * Resolution rule (docs/decisions/0003-merchant-resolution.md): the request's host (without port)
   * through the domain routes; else the merchant-code header; else the default merchant, unless unknown
   * hosts are refused (decision 0025).
   */
  async resolve(
    host: string | undefined,
    merchantCode: string | undefined,
  ): Promise<MerchantConfig | undefined> {
    return resolveIn(await this.current(), host, merchantCode, this.fallsBackToDefault);
  }

  private get fallsBackToDefault(): boolean {
    return this.options.unknownHost !== 'refuse';
  }

  /**
   * The same resolution without waiting, from a fresh snapshot; `null` when the snapshot must be loaded
   * first (then call resolve). Keeps the per-request hook free of promises in the common case.
   */
  resolveNow(host: string | undefined, merchantCode: string | undefined): MerchantConfig | undefined | null {
    const snapshot = this.freshSnapshot();
    return snapshot ? resolveIn(snapshot, host, merchantCode, this.fallsBackToDefault) : null;
  }

  /** The merchant with exactly this code (server-to-server calls name it; no host or default). */
  async findByCode(merchantCode: string): Promise<MerchantConfig | undefined> {
    const snapshot = this.freshSnapshot() ?? (await this.current());
    return snapshot.byCode.get(merchantCode.trim().toLowerCase());
  }
}

function resolveIn(
  snapshot: Snapshot,
  host: string | undefined,
  merchantCode: string | undefined,
  fallBackToDefault: boolean,
): MerchantConfig | undefined {
  const hostname = host ? hostnameOf(host) : undefined;
  const byHost = hostname ? snapshot.byDomain.get(hostname) : undefined;
  if (byHost) return byHost;
  const byCode = merchantCode ? snapshot.byCode.get(merchantCode.trim().toLowerCase()) : undefined;
  return byCode ?? (fallBackToDefault ? snapshot.defaultMerchant : undefined);
}

/** `Example.COM:8080` -> `example.com`; `[::1]:8080` -> `::1`. */
export function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']'));
  const colon = trimmed.lastIndexOf(':');
  return colon > -1 && trimmed.indexOf(':') === colon ? trimmed.slice(0, colon) : trimmed;
}
