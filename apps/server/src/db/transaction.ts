import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Runs `work` in a transaction: the caller's when `db` is one already (so a service composes into a
 * larger unit of work, such as the operator API's per-call transaction), else a new one.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
