import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Deletes short-lived identity and game-session rows past their use; returns how many rows went. */
export async function deleteExpiredIdentityRows(db: Kysely<DB>): Promise<number> {
  const statements = [
    sql`delete from captchas where expires_at < now() - interval '1 hour'`,
    sql`delete from used_nonces where expires_at < now()`,
    sql`delete from login_failures where created_at < now() - interval '1 day'`,
    sql`delete from sms_codes where expires_at < now() - interval '1 day'`,
    sql`delete from login_challenges where expires_at < now() - interval '1 day'`,
    sql`delete from password_reset_tokens where expires_at < now() - interval '1 day'`,
    // A day's grace: a vendor may still send wins and rollbacks of a session that just ended.
    sql`delete from game_sessions where expires_at < now() - interval '1 day'`,
  ];
  let deleted = 0;
  for (const statement of statements) {
    const result = await statement.execute(db);
    deleted += Number(result.numAffectedRows ?? 0n);
  }
  return deleted;
}
