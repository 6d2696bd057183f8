import { sql, type Kysely } from 'kysely';

/**
 * The operator console's players and agents (issue 16, docs/operator-console.md):
 *
 * - `members.password_change_required`: an operator's password reset (or a new top agent's first
 *   password) makes the next login change it before anything else, whatever the merchant's
 *   forced-change module says; a password change clears it. `members.lock_reason`: why an operator
 *   locked the account (status 'disabled').
 * - Search indexes: prefixes of the account name, mobile, e-mail (lower case) and affiliate code per
 *   merchant (text_pattern_ops, so `like 'abc%'` uses them in any collation), and login addresses in
 *   `sessions` and `member_known_ips`.
 * - The ledger account kind `adjustment`: the merchant's side of balance adjustments (sharded like every
 *   system account). Added to whatever the kind check holds now, so migrations landing in any order keep
 *   each other's kinds.
 * - `balance_adjustments`: each adjustment request (its request id unique per merchant), its four-eyes
 *   state and the transfer that moved the money; `adjustment_settings`: the merchant's approval
 *   threshold (none: 1,000 in the currency's major unit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table members
    add column password_change_required boolean not null default false,
    add column lock_reason text check (length(lock_reason) <= 200)`.execute(db);

  await sql`create index members_username_prefix on members (merchant_id, username_key text_pattern_ops)`.execute(
    db,
  );
  await sql`create index members_mobile_prefix on members (merchant_id, mobile text_pattern_ops)
    where mobile is not null`.execute(db);
  await sql`create index members_email_prefix on members (merchant_id, lower(email) text_pattern_ops)
    where email is not null`.execute(db);
  await sql`create index members_affiliate_prefix on members (merchant_id, affiliate_code text_pattern_ops)
    where affiliate_code is not null`.execute(db);
  await sql`create index members_merchant_created on members (merchant_id, created_at, id)`.execute(db);
  await sql`create index sessions_ip on sessions (ip, member_id) where ip is not null`.execute(db);
  await sql`create index sessions_member_created on sessions (member_id, created_at desc)`.execute(db);
  await sql`create index member_known_ips_ip on member_known_ips (ip, member_id)`.execute(db);

  await sql.raw(addAdjustmentKind).execute(db);

  await sql`
    create table balance_adjustments (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
      direction text not null check (direction in ('credit', 'debit')),
      amount_minor bigint not null check (amount_minor > 0),
      reason text not null check (length(reason) between 1 and 200),
      needs_approval boolean not null,
      status text not null check (status in ('pending', 'applied', 'rejected')),
      requested_by integer not null references operators (id),
      decided_by integer references operators (id),
      decision_note text check (length(decision_note) <= 200),
      transfer_id bigint references ledger_transfers (id),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      constraint balance_adjustments_request unique (merchant_id, request_id),
      -- Four eyes: whoever decides a request that needed approval is not whoever made it.
      constraint balance_adjustments_four_eyes check (not needs_approval or decided_by is distinct from requested_by),
      constraint balance_adjustments_applied check ((status = 'applied') = (transfer_id is not null))
    )`.execute(db);
  await sql`create index balance_adjustments_status on balance_adjustments (merchant_id, status, id desc)`.execute(
    db,
  );
  await sql`create index balance_adjustments_member on balance_adjustments (member_id, id desc)`.execute(db);

  await sql`
    create table adjustment_settings (
      merchant_id integer primary key references merchants (id),
      approval_threshold_minor bigint not null check (approval_threshold_minor > 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

const addAdjustmentKind = `
do $$
declare
  v_definition text;
begin
  select pg_get_constraintdef(oid) into v_definition from pg_constraint
    where conname = 'ledger_accounts_kind_check' and conrelid = 'ledger_accounts'::regclass;
  if v_definition not like '%''adjustment''%' then
    alter table ledger_accounts drop constraint ledger_accounts_kind_check;
    execute 'alter table ledger_accounts add constraint ledger_accounts_kind_check '
      || replace(v_definition, '''house''::text', '''house''::text, ''adjustment''::text');
  end if;
end $$`;
