import type { Insertable, Kysely } from 'kysely';
import type { ModuleFlags } from '@portal/contracts';
import type { DB, MerchantsTable } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

let sequence = 0;

const allModulesOff: ModuleFlags = {
  mobileRegistration: false,
  smsVerification: false,
  mobilePasswordRegistration: false,
  freePlay: false,
  forcedPasswordChange: false,
  mobileCodeLogin: false,
  agentPolicy: false,
  referralPromotion: false,
  contractDividends: false,
  salary: false,
};

type MerchantOverrides = Partial<
  Omit<Insertable<MerchantsTable>, 'id' | 'modules' | 'created_at' | 'updated_at'>
> & {
  modules?: Partial<ModuleFlags>;
  domains?: string[];
};

/** Inserts a merchant (not the default one) with its domains; overrides set any column. */
export async function buildMerchant(db: Kysely<DB>, overrides: MerchantOverrides = {}) {
  sequence += 1;
  const { modules, domains = [], ...columns } = overrides;
  const code = columns.code ?? `m${process.pid}x${sequence}`;
  const merchant = await db
    .insertInto('merchants')
    .values({
      code,
      name: `Merchant ${code}`,
      is_default: false,
      main_domain: domains[0] ?? `${code}.example`,
      currency_code: 'USD',
      currency_symbol: '$',
      currency_decimals: 2,
      default_language: 'EN',
      languages: ['EN'],
      themes: ['light'],
      default_theme: 'light',
      maintenance_message: null,
      analytics_gtag_id: null,
      logo_url: null,
      primary_color: null,
      accent_color: null,
      ...columns,
      modules: JSON.stringify({ ...allModulesOff, ...modules }),
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
  if (domains.length > 0) {
    await db
      .insertInto('merchant_domains')
      .values(domains.map((domain, index) => ({ merchant_id: merchant.id, domain, is_main: index === 0 })))
      .execute();
  }
  return merchant;
}

let memberSequence = 0;

export interface MemberOverrides {
  username?: string;
  password?: string;
  type?: number;
  mobile?: string | null;
  email?: string | null;
  passwordIsDefault?: boolean;
  affiliateCode?: string | null;
  merchantId?: number;
  /** Placed under this agent (the placement trigger checks the rules of decision 0028). */
  parentAgentId?: number | null;
}

/** Inserts an account of the demo merchant (or merchantId) with a real argon2id hash of its password. */
export async function buildMember(db: Kysely<DB>, overrides: MemberOverrides = {}) {
  memberSequence += 1;
  const username = overrides.username ?? `player${process.pid}x${memberSequence}`;
  const password = overrides.password ?? 'Secret123';
  const merchantId =
    overrides.merchantId ??
    (await db.selectFrom('merchants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
  const member = await db
    .insertInto('members')
    .values({
      merchant_id: merchantId,
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(password),
      password_is_default: overrides.passwordIsDefault ?? false,
      type: overrides.type ?? 0,
      nickname: null,
      email: overrides.email ?? null,
      mobile: overrides.mobile ?? null,
      payee_name: null,
      profile: '{}',
      parent_agent_id: overrides.parentAgentId ?? null,
      affiliate_code: overrides.affiliateCode ?? null,
    })
    .returning(['id', 'username'])
    .executeTakeFirstOrThrow();
  return { ...member, password };
}
