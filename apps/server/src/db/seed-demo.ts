import type { Kysely } from 'kysely';
import type { ModuleFlags, RegisterFieldName } from '@portal/contracts';
import type { DB } from './schema';
import { hashPassword, verifyPassword } from '../modules/auth';
import { demoHelpArticles } from './seed-demo-help';
import { demoOperator, seedDemoMoney, seedDemoPayments } from './seed-demo-payments';

export { demoOperator, seedDemoMoney };

/**
 * The demo merchant an operator sees on first start. Idempotent: it runs in one transaction and does
 * nothing when merchant `demo` exists, so restarts and several instances never seed twice. Each area's
 * own demo data is seeded by its seed-demo-*.ts.
 */
export const demoMerchantCode = 'demo';

const demoModules: ModuleFlags = {
  mobileRegistration: true,
  smsVerification: true,
  mobilePasswordRegistration: false,
  freePlay: true,
  forcedPasswordChange: true,
  mobileCodeLogin: true,
  agentPolicy: true,
  referralPromotion: true,
  contractDividends: true,
  salary: true,
};

type FieldSeed = [
  field: RegisterFieldName,
  shown: boolean,
  required: boolean,
  patternId: number,
  min: number,
  max: number,
];

// Field, shown, required, pattern id (spec section 5), min and max length.
const demoRegisterFields: FieldSeed[] = [
  ['username', true, true, 1, 4, 16],
  ['password', true, true, 5, 6, 20],
  ['confirmPassword', true, true, 0, 6, 20],
  ['mobileNum', true, false, 6, 8, 15],
  ['email', true, false, 3, 5, 64],
  ['payeeName', true, false, 12, 2, 50],
  ['affiliateCode', true, false, 14, 4, 16],
  ['referralCode', true, false, 14, 4, 16],
  ['captcha', true, true, 6, 4, 4],
  ['verificationCode', false, false, 6, 6, 6],
  ['paymentPassword', false, false, 6, 6, 6],
  ['recommenderId', false, false, 14, 4, 16],
  ['qqNum', false, false, 6, 5, 12],
  ['line', false, false, 9, 2, 30],
  ['whatsapp', false, false, 6, 8, 15],
  ['facebook', false, false, 9, 2, 50],
  ['wechat', false, false, 9, 2, 30],
  ['idNumber', false, false, 14, 6, 20],
  ['nickname', false, false, 0, 2, 20],
  ['telegram', false, false, 9, 5, 32],
  ['zalo', false, false, 6, 8, 15],
  ['birthday', false, false, 11, 10, 10],
  ['address', false, false, 0, 5, 120],
  ['nationality', false, false, 12, 2, 50],
  ['occupation', false, false, 12, 2, 50],
  ['sourceOfIncome', false, false, 0, 2, 50],
];

/** Seeds the demo merchant when it is missing; returns whether it seeded. */
export async function seedDemo(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('merchants')
      .values({
        code: demoMerchantCode,
        name: 'Demo Portal',
        is_default: true,
        main_domain: 'localhost',
        currency_code: 'THB',
        currency_symbol: '฿',
        currency_decimals: 2,
        default_language: 'EN',
        // The web shows only the languages it ships a complete dictionary for (apps/web/src/i18n).
        languages: ['EN', 'TY', 'VN', 'CN', 'ID', 'MY', 'KR', 'JP'],
        themes: ['dark', 'light'],
        default_theme: null,
        modules: JSON.stringify(demoModules),
        maintenance_message: null,
        analytics_gtag_id: null,
        logo_url: null,
        primary_color: null,
        accent_color: null,
      })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    const merchantId = inserted.id;

    await trx
      .insertInto('merchant_domains')
      .values([
        { merchant_id: merchantId, domain: 'localhost', is_main: true },
        { merchant_id: merchantId, domain: '127.0.0.1', is_main: false },
      ])
      .execute();
    await trx
      .insertInto('register_settings')
      .values(
        demoRegisterFields.map(([field, shown, required, patternId, min, max], index) => ({
          merchant_id: merchantId,
          field,
          shown,
          required,
          accepted_pattern: '*',
          min_length: min,
          max_length: max,
          pattern_id: patternId,
          sequence: index,
        })),
      )
      .execute();
    await trx
      .insertInto('customer_service_entries')
      .values([
        {
          merchant_id: merchantId,
          cs_type: 'CS',
          name: 'Live chat',
          path: 'https://t.me/portal_demo_support',
          sequence: 0,
        },
        {
          merchant_id: merchantId,
          cs_type: 'CS',
          name: 'E-mail',
          path: 'mailto:support@portal-demo.example',
          sequence: 1,
        },
      ])
      .execute();
    await trx
      .insertInto('resources')
      .values(
        [
          ['TELEGRAM', 'https://t.me/portal_demo', 'Telegram'],
          ['FACEBOOK', 'https://www.facebook.com/portal.demo', 'Facebook'],
          ['WHATSAPP', 'https://wa.me/66800000000', 'WhatsApp'],
          ['YOUTUBE', 'https://www.youtube.com/@portal-demo', 'YouTube'],
          ['Android', 'https://portal-demo.example/download/android', 'Android app'],
          ['iOS', 'https://portal-demo.example/download/ios', 'iOS app'],
        ].map(([resourceType, url, label], index) => ({
          merchant_id: merchantId,
          resource_type: resourceType as string,
          url: url as string,
          label_name_en: label as string,
          sequence: index,
        })),
      )
      .execute();
    await trx
      .insertInto('help_articles')
      .values(demoHelpArticles.map((article) => ({ ...article, merchant_id: merchantId, device: 'WEB' })))
      .execute();
    // Agent contracts (decision 0029): every kind on, so agent1's team can offer and be paid.
    await trx
      .insertInto('agent_contract_policies')
      .values(
        (
          [
            ['dailySalary', 100],
            ['hourlySalary', 80],
            ['realtimeSalary', 50],
            ['dividend', 3_500],
          ] as const
        ).map(([kind, rateBp]) => ({
          merchant_id: merchantId,
          kind,
          enabled: true,
          max_rate_bp: rateBp,
          dividend_period: 'month' as const,
          deduct_bonuses: true,
          admin_fee_bp: 500,
          enabled_at: new Date(),
        })),
      )
      .execute();
    return true;
  });
}

