import type { Kysely, Transaction } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import { windowOpen } from '../../db/publish-window';
import type { AnnouncementsTable, BannersTable, DB } from '../../db/schema';

/** SQL of announcements, promotions and banners; explicit columns only. */

const announcementColumns = [
  'a.id',
  'a.content_type',
  'a.platform',
  'a.title',
  'a.content',
  'a.popup_execution',
  'a.sequence',
  'a.published',
  'a.starts_at',
  'a.ends_at',
  'a.created_at',
  'a.updated_at',
  'a.audience',
] as const;

/** The audiences a player's reads show (agent-only announcements are the agent centre's). */
const playerAudiences = ['all', 'players'] as const;

/** One page of visible announcements (optionally of one type), in the merchant's order. */
export function selectVisibleAnnouncements(
  db: Kysely<DB>,
  merchantId: number,
  type: AnnouncementsTable['content_type'] | undefined,
  paging: PageRequest,
  audiences: ReadonlyArray<AnnouncementsTable['audience']['__select__']> = playerAudiences,
  exceptType?: AnnouncementsTable['content_type'],
) {
  let query = db
    .selectFrom('announcements as a')
    .where('a.merchant_id', '=', merchantId)
    .where('a.audience', 'in', audiences)
    .where(windowOpen('a'));
  if (type) query = query.where('a.content_type', '=', type);
  if (exceptType) query = query.where('a.content_type', '<>', exceptType);
  return selectPage(query.select(announcementColumns).orderBy('a.sequence').orderBy('a.id', 'desc'), paging);
}

export function selectVisibleAnnouncement(db: Kysely<DB>, merchantId: number, id: bigint) {
  return db
    .selectFrom('announcements as a')
    .select(announcementColumns)
    .where('a.merchant_id', '=', merchantId)
    .where('a.id', '=', id)
    .where(windowOpen('a'))
    .executeTakeFirst();
}

/**
 * Visible popups with one of `executions`; for a member, F popups the member has acknowledged are left
 * out (they show once per member, ever).
 */
export function selectVisiblePopups(
  db: Kysely<DB>,
  merchantId: number,
  executions: ReadonlyArray<'A' | 'B' | 'F'>,
  memberId: number | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('announcements as a')
    .select(announcementColumns)
    .where('a.merchant_id', '=', merchantId)
    .where('a.content_type', '=', 'PU')
    .where('a.audience', 'in', playerAudiences)
    .where('a.popup_execution', 'in', executions)
    .where(windowOpen('a'));
  if (memberId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('a.popup_execution', '<>', 'F'),
        eb.not(
          eb.exists(
            eb
              .selectFrom('announcement_popup_views as v')
              .select('v.announcement_id')
              .whereRef('v.announcement_id', '=', 'a.id')
              .where('v.member_id', '=', memberId),
          ),
        ),
      ]),
    );
  }
  return query.orderBy('a.sequence').orderBy('a.id', 'desc').limit(limit).execute();
}

/** Records that a member saw an F popup; a second record of the same view changes nothing. */
export async function insertPopupView(db: Kysely<DB>, announcementId: bigint, memberId: number) {
  await db
    .insertInto('announcement_popup_views')
    .values({ announcement_id: announcementId, member_id: memberId })
    .onConflict((conflict) => conflict.columns(['member_id', 'announcement_id']).doNothing())
    .execute();
}

