import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Runs `work` only if this instance takes the session advisory lock `key` (one leader among
 * instances); false when another session holds it. The lock lives on one pooled connection for the
 * whole run and is released even when `work` throws.
 */
export async function withAdvisoryLock(
  db: Kysely<DB>,
  key: number,
  work: () => Promise<void>,
): Promise<boolean> {
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return false;
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
    return true;
  });
}