/** Demo logins printed by `npm start`; never seed them in production (SEED_DEMO=false). */
export const demoAccounts = [
  {
    username: 'player1',
    password: 'Demo1234',
    type: 0,
    role: 'player',
    isDefault: false,
    affiliateCode: null,
  },
  {
    username: 'agent1',
    password: 'Agent1234',
    type: 1,
    role: 'agent, log in at /agent',
    isDefault: false,
    affiliateCode: 'AGENT1',
  },
  {
    username: 'newbie1',
    password: 'Welcome123',
    type: 0,
    role: 'player with the default password: must change it',
    isDefault: true,
    affiliateCode: null,
  },
] as const;

/** Adds the demo accounts that are missing (hashing only those), so restarts cost nothing. */
export async function seedDemoAccounts(db: Kysely<DB>): Promise<void> {
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', demoMerchantCode)
    .executeTakeFirst();
  if (!merchant) return;
  await seedDemoPayments(db, merchant.id);
  const existing = await db
    .selectFrom('members')
    .select('username_key')
    .where('merchant_id', '=', merchant.id)
    .where(
      'username_key',
      'in',
      demoAccounts.map((account) => account.username),
    )
    .execute();
  const present = new Set(existing.map((row) => row.username_key));
  for (const account of demoAccounts) {
    if (present.has(account.username)) continue;
    await db
      .insertInto('members')
      .values({
        merchant_id: merchant.id,
        username: account.username,
        username_key: account.username,
        password_hash: await hashPassword(account.password),
        password_is_default: account.isDefault,
        type: account.type,
        nickname: account.type === 0 ? null : 'Demo Agent',
        email: `${account.username}@portal-demo.example`,
        mobile: null,
        payee_name: null,
        profile: '{}',
        parent_agent_id: null,
        affiliate_code: account.affiliateCode,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/**
 * The demo logins whose published password (README, start-up banner) still opens them: a production
 * start (SEED_DEMO=false) refuses to run while any is left, since everyone who read the README has it.
 */
export async function demoLoginsStillOpen(db: Kysely<DB>): Promise<string[]> {
  const names = demoAccounts.map((account) => account.username as string);
  const members = names.length
    ? await db
        .selectFrom('members')
        .select(['username_key', 'password_hash'])
        .where('username_key', 'in', names)
        .where('status', '=', 'active')
        .execute()
    : [];
  const operators = await db
    .selectFrom('operators')
    .select(['username_key', 'password_hash'])
    .where('username_key', '=', demoOperator.username)
    .where('disabled', '=', false)
    .execute();
  const open: string[] = [];
  for (const row of members) {
    const account = demoAccounts.find((demo) => demo.username === row.username_key);
    if (account && (await verifyPassword(row.password_hash, account.password))) open.push(row.username_key);
  }
  for (const row of operators) {
    if (await verifyPassword(row.password_hash, demoOperator.password))
      open.push(`operator ${row.username_key}`);
  }
  return open;
}
