import { sql, type Kysely } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import type { DB, OrphanWinPolicy } from '../../db/schema';

/** SQL of the game catalogue (migration 0007): catalogue snapshots, favourites, recent plays, winners. */

/** The vendors a merchant has switched on, with their catalogue fields and maintenance state. */
export function selectMerchantVendors(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('merchant_vendors as mv')
    .innerJoin('vendors as v', 'v.code', 'mv.vendor_code')
    .select([
      'v.code',
      'v.display_name',
      'v.name',
      'v.categories',
      'v.icon_url',
      'v.launch_kind',
      'v.launch_url',
      'mv.sort_order',
      'mv.maintenance',
      'mv.maintenance_message',
    ])
    .where('mv.merchant_id', '=', merchantId)
    .where('mv.enabled', '=', true)
    .orderBy('mv.sort_order')
    .orderBy('v.code')
    .execute();
}

/** The games of the merchant's vendors that are on, with the merchant's overrides applied. */
export function selectMerchantGames(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('games as g')
    .innerJoin('merchant_vendors as mv', (join) =>
      join.onRef('mv.vendor_code', '=', 'g.vendor_code').on('mv.merchant_id', '=', merchantId),
    )
    .leftJoin('merchant_games as mg', (join) =>
      join.onRef('mg.game_id', '=', 'g.id').on('mg.merchant_id', '=', merchantId),
    )
    .select([
      'g.id',
      'g.vendor_code',
      'g.game_code',
      'g.display_name',
      'g.game_type',
      'g.is_game',
      'g.icon_url',
      'g.large_icon_url',
      'g.released_at',
      sql<boolean>`coalesce(mg.is_hot, g.is_hot)`.as('is_hot'),
      sql<number>`coalesce(mg.sort_order, g.sort_order)`.as('sort_order'),
    ])
    .where('mv.enabled', '=', true)
    .where(sql<boolean>`coalesce(mg.enabled, g.enabled)`)
    .execute();
}

/** Adds a favourite; a second add (or a racing one) is a no-op. */
export async function insertFavourite(db: Kysely<DB>, memberId: number, gameId: number): Promise<void> {
  await db
    .insertInto('favourite_games')
    .values({ member_id: memberId, game_id: gameId })
    .onConflict((conflict) => conflict.columns(['member_id', 'game_id']).doNothing())
    .execute();
}

export async function deleteFavourite(db: Kysely<DB>, memberId: number, gameId: number): Promise<void> {
  await db
    .deleteFrom('favourite_games')
    .where('member_id', '=', memberId)
    .where('game_id', '=', gameId)
    .execute();
}

/** The member's favourite game ids, newest first; bounded (favourites pages stop at 999). */
export async function selectFavouriteIds(db: Kysely<DB>, memberId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('favourite_games')
    .select('game_id')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_id);
}

/** How many favourites a member may keep (favourites lists read at most 999). */
export const maxFavouritesPerMember = 999;

export async function countFavourites(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('favourite_games')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Records a launch, then trims the member's plays to the `keep` newest (a launch racing this one may
 * leave one extra row until the next launch trims it: bounded either way).
 */
export async function recordRecentPlay(db: Kysely<DB>, memberId: number, gameId: number, keep: number) {
  await db
    .insertInto('recent_plays')
    .values({ member_id: memberId, game_id: gameId, played_at: new Date() })
    .onConflict((conflict) =>
      conflict.columns(['member_id', 'game_id']).doUpdateSet({ played_at: new Date() }),
    )
    .execute();
  await sql`delete from recent_plays r where r.member_id = ${memberId} and r.game_id in (
      select o.game_id from recent_plays o where o.member_id = ${memberId}
      order by o.played_at desc, o.game_id desc offset ${keep})`.execute(db);
}

