import { sql, type Kysely } from 'kysely';

/**
 * Payments (docs/payments.md): operators and their sessions, payment channels, deposits, payment
 * passwords, bank accounts and withdrawals. The database holds the rules it can: one row per client
 * request id, a decided deposit always names its ledger transfer, amounts positive, at most one return
 * per withdrawal. Money itself only moves through the ledger (0003/0004); these rows point at it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchants
    add column withdrawal_forced_receipt_minutes integer not null default 30
      check (withdrawal_forced_receipt_minutes between 1 and 43200),
    add column withdrawal_min_minor bigint not null default 10000 check (withdrawal_min_minor > 0),
    add column withdrawal_max_minor bigint not null default 5000000,
    add constraint merchants_withdrawal_limits check (withdrawal_max_minor >= withdrawal_min_minor)`.execute(
    db,
  );

  await sql`
    create table operators (
      id integer generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      username text not null check (length(username) between 1 and 64),
      username_key text not null,
      password_hash text not null,
      role text not null check (role in ('admin', 'finance', 'support')),
      disabled boolean not null default false,
      created_at timestamptz not null default now(),
      constraint operators_username unique (merchant_id, username_key)
    )`.execute(db);

  await sql`
    create table operator_sessions (
      id integer generated always as identity primary key,
      operator_id integer not null references operators (id),
      token_hash bytea not null unique,
      ip text,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);

  await sql`
    create table payment_channels (
      id integer generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      type text not null check (type in ('manual_bank', 'gateway')),
      name text not null check (length(name) between 1 and 64),
      min_amount_minor bigint not null check (min_amount_minor > 0),
      max_amount_minor bigint not null,
      enabled boolean not null default true,
      sort integer not null default 0,
      bank_name text,
      account_number text,
      account_holder text,
      gateway_code text,
      constraint payment_channels_name unique (merchant_id, name),
      constraint payment_channels_limits check (max_amount_minor >= min_amount_minor),
      constraint payment_channels_manual check ((type = 'manual_bank') =
        (bank_name is not null and account_number is not null and account_holder is not null)),
      constraint payment_channels_gateway check ((type = 'gateway') = (gateway_code is not null))
    )`.execute(db);
  await sql`create index payment_channels_merchant on payment_channels (merchant_id, sort)`.execute(db);

  await sql`
    create table deposits (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      channel_id integer not null references payment_channels (id),
      currency text not null,
      amount_minor bigint not null check (amount_minor > 0),
      reference text,
      proof_file_key text,
      client_request_id text not null check (length(client_request_id) between 8 and 64),
      request_hash text not null,
      gateway_reference text unique,
      checkout_url text,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      reject_reason text,
      decided_by_operator_id integer references operators (id),
      decided_at timestamptz,
      transfer_id bigint unique references ledger_transfers (id),
      created_at timestamptz not null default now(),
      constraint deposits_client_request unique (merchant_id, member_id, client_request_id),
      constraint deposits_approved_has_transfer check ((status = 'approved') = (transfer_id is not null)),
      constraint deposits_decided check ((status = 'pending') = (decided_at is null))
    )`.execute(db);
  await sql`create index deposits_member on deposits (member_id, id desc)`.execute(db);
  await sql`create index deposits_status on deposits (merchant_id, status, id)`.execute(db);

  await sql`
    create table payment_passwords (
      member_id integer primary key references members (id),
      password_hash text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table bank_accounts (
      id integer generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      bank_name text not null check (length(bank_name) between 1 and 64),
      account_number text not null check (account_number ~ '^[0-9]{6,20}$'),
      holder_name text not null check (length(holder_name) between 1 and 64),
      created_at timestamptz not null default now(),
      constraint bank_accounts_once unique (member_id, bank_name, account_number)
    )`.execute(db);

  await sql`
    create table withdrawals (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      currency text not null,
      amount_minor bigint not null check (amount_minor > 0),
      bank_name text not null,
      account_number text not null,
      holder_name text not null,
      client_request_id text not null check (length(client_request_id) between 8 and 64),
      request_hash text not null,
      hold_transfer_id bigint not null unique references ledger_transfers (id),
      status text not null default 'pending' check (status in ('pending', 'rejected', 'disbursed',
        'received', 'not_received', 'partially_received', 'all_received', 'forced_received', 'returned')),
      reject_reason text,
      decided_by_operator_id integer references operators (id),
      decided_at timestamptz,
      receipt_deadline_at timestamptz,
      missing_amount_minor bigint check (missing_amount_minor > 0),
      claim_proof_file_key text,
      confirmed_at timestamptz,
      return_transfer_id bigint unique references ledger_transfers (id),
      created_at timestamptz not null default now(),
      constraint withdrawals_client_request unique (merchant_id, member_id, client_request_id),
      constraint withdrawals_missing_within check (missing_amount_minor is null or missing_amount_minor <= amount_minor),
      constraint withdrawals_disbursed_deadline check (status in ('pending', 'rejected') or receipt_deadline_at is not null),
      constraint withdrawals_returned_has_transfer check ((status = 'returned') = (return_transfer_id is not null))
    )`.execute(db);
  await sql`create index withdrawals_member on withdrawals (member_id, id desc)`.execute(db);
  await sql`create index withdrawals_status on withdrawals (merchant_id, status, id)`.execute(db);
  await sql`create index withdrawals_receipt_due on withdrawals (receipt_deadline_at) where status = 'disbursed'`.execute(
    db,
  );
}