/** Images of the given announcements, in sequence. */
export function selectImages(db: Kysely<DB>, ids: bigint[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('announcement_images')
    .select(['announcement_id', 'url', 'sequence'])
    .where('announcement_id', 'in', ids)
    .orderBy('announcement_id')
    .orderBy('sequence')
    .execute();
}

export interface AnnouncementValues {
  content_type: AnnouncementsTable['content_type'];
  title: string;
  content: string;
  popup_execution: AnnouncementsTable['popup_execution'];
  sequence: number;
  audience: AnnouncementsTable['audience']['__insert__'];
  starts_at: Date | null;
  ends_at: Date | null;
}

async function replaceImages(
  trx: Transaction<DB>,
  id: bigint,
  images: ReadonlyArray<{ url: string; sequence: number }>,
) {
  await trx.deleteFrom('announcement_images').where('announcement_id', '=', id).execute();
  if (images.length === 0) return;
  await trx
    .insertInto('announcement_images')
    .values(images.map((image) => ({ announcement_id: id, url: image.url, sequence: image.sequence })))
    .execute();
}

/** Inserts an announcement (unpublished) with its images in one transaction; returns its id. */
export function insertAnnouncement(
  db: Kysely<DB>,
  merchantId: number,
  operatorId: number,
  values: AnnouncementValues,
  images: ReadonlyArray<{ url: string; sequence: number }>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('announcements')
      .values({ ...values, merchant_id: merchantId, created_by: operatorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceImages(trx, row.id, images);
    return row.id;
  });
}

/** Replaces an announcement's fields and images; false when the merchant has no such announcement. */
export function updateAnnouncement(
  db: Kysely<DB>,
  merchantId: number,
  id: bigint,
  values: AnnouncementValues,
  images: ReadonlyArray<{ url: string; sequence: number }>,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('announcements')
      .set({ ...values, updated_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await replaceImages(trx, id, images);
    return true;
  });
}

/** Publishes or unpublishes a row of an authored table; false when the merchant has no such row. */
export async function setPublished(
  db: Kysely<DB>,
  table: 'announcements' | 'banners',
  merchantId: number,
  id: bigint,
  published: boolean,
) {
  const result = await db
    .updateTable(table)
    .set({ published, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function selectAnnouncementForOperator(db: Kysely<DB>, merchantId: number, id: bigint) {
  return db
    .selectFrom('announcements as a')
    .select(announcementColumns)
    .where('a.merchant_id', '=', merchantId)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** What the operator's content lists filter by: publishing state, and an announcement's type. */
export interface OperatorContentFilter {
  published?: boolean | undefined;
  type?: AnnouncementsTable['content_type'] | undefined;
}

/** Every announcement of the merchant (published or not, or of one state and type), newest first. */
export function selectAnnouncementsForOperator(
  db: Kysely<DB>,
  merchantId: number,
  filter: OperatorContentFilter,
  paging: PageRequest,
) {
  let query = db.selectFrom('announcements as a').where('a.merchant_id', '=', merchantId);
  if (filter.published !== undefined) query = query.where('a.published', '=', filter.published);
  if (filter.type !== undefined) query = query.where('a.content_type', '=', filter.type);
  return selectPage(query.select(announcementColumns).orderBy('a.id', 'desc'), paging);
}

const bannerColumns = [
  'id',
  'group_name',
  'url',
  'linkage_type',
  'linkage_value',
  'title',
  'sequence',
  'published',
  'starts_at',
  'ends_at',
  'created_at',
] as const;

/** Visible banners of one group, at most `limit`. */
export function selectVisibleBanners(
  db: Kysely<DB>,
  merchantId: number,
  group: BannersTable['group_name'],
  limit: number,
) {
  return db
    .selectFrom('banners')
    .select(bannerColumns)
    .where('merchant_id', '=', merchantId)
    .where('group_name', '=', group)
    .where(windowOpen('banners'))
    .orderBy('sequence')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface BannerValues {
  group_name: BannersTable['group_name'];
  url: string;
  linkage_type: BannersTable['linkage_type'];
  linkage_value: string | null;
  title: string;
  sequence: number;
  starts_at: Date | null;
  ends_at: Date | null;
}

export async function insertBanner(
  db: Kysely<DB>,
  merchantId: number,
  operatorId: number,
  values: BannerValues,
) {
  const row = await db
    .insertInto('banners')
    .values({ ...values, merchant_id: merchantId, created_by: operatorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBanner(db: Kysely<DB>, merchantId: number, id: bigint, values: BannerValues) {
  const result = await db
    .updateTable('banners')
    .set({ ...values, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function selectBannerForOperator(db: Kysely<DB>, merchantId: number, id: bigint) {
  return db
    .selectFrom('banners')
    .select(bannerColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Every banner of the merchant (or of one publishing state), newest first. */
export function selectBannersForOperator(
  db: Kysely<DB>,
  merchantId: number,
  filter: OperatorContentFilter,
  paging: PageRequest,
) {
  let query = db.selectFrom('banners').where('merchant_id', '=', merchantId);
  if (filter.published !== undefined) query = query.where('published', '=', filter.published);
  return selectPage(query.select(bannerColumns).orderBy('id', 'desc'), paging);
}

/** How many announcements of a type are visible now (member info's available promotion count). */
export async function countVisible(
  db: Kysely<DB>,
  merchantId: number,
  type: AnnouncementsTable['content_type'],
) {
  const row = await db
    .selectFrom('announcements as a')
    .where('a.merchant_id', '=', merchantId)
    .where('a.content_type', '=', type)
    .where('a.audience', 'in', playerAudiences)
    .where(windowOpen('a'))
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A member's username (the live chat's member context). */
export async function selectUsername(db: Kysely<DB>, memberId: number) {
  const row = await db.selectFrom('members').select('username').where('id', '=', memberId).executeTakeFirst();
  return row?.username ?? null;
}
