import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of the vendor registry (table vendors, migration 0004). */
type Executor = Kysely<DB> | Transaction<DB>;

export function selectVendor(db: Executor, code: string) {
  return db
    .selectFrom('vendors')
    .select(['code', 'name', 'wallet_mode', 'secret', 'api_url'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Transfer-mode vendors, by code; a handful of rows. */
export function selectTransferVendors(db: Executor) {
  return db
    .selectFrom('vendors')
    .select(['code', 'name'])
    .where('wallet_mode', '=', 'transfer')
    .orderBy('code')
    .limit(200)
    .execute();
}
