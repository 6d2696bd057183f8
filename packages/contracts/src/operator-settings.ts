import { z } from 'zod';
import { pageOf, pageQuery } from './paging';
import { paymentChannelTypes, positiveMoneyText, serialIdText } from './payments';
import { oneLine } from './rules/control-characters';
import { socialLoginSetting } from './social-login';
import { staffAddressEntry, staffPassword, staffUsername } from './staff';
import {
  brandingSettings,
  country,
  currency,
  domainRoute,
  gameListLayout,
  languageCode,
  moduleFlags,
  registerFieldSetting,
  themeName,
} from './system';
import { moneyText } from './wallet';

/**
 * The operator console's settings calls (issue 16; docs/operator-console.md "Settings"): the white-label
 * settings the player side reads, payment channels and their limits, merchants and their domains. Each
 * part the player API answers is the same schema here (moduleFlags, registerFieldSetting, themeName,
 * languageCode), so what the console stores is what the player side can read back.
 */

/** Languages and themes offered; the defaults must be among them. */
export const languageSettings = z
  .object({
    languages: z.array(languageCode).min(1).max(40),
    defaultLanguage: languageCode,
    themes: z.array(themeName).min(1).max(2),
    defaultTheme: themeName.nullable().describe("null: follow the visitor's prefers-color-scheme"),
  })
  .superRefine((value, context) => {
    if (new Set(value.languages).size !== value.languages.length) {
      context.addIssue({ code: 'custom', path: ['languages'], message: 'each language once' });
    }
    if (!value.languages.includes(value.defaultLanguage)) {
      context.addIssue({ code: 'custom', path: ['defaultLanguage'], message: 'must be an offered language' });
    }
    if (new Set(value.themes).size !== value.themes.length) {
      context.addIssue({ code: 'custom', path: ['themes'], message: 'each theme once' });
    }
    if (value.defaultTheme !== null && !value.themes.includes(value.defaultTheme)) {
      context.addIssue({ code: 'custom', path: ['defaultTheme'], message: 'must be an offered theme' });
    }
  });
export type LanguageSettings = z.infer<typeof languageSettings>;

/** Whether an operator's accepted pattern compiles as the registration check compiles it. */
function compiles(source: string): boolean {
  if (source === '*' || source === '') return true;
  try {
    new RegExp(source, 'u');
    new RegExp(`^(?:${source})$`, 'u');
    return true;
  } catch {
    return false;
  }
}

/** One field's rule as the console sets it: the player's schema with the limits the form relies on. */
export const registerFieldRule = registerFieldSetting
  .extend({
    acceptedPattern: z.string().max(200).refine(compiles, 'a regular expression that compiles, or *'),
    minLength: z.number().int().min(0).max(500),
    maxLength: z.number().int().min(1).max(500),
  })
  .superRefine((rule, context) => {
    if (rule.maxLength < rule.minLength) {
      context.addIssue({ code: 'custom', path: ['maxLength'], message: 'at least the minimum length' });
    }
    if (rule.required && !rule.shown) {
      context.addIssue({ code: 'custom', path: ['required'], message: 'a required field must be shown' });
    }
  });

/**
 * The register form's fields in form order; each field at most once, and username and password always
 * shown and required (no account can be opened without them).
 */
export const registerSettingsPayload = z
  .object({ fields: z.array(registerFieldRule).min(2).max(64) })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.fields.forEach((rule, index) => {
      if (seen.has(rule.field)) {
        context.addIssue({ code: 'custom', path: ['fields', index, 'field'], message: 'each field once' });
      }
      seen.add(rule.field);
    });
    for (const field of ['username', 'password'] as const) {
      const rule = value.fields.find((candidate) => candidate.field === field);
      if (!rule?.required) {
        context.addIssue({
          code: 'custom',
          path: ['fields'],
          message: `${field} must be shown and required`,
        });
      }
    }
  });
export type RegisterSettingsPayload = z.infer<typeof registerSettingsPayload>;

/** ISO 3166-1 alpha-2, upper case. */
export const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'a two-letter country code such as TH');

/**
 * The countries of the mobile pickers (registration, SMS login, reset by phone), in the order players
 * see them; the first is preselected. Each country once.
 */
export const countrySettings = z
  .object({ countries: z.array(country).min(1).max(250) })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.countries.forEach((entry, index) => {
      if (seen.has(entry.countryCode)) {
        context.addIssue({
          code: 'custom',
          path: ['countries', index, 'countryCode'],
          message: `${entry.countryCode} is listed twice`,
        });
      }
      seen.add(entry.countryCode);
    });
  });
export type CountrySettings = z.infer<typeof countrySettings>;

/** The player pages' layout choices: for now the game lists' (grid or columns of two). */
export const layoutSettings = z.object({ gameListLayout });
export type LayoutSettings = z.infer<typeof layoutSettings>;

/** System status (spec section 4): maintenance with its allow-list and message, region rules. */
export const statusSettings = z
  .object({
    maintenanceEnabled: z.boolean(),
    maintenanceMessage: z.string().trim().max(500).nullable(),
    maintenanceAllowIps: z
      .array(z.string().trim().pipe(staffAddressEntry))
      .max(100)
      .describe('staff addresses that pass maintenance'),
    allowedCountries: z.array(countryCode).max(250).describe('empty: every country not blocked'),
    blockedCountries: z.array(countryCode).max(250),
  })
  .superRefine((value, context) => {
    const allowed = new Set(value.allowedCountries);
    const both = value.blockedCountries.filter((country) => allowed.has(country));
    if (both.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['blockedCountries'],
        message: `both allowed and blocked: ${both.join(', ')}`,
      });
    }
  });
