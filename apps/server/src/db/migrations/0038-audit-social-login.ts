import { sql, type Kysely } from 'kysely';

/**
 * The audit capture (migration 0032) for the tables of social login (0037): an operator's change of a
 * merchant's providers, and of a member's linked identities, is recorded like every other operator write.
 * The providers' `client_secret` joins the columns the capture never copies into the audit (0032's list:
 * password and token hashes, TOTP and vendor secrets). The one-time login states and tickets stay out, as
 * the other one-time secrets do (modules/audit/unaudited-tables.ts), and so do the crash game's tables
 * (0035), the in-house wallet's hot path like `bgs_rounds`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function audit_capture() returns trigger language plpgsql as $$
    declare
      secrets constant text[] := array['password_hash', 'totp_secret', 'token_hash', 'secret', 'secret_hash',
        'client_secret'];
      before jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - secrets end;
      after jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - secrets end;
    begin
      if before is distinct from after then
        insert into audit_changes (table_name, op, old_row, new_row)
        values (tg_table_name, lower(tg_op), before, after);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['merchant_oidc_providers', 'member_oidc_identities']) {
    await sql`
      create trigger audit_capture after insert or update or delete on ${sql.table(table)}
        for each row when (current_setting('portal.audit_unit', true) = 'on')
        execute function audit_capture()`.execute(db);
  }
}