export async function selectRecentIds(db: Kysely<DB>, memberId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('recent_plays')
    .select('game_id')
    .where('member_id', '=', memberId)
    .orderBy('played_at', 'desc')
    .orderBy('game_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.game_id);
}

/**
 * The biggest wins of the rounds started in the last `days` days at a merchant, from the rounds every
 * seamless win fills (by start, whose index a round's updates never touch: migration 0041).
 */
export function selectBiggestWins(db: Kysely<DB>, merchantId: number, days: number, limit: number) {
  return db
    .selectFrom('game_rounds as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .select(['r.vendor_code', 'r.game_code', 'r.win_minor', 'r.updated_at', 'm.username'])
    .where('r.merchant_id', '=', merchantId)
    .where('r.win_minor', '>', 0n)
    .where('r.started_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
    .orderBy('r.win_minor', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Operator switches of one vendor at one merchant (creates the row when missing, switched on unless
 * `insertEnabled` says otherwise).
 */
export async function upsertMerchantVendor(
  db: Kysely<DB>,
  merchantId: number,
  vendorCode: string,
  changes: {
    enabled?: boolean;
    sort_order?: number;
    maintenance?: boolean;
    maintenance_message?: string | null;
    orphan_win_policy?: OrphanWinPolicy;
    max_win_multiplier?: number | null;
  },
  insertEnabled = true,
) {
  return db
    .insertInto('merchant_vendors')
    .values({ merchant_id: merchantId, vendor_code: vendorCode, enabled: insertEnabled, ...changes })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'vendor_code']).doUpdateSet(changes))
    .returning([
      'vendor_code',
      'enabled',
      'sort_order',
      'maintenance',
      'maintenance_message',
      'orphan_win_policy',
      'max_win_multiplier',
    ])
    .executeTakeFirstOrThrow();
}

/** Operator switches of one game at one merchant. */
export async function upsertMerchantGame(
  db: Kysely<DB>,
  merchantId: number,
  gameId: number,
  changes: { enabled?: boolean; sort_order?: number; is_hot?: boolean },
) {
  return db
    .insertInto('merchant_games')
    .values({ merchant_id: merchantId, game_id: gameId, ...changes })
    .onConflict((conflict) => conflict.columns(['merchant_id', 'game_id']).doUpdateSet(changes))
    .returning(['game_id', 'enabled', 'sort_order', 'is_hot'])
    .executeTakeFirstOrThrow();
}

/**
 * Every vendor of the platform with one merchant's switches (a vendor the merchant never switched on has
 * no row: off, at the vendor's own order) and its game counts, in the lobby's order.
 */
export function selectVendorsForOperator(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('vendors as v')
    .leftJoin('merchant_vendors as mv', (join) =>
      join.onRef('mv.vendor_code', '=', 'v.code').on('mv.merchant_id', '=', merchantId),
    )
    .select([
      'v.code',
      'v.display_name',
      'v.categories',
      sql<boolean>`coalesce(mv.enabled, false)`.as('enabled'),
      sql<number>`coalesce(mv.sort_order, v.sort_order)`.as('sort_order'),
      sql<boolean>`coalesce(mv.maintenance, false)`.as('maintenance'),
      'mv.maintenance_message',
      sql<string>`(select count(*) from games g where g.vendor_code = v.code)`.as('game_count'),
      sql<string>`(select count(*) from games g
        left join merchant_games mg on mg.game_id = g.id and mg.merchant_id = ${merchantId}
        where g.vendor_code = v.code and coalesce(mg.enabled, g.enabled))`.as('enabled_game_count'),
    ])
    .orderBy(sql`coalesce(mv.sort_order, v.sort_order)`)
    .orderBy('v.code')
    .limit(maxOperatorVendors)
    .execute();
}

/** The most vendors the operator's list reads (a platform has a few dozen). */
export const maxOperatorVendors = 500;

/**
 * A page of the games (of one vendor, when named) with the switches in force at one merchant (its override, else the
 * game's default), by name or code, in the lobby's order.
 */
export function selectGamesForOperator(
  db: Kysely<DB>,
  merchantId: number,
  filter: { vendorCode: string | undefined; search: string | undefined },
  paging: PageRequest,
) {
  let query = db
    .selectFrom('games as g')
    .leftJoin('merchant_games as mg', (join) =>
      join.onRef('mg.game_id', '=', 'g.id').on('mg.merchant_id', '=', merchantId),
    )
    .$if(filter.vendorCode !== undefined, (builder) =>
      builder.where('g.vendor_code', '=', filter.vendorCode!),
    );
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('g.display_name', 'ilike', pattern), eb('g.game_code', 'ilike', pattern)]),
    );
  }
  const rows = query
    .select([
      'g.id',
      'g.vendor_code',
      'g.game_code',
      'g.display_name',
      'g.game_type',
      'g.icon_url',
      sql<boolean>`coalesce(mg.enabled, g.enabled)`.as('enabled'),
      sql<number>`coalesce(mg.sort_order, g.sort_order)`.as('sort_order'),
      sql<boolean>`coalesce(mg.is_hot, g.is_hot)`.as('is_hot'),
    ])
    .orderBy('g.vendor_code')
    .orderBy(sql`coalesce(mg.sort_order, g.sort_order)`)
    .orderBy('g.id');
  return selectPage(rows, paging, query);
}

export function vendorExists(db: Kysely<DB>, code: string) {
  return db.selectFrom('vendors').select('code').where('code', '=', code).executeTakeFirst();
}

export function gameExists(db: Kysely<DB>, id: number) {
  return db.selectFrom('games').select('id').where('id', '=', id).executeTakeFirst();
}

/** A vendor's launch settings and secret (catalogue sync). */
export function selectVendorLaunch(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('vendors')
    .select(['code', 'secret', 'launch_kind', 'launch_url'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Every game of a vendor, on or off (catalogue sync compares the vendor's list with these). */
export function selectVendorGames(db: Kysely<DB>, vendorCode: string) {
  return db
    .selectFrom('games')
    .select(['id', 'game_code', 'display_name', 'game_type', 'enabled'])
    .where('vendor_code', '=', vendorCode)
    .execute();
}

export async function insertGames(
  db: Kysely<DB>,
  rows: {
    vendor_code: string;
    game_code: string;
    display_name: string;
    game_type: string;
    icon_url: string;
    large_icon_url: string;
    sort_order: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('games')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['vendor_code', 'game_code']).doNothing())
    .execute();
}

export async function updateGame(
  db: Kysely<DB>,
  id: number,
  changes: { display_name?: string; game_type?: string; enabled?: boolean },
): Promise<void> {
  await db.updateTable('games').set(changes).where('id', '=', id).execute();
}
