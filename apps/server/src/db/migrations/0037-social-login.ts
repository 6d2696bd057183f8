import { sql, type Kysely } from 'kysely';

/**
 * Social login over OpenID Connect (issue 18 item 11, decision 0048):
 * - `merchant_oidc_providers`: per merchant and provider (google, facebook) the issuer, client id and
 *   client secret (stored as the vendors' HMAC secrets are, and never answered by any read call).
 * - `member_oidc_identities`: which account an issuer's subject signs in to, once per merchant.
 * - `oidc_login_states`: one row per started login (state, nonce, PKCE verifier), single use, 10 minutes.
 * - `oidc_login_tickets`: the one-time ticket the callback hands the browser (stored hashed, 2 minutes),
 *   traded for the session so the session token never travels in an address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table merchant_oidc_providers (
      merchant_id integer not null references merchants (id) on delete cascade,
      provider text not null check (provider in ('google', 'facebook')),
      issuer text not null check (issuer ~ '^https?://' and length(issuer) <= 512),
      client_id text not null check (length(client_id) between 1 and 255),
      client_secret text not null check (length(client_secret) between 1 and 512),
      enabled boolean not null default true,
      updated_at timestamptz not null default now(),
      primary key (merchant_id, provider)
    )`.execute(db);
  await sql`
    create table member_oidc_identities (
      merchant_id integer not null references merchants (id) on delete cascade,
      issuer text not null,
      subject text not null check (length(subject) between 1 and 255),
      provider text not null,
      member_id integer not null references members (id) on delete cascade,
      email text,
      created_at timestamptz not null default now(),
      primary key (merchant_id, issuer, subject)
    )`.execute(db);
  // A provider's change reaches every instance at once, as the other settings tables do (0001).
  await sql`create trigger merchant_oidc_providers_changed
    after insert or update or delete on merchant_oidc_providers
    for each row execute function notify_config_changed()`.execute(db);
  await sql`create index member_oidc_identities_member on member_oidc_identities (member_id)`.execute(db);
  await sql`
    create table oidc_login_states (
      state text primary key check (length(state) between 16 and 128),
      merchant_id integer not null references merchants (id) on delete cascade,
      provider text not null,
      nonce text not null,
      code_verifier text not null,
      redirect_uri text not null,
      return_to text not null default '/',
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table oidc_login_tickets (
      ticket_hash text primary key,
      merchant_id integer not null references merchants (id) on delete cascade,
      member_id integer not null references members (id) on delete cascade,
      expires_at timestamptz not null
    )`.execute(db);
}
