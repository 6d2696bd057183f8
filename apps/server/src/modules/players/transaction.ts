import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Runs work in the caller's transaction when it is one (an /ops write runs in one with its audit row),
 * else in a new one: an action's rows and its money move commit together or not at all.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
