import { sql, type Kysely } from 'kysely';

/**
 * Security findings (docs/security.md): secrets generated per installation instead of written in the
 * source; security alerts that operators read instead of accounts being hard-locked; an optional
 * authenticator (TOTP) second factor for operators.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per secret this installation made for itself (the test gateway's HMAC secret, ...): made at
  // the first start, shared by every instance on the database, never in the source.
  await sql`
    create table installation_secrets (
      name text primary key check (name ~ '^[a-z][a-z0-9_.-]{0,63}$'),
      value text not null check (length(value) >= 32),
      created_at timestamptz not null default now()
    )`.execute(db);

  // An attack seen (many failed logins on one account from many addresses, ...): one row per kind,
  // subject and window, so a long attack is one row an hour, not one per guess.
  await sql`
    create table security_alerts (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id) on delete cascade,
      kind text not null check (length(kind) between 1 and 64),
      subject text not null check (length(subject) between 1 and 200),
      window_start timestamptz not null,
      detail jsonb not null default '{}',
      created_at timestamptz not null default now(),
      constraint security_alerts_once unique (merchant_id, kind, subject, window_start)
    )`.execute(db);
  await sql`create index security_alerts_recent on security_alerts (merchant_id, created_at desc)`.execute(
    db,
  );

  await sql`alter table operators
    add column totp_secret text,
    add column totp_enabled boolean not null default false,
    add constraint operators_totp check (not totp_enabled or totp_secret is not null)`.execute(db);
}
