import { sql, type Insertable, type Kysely } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import type { DB } from '../../db/schema';
import type { MerchantsTable } from '../../db/schema/system';

/** SQL of the platform role's merchants and domains; not scoped to one merchant (decision 0036). */

const merchantColumns = [
  'merchants.id',
  'merchants.code',
  'merchants.name',
  'merchants.is_default',
  'merchants.currency_code',
  'merchants.currency_symbol',
  'merchants.currency_decimals',
  'merchants.gmt_offset_minutes',
  'merchants.default_language',
  'merchants.created_at',
] as const;

function merchantsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('merchants')
    .select(merchantColumns)
    .select((eb) =>
      eb
        .selectFrom('operators')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('operators.merchant_id', '=', 'merchants.id')
        .as('staff_count'),
    );
}

/** One page of merchants by code; `search` matches part of the code, the name or a domain. */
export function selectMerchantPage(db: Kysely<DB>, paging: PageRequest, search: string | undefined) {
  let rows = merchantsQuery(db).orderBy('merchants.code');
  let counted = db.selectFrom('merchants').select('merchants.id');
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`).toLowerCase()}%`;
    const matches = sql<boolean>`(lower(merchants.code) like ${pattern} or lower(merchants.name) like ${pattern}
      or exists (select 1 from merchant_domains d where d.merchant_id = merchants.id and d.domain like ${pattern}))`;
    rows = rows.where(matches);
    counted = counted.where(matches);
  }
  return selectPage(rows, paging, counted);
}

export type MerchantRow = Awaited<ReturnType<typeof selectMerchantPage>>['rows'][number];

export function selectMerchantByCode(db: Kysely<DB>, code: string) {
  return merchantsQuery(db).where('merchants.code', '=', code).executeTakeFirst();
}

export function selectDomainsOf(db: Kysely<DB>, merchantIds: readonly number[]) {
  if (merchantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('merchant_domains')
    .select(['merchant_id', 'domain', 'is_main'])
    .where('merchant_id', 'in', merchantIds)
    .orderBy('is_main', 'desc')
    .orderBy('id')
    .execute();
}

/** The merchant that holds a domain, if any (domains are unique across merchants). */
export function selectDomainOwner(db: Kysely<DB>, domain: string) {
  return db
    .selectFrom('merchant_domains')
    .select(['merchant_id', 'is_main'])
    .where('domain', '=', domain)
    .executeTakeFirst();
}

/** The home merchant's settings a new merchant starts from. */
export function selectTemplate(db: Kysely<DB>, homeId: number) {
  return db
    .selectFrom('merchants')
    .select(['languages', 'themes', 'default_theme', 'modules'])
    .where('id', '=', homeId)
    .executeTakeFirstOrThrow();
}

export async function insertMerchant(db: Kysely<DB>, values: Insertable<MerchantsTable>): Promise<number> {
  const row = await db.insertInto('merchants').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Copies the home merchant's register form to a new merchant. */
export async function copyRegisterSettings(db: Kysely<DB>, fromId: number, toId: number): Promise<void> {
  await sql`
    insert into register_settings
      (merchant_id, field, shown, required, accepted_pattern, min_length, max_length, pattern_id, sequence)
    select ${toId}, field, shown, required, accepted_pattern, min_length, max_length, pattern_id, sequence
      from register_settings where merchant_id = ${fromId}`.execute(db);
}

export async function insertDomain(db: Kysely<DB>, merchantId: number, domain: string): Promise<void> {
  await db
    .insertInto('merchant_domains')
    .values({ merchant_id: merchantId, domain, is_main: false })
    .execute();
}

export async function deleteDomain(db: Kysely<DB>, merchantId: number, domain: string): Promise<boolean> {
  const result = await db
    .deleteFrom('merchant_domains')
    .where('merchant_id', '=', merchantId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Makes `domain` the merchant's main domain (the one its links use), or, with null, its oldest remaining
 * domain; `merchants.main_domain` follows (empty when the merchant has no domain left).
 */
export async function setMainDomain(db: Kysely<DB>, merchantId: number, domain: string | null) {
  const main =
    domain ??
    (
      await db
        .selectFrom('merchant_domains')
        .select('domain')
        .where('merchant_id', '=', merchantId)
        .orderBy('id')
        .executeTakeFirst()
    )?.domain ??
    null;
  await db
    .updateTable('merchant_domains')
    .set({ is_main: sql<boolean>`coalesce(domain = ${main}, false)` })
    .where('merchant_id', '=', merchantId)
    .execute();
  await db
    .updateTable('merchants')
    .set({ main_domain: main ?? '', updated_at: new Date() })
    .where('id', '=', merchantId)
    .execute();
}
