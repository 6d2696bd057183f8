import type net from 'node:net';
import type { ReplyCache } from '../../http/cached-reply';
import type {
  BrandingSettings,
  Country,
  GameListLayout,
  SocialProvider,
  Currency,
  CustomerServiceEntry,
  DomainRoute,
  ModuleFlags,
  RegisterFieldSetting,
  Resource,
  ThemeName,
} from '@portal/contracts';

/** One merchant's white-label configuration as the server holds it in memory. */
export interface MerchantConfig {
  id: number;
  code: string;
  name: string;
  isDefault: boolean;
  mainDomain: string;
  currency: Currency;
  defaultLanguage: string;
  languages: string[];
  themes: ThemeName[];
  defaultTheme: ThemeName | null;
  modules: ModuleFlags;
  /** Logo and colours the player side applies (migration 0027). */
  branding: BrandingSettings;
  /** allowIps as stored (the console shows them), allowList built from them (checked per request). */
  maintenance: { enabled: boolean; message: string | null; allowIps: string[]; allowList: net.BlockList };
  allowedCountries: ReadonlySet<string>;
  blockedCountries: ReadonlySet<string>;
  analyticsGtagId: string | null;
  imageCdns: string[];
  launchGameCdns: string[];
  /** Identity settings: SMS code lifetime, password expiry (null = never), the new-IP second step. */
  smsExpiryMinutes: number;
  passwordExpiryDays: number | null;
  unregisteredIpCheck: boolean;
  gmtOffsetMinutes: number;
  domains: DomainRoute[];
  register: RegisterFieldSetting[];
  /** The mobile pickers' countries in order, the first preselected (migration 0034). */
  countries: Country[];
  /** The game lists' layout (migration 0036). */
  gameListLayout: GameListLayout;
  /** Social login providers configured and enabled (migration 0037). */
  socialLogin: SocialProvider[];
  customerService: CustomerServiceEntry[];
  resources: Resource[];
  /** Serialized replies that depend only on this snapshot (http/cached-reply.ts); dropped with it. */
  replyCache: ReplyCache;
}
