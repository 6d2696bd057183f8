import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * SQL of customer-service entries and resources for operators. Players read them through the merchant
 * directory, which the tables' change triggers refresh on every instance (decision 0004).
 */

export function selectServiceEntries(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('customer_service_entries')
    .select(['id', 'cs_type', 'name', 'path', 'sequence'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sequence')
    .orderBy('id')
    .limit(100)
    .execute();
}

export function selectServiceEntry(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom('customer_service_entries')
    .select(['id', 'cs_type', 'name', 'path', 'sequence'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertServiceEntry(
  db: Kysely<DB>,
  merchantId: number,
  values: { name: string; path: string; sequence: number },
) {
  const row = await db
    .insertInto('customer_service_entries')
    .values({ ...values, merchant_id: merchantId, cs_type: 'CS' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateServiceEntry(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  values: { name: string; path: string; sequence: number },
) {
  const result = await db
    .updateTable('customer_service_entries')
    .set(values)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteServiceEntry(db: Kysely<DB>, merchantId: number, id: number) {
  const result = await db
    .deleteFrom('customer_service_entries')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function selectResources(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('resources')
    .select(['id', 'resource_type', 'url', 'label_name_en', 'sequence'])
    .where('merchant_id', '=', merchantId)
    .orderBy('sequence')
    .orderBy('id')
    .limit(100)
    .execute();
}

export function selectResource(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom('resources')
    .select(['id', 'resource_type', 'url', 'label_name_en', 'sequence'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface ResourceValues {
  resource_type: DB['resources']['resource_type'];
  url: string;
  label_name_en: string;
  sequence: number;
}

export async function insertResource(db: Kysely<DB>, merchantId: number, values: ResourceValues) {
  const row = await db
    .insertInto('resources')
    .values({ ...values, merchant_id: merchantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateResource(db: Kysely<DB>, merchantId: number, id: number, values: ResourceValues) {
  const result = await db
    .updateTable('resources')
    .set(values)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteResource(db: Kysely<DB>, merchantId: number, id: number) {
  const result = await db
    .deleteFrom('resources')
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
