import type { Insertable, Kysely } from 'kysely';
import type { ModuleFlags } from '@portal/contracts';
import type { DB, MerchantsTable } from '../db/schema';

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
