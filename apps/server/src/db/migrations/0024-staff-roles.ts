import { sql, type Kysely } from 'kysely';

/**
 * Staff roles of the operator console (issue 16): admin becomes owner, and content, risk and platform
 * join finance and support. What each role may do is the reviewed table in
 * modules/operators/ops-access.ts; the database only knows the names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operators drop constraint operators_role_check`.execute(db);
  await sql`update operators set role = 'owner' where role = 'admin'`.execute(db);
  await sql`alter table operators add constraint operators_role_check
    check (role in ('owner', 'finance', 'support', 'content', 'risk', 'platform'))`.execute(db);
}