export type StatusSettings = z.infer<typeof statusSettings>;

/** Withdrawals: the automatic receipt after a payout (minutes, never shown to players) and the limits. */
export const withdrawalSettings = z.object({
  autoReceiveMinutes: z.number().int().min(1).max(43_200),
  minAmount: positiveMoneyText,
  maxAmount: positiveMoneyText,
});
export type WithdrawalSettings = z.infer<typeof withdrawalSettings>;

/** Everything the settings page shows (GET /ops/settings). */
export const whitelabelSettings = z.object({
  merchantCode: z.string(),
  merchantName: z.string(),
  modules: moduleFlags,
  languages: languageSettings,
  branding: brandingSettings,
  register: z.array(registerFieldSetting),
  countries: z.array(country),
  layout: layoutSettings,
  socialLogin: z.array(socialLoginSetting),
  status: statusSettings,
  withdrawals: withdrawalSettings.extend({ minAmount: moneyText, maxAmount: moneyText }),
  /** The caller's address: maintenance shuts out every address not on its allow-list. */
  callerIp: z.string(),
});
export type WhitelabelSettings = z.infer<typeof whitelabelSettings>;

// Payment channels.

const channelName = oneLine(64);
const channelLimits = { minAmount: positiveMoneyText, maxAmount: positiveMoneyText, enabled: z.boolean() };

/** A deposit channel as the console creates and edits it: a manual bank account or a gateway. */
export const paymentChannelPayload = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('manual_bank'),
    name: channelName,
    ...channelLimits,
    bankName: oneLine(64),
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9][0-9 -]{3,32}[0-9]$/, 'digits, spaces or -'),
    accountHolder: oneLine(64),
  }),
  z.object({
    type: z.literal('gateway'),
    name: channelName,
    ...channelLimits,
    gatewayCode: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'a registered gateway code'),
  }),
]);
export type PaymentChannelPayload = z.infer<typeof paymentChannelPayload>;

export const operatorPaymentChannel = z.object({
  id: z.number().int(),
  type: z.enum(paymentChannelTypes),
  name: z.string(),
  minAmount: moneyText,
  maxAmount: moneyText,
  enabled: z.boolean(),
  sort: z.number().int(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountHolder: z.string().nullable(),
  gatewayCode: z.string().nullable(),
  /** False for a gateway this server does not run: players never see such a channel. */
  usable: z.boolean(),
});
export type OperatorPaymentChannel = z.infer<typeof operatorPaymentChannel>;

/** The merchant's channels in player order, and the gateway codes this server runs. */
export const operatorPaymentChannelList = z.object({
  channels: z.array(operatorPaymentChannel),
  gateways: z.array(z.string()),
});
export type OperatorPaymentChannelList = z.infer<typeof operatorPaymentChannelList>;

export const channelIdParams = z.object({ id: serialIdText('a channel id') });

/** Every channel of the merchant once, in the order players see them. */
export const channelOrderPayload = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'each channel once'),
});

// Merchants and domains (the platform role).

/** A host name a merchant is reached at (lower case, no port, no scheme). */
export const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a host name such as play.example.com',
  );

export const merchantCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{2,32}$/, '2 to 32 lower-case letters, digits, - or _');

export const merchantCreatePayload = z
  .object({
    code: merchantCode,
    name: oneLine(100),
    currency: currency.extend({
      code: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as THB'),
      symbol: oneLine(8),
    }),
    gmtOffsetMinutes: z
      .number()
      .int()
      .min(-720)
      .max(840)
      .refine((minutes) => minutes % 15 === 0, 'whole quarter hours'),
    defaultLanguage: languageCode,
    owner: z.object({ username: staffUsername, password: staffPassword }),
  })
  .describe('A new merchant with its first owner account');
export type MerchantCreatePayload = z.infer<typeof merchantCreatePayload>;

export const operatorMerchant = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency,
  gmtOffsetMinutes: z.number().int(),
  defaultLanguage: languageCode,
  /** The platform's home merchant (the default one): where platform operators work. */
  home: z.boolean(),
  domains: z.array(domainRoute),
  staffCount: z.number().int(),
  createdAt: z.string(),
});
export type OperatorMerchant = z.infer<typeof operatorMerchant>;
export const operatorMerchantPage = pageOf(operatorMerchant);

export const merchantListQuery = pageQuery.extend({
  search: z.string().trim().max(64).optional().describe('part of the code, name or a domain'),
});
export type MerchantListQuery = z.infer<typeof merchantListQuery>;

export const merchantCreateResult = z.object({
  merchant: operatorMerchant,
  owner: z.object({ username: z.string(), mustChangePassword: z.boolean() }),
});

export const merchantCodeParams = z.object({ code: merchantCode });
export const merchantDomainParams = z.object({ code: merchantCode, domain: hostName });
export const merchantDomainPayload = z.object({
  domain: hostName,
  main: z.boolean().default(false).describe("the address the merchant's links use"),
});
