import { sql, type Kysely } from 'kysely';

/**
 * Staff accounts and their security (issue 16): a password the account must change (set by the owner:
 * initial or reset), the last login and its address for the owner's list, and per merchant the staff IP
 * allow-list and the staff sessions' idle and absolute limits (null: the server's defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operators
    add column must_change_password boolean not null default false,
    add column last_login_at timestamptz,
    add column last_login_ip text`.execute(db);
  // The owner's list pages by merchant; the last-owner rule counts a merchant's enabled owners.
  await sql`create index operators_merchant_role on operators (merchant_id, role) where not disabled`.execute(
    db,
  );

  await sql`
    create table merchant_staff_security (
      merchant_id integer primary key references merchants (id) on delete cascade,
      ip_allow_list text[] not null default '{}' check (cardinality(ip_allow_list) <= 100),
      idle_minutes integer check (idle_minutes between 5 and 720),
      absolute_hours integer check (absolute_hours between 1 and 72),
      updated_at timestamptz not null default now()
    )`.execute(db);
}
