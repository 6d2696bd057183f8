import { sql, type Kysely } from 'kysely';

/**
 * The referral programme (decision 0032): each player's referral code (made when first asked for,
 * unique per merchant), `referrals` - one row per referred friend, written at registration with the
 * address and device it came from, and why it pays nothing when it is a self-referral - and the
 * `referral` activity kind. Bank accounts are looked up by number (the same-payment-account rule).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reward_activities drop constraint reward_activities_kind_check`.execute(db);
  await sql`alter table reward_activities add constraint reward_activities_kind_check check (kind in
    ('first_deposit', 'reload_deposit', 'cashback', 'sign_in', 'social_contact', 'mission', 'leaderboard',
     'referral'))`.execute(db);
  await sql`
    create table referral_codes (
      member_id integer primary key references members (id),
      merchant_id integer not null references merchants (id),
      code text not null check (code ~ '^[A-Z0-9]{4,16}$'),
      created_at timestamptz not null default now(),
      constraint referral_codes_code unique (merchant_id, code)
    )`.execute(db);
  await sql`
    create table referrals (
      friend_id integer primary key references members (id),
      merchant_id integer not null references merchants (id),
      referrer_id integer not null references members (id),
      code text not null,
      ip text not null check (length(ip) <= 64),
      device text not null check (length(device) <= 64),
      refused text check (refused in ('same_device', 'same_ip', 'same_payment_account')),
      refused_at timestamptz,
      created_at timestamptz not null default now(),
      check (referrer_id <> friend_id)
    )`.execute(db);
  await sql`create index referrals_referrer on referrals (referrer_id, created_at desc)`.execute(db);
  await sql`create index referrals_merchant on referrals (merchant_id, created_at desc)`.execute(db);
  // Adding a bank account looks for other holders of its number (the same-payment-account rule).
  await sql`create index bank_accounts_number on bank_accounts (merchant_id, account_number)`.execute(db);
}
