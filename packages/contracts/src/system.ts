import { z } from 'zod';
import { registerFieldNames } from './rules/register-fields';
import { socialProvider } from './social-login';

/** Language codes the dictionaries may carry (spec section 1: about 30 to 40 codes exist). */
export const languageCode = z.string().regex(/^[A-Z]{2,3}$/, 'a language code such as EN or TY');

export const themeName = z.enum(['dark', 'light']);
export type ThemeName = z.infer<typeof themeName>;

/** Module switches of the white-label settings (spec section 6). */
export const moduleFlags = z.object({
  mobileRegistration: z.boolean(),
  smsVerification: z.boolean(),
  mobilePasswordRegistration: z.boolean(),
  freePlay: z.boolean(),
  forcedPasswordChange: z.boolean(),
  mobileCodeLogin: z.boolean(),
  agentPolicy: z.boolean(),
  referralPromotion: z.boolean(),
  contractDividends: z.boolean(),
  salary: z.boolean(),
});
export type ModuleFlags = z.infer<typeof moduleFlags>;

export const currency = z.object({
  code: z.string().length(3),
  symbol: z.string().max(8),
  decimals: z.number().int().min(0).max(4),
});
export type Currency = z.infer<typeof currency>;

/** `#5a3ed8`: a colour the player side puts into its CSS variables (lower case, six digits). */
export const hexColor = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'a colour such as #5a3ed8');

/** A content image's address as the upload call answers it (POST /ops/content/images). */
export const contentImageAddress = z
  .string()
  .regex(
    /^\/wps\/content\/images\/[a-z0-9-]{1,32}\/\d{4}-\d{2}\/[A-Za-z0-9_-]{22}\.(png|jpg)$/,
    'an image uploaded through the content image upload',
  );

/** The merchant's brand on the player side: logo and the two colours the themes take from it. */
export const brandingSettings = z.object({
  logoUrl: contentImageAddress.nullable().describe('null: the portal mark'),
  primaryColor: hexColor.nullable().describe("buttons and highlights; null: the theme's own"),
  accentColor: hexColor.nullable().describe("links, charts and accents; null: the theme's own"),
});
export type BrandingSettings = z.infer<typeof brandingSettings>;

/** Spec section 3 "Country": a country the mobile pickers offer, with its dialing code. */
export const country = z.object({
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'a two-letter country code such as TH'),
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+[1-9][0-9]{0,3}$/, 'a dialing code such as +66'),
});
export type Country = z.infer<typeof country>;

/**
 * How the game-list pages lay out their games (spec section 9 "games chunked 2"): `grid`, rows of cards;
 * `chunked2`, columns of two games scrolling sideways.
 */
export const gameListLayouts = ['grid', 'chunked2'] as const;
export const gameListLayout = z.enum(gameListLayouts);
export type GameListLayout = z.infer<typeof gameListLayout>;

/** `/wps/system/whitelabel`: the white-label tree of one merchant. */
export const whitelabel = z.object({
  merchantCode: z.string(),
  merchantName: z.string(),
  modules: moduleFlags,
  defaultLanguage: languageCode,
  languages: z.array(languageCode).min(1),
  themes: z.array(themeName).min(1),
  defaultTheme: themeName.nullable().describe('null: follow the visitor prefers-color-scheme'),
  currency,
  branding: brandingSettings,
  /** The countries the mobile pickers offer, in the merchant's order; the first is the default. */
  countries: z.array(country).min(1),
  gameListLayout,
  /** The social login providers configured and enabled for the merchant (decision 0048). */
  socialLogin: z.array(socialProvider),
});
export type Whitelabel = z.infer<typeof whitelabel>;

/** System status (spec section 4): 0 normal, 1 maintenance, 2 region-restricted. */
export const systemStatusCode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof systemStatusCode>;

export const systemStatus = z.object({
  status: systemStatusCode,
  ip: z.string(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2, null when unknown'),
  maintenanceMessage: z.string().nullable(),
});
export type SystemStatus = z.infer<typeof systemStatus>;

/** One field rule of `GET /wps/system/setting/register` (spec section 5). */
export const registerFieldSetting = z.object({
  field: z.enum(registerFieldNames),
  shown: z.boolean(),
  required: z.boolean(),
  acceptedPattern: z.string().describe("'*' accepts anything"),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(1),
  patternId: z.number().int().min(0).max(19),
});
export type RegisterFieldSetting = z.infer<typeof registerFieldSetting>;
export const registerSettings = z.array(registerFieldSetting);

export const domainRoute = z.object({
  domain: z.string(),
  main: z.boolean(),
});
export const domainRoutes = z.array(domainRoute);
export type DomainRoute = z.infer<typeof domainRoute>;

export const customerServiceEntry = z.object({
  id: z.number().int(),
  csType: z.literal('CS'),
  name: z.string(),
  path: z.string().describe('where the live chat opens'),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntry>;

export const resourceType = z.enum([
  'FACEBOOK',
  'TIKTOK',
  'YOUTUBE',
  'TWITTER',
  'INSTAGRAM',
  'TELEGRAM',
  'WHATSAPP',
  'Android',
  'iOS',
]);
export type ResourceType = z.infer<typeof resourceType>;

export const resource = z.object({
  url: z.string(),
  resourceType,
  labelNameEn: z.string(),
});
export type Resource = z.infer<typeof resource>;

/** The permission response of spec section 3. */
export const permission = z.object({
  info: z.object({
    customerService: z.array(customerServiceEntry),
    domainRoute: z.array(domainRoute),
    resources: z.array(resource),
    whitelabel,
    register: registerSettings,
    mainDomain: z.string(),
    analytics: z.object({ gtagId: z.string().nullable() }),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
  }),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});
export type Permission = z.infer<typeof permission>;

export const helpCenterQuery = z.object({
  lang: languageCode.default('EN'),
  device: z.literal('WEB').default('WEB'),
});

export const helpArticle = z.object({
  id: z.number().int(),
  term: z.string(),
  title: z.string(),
  content: z.string().describe('plain text; paragraphs separated by blank lines'),
});
export type HelpArticle = z.infer<typeof helpArticle>;
export const helpCenter = z.object({ lang: languageCode, articles: z.array(helpArticle) });
export type HelpCenter = z.infer<typeof helpCenter>;
