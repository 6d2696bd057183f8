import type { Kysely } from 'kysely';
import type {
  AnnouncementType,
  announcementPayload,
  bannerPayload,
  OperatorAnnouncement,
  OperatorBanner,
  Page,
} from '@portal/contracts';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../lib/storage';
import { storeProof } from '../payments';
import { publishedOf, type OperatorListQuery } from './content-status';
import * as repo from './content.repo';
import { presentBannerForOperator, presentForOperator } from './content.service';
import { sanitizeContentHtml } from './html-sanitizer';

/** Operators author announcements, promotions and banners: create, edit, schedule, publish (decision 0017). */

type AnnouncementInput = z.output<typeof announcementPayload>;
type BannerInput = z.output<typeof bannerPayload>;

export interface Author {
  merchantId: number;
  operatorId: number;
}

function dateOrNull(text: string | null): Date | null {
  return text === null ? null : new Date(text);
}

function announcementValues(input: AnnouncementInput): repo.AnnouncementValues {
  // Sanitized on save, so what is stored is already harmless; it is sanitized again when served.
  const content = sanitizeContentHtml(input.content);
  if (content.trim() === '' && input.content.trim() !== '') {
    throw new AppError('content_empty_after_sanitizing', 'Nothing of the content is allowed HTML');
  }
  return {
    content_type: input.contentType,
    title: input.title,
    content,
    popup_execution: input.popupExecution,
    sequence: input.sequence,
    audience: input.audience,
    starts_at: dateOrNull(input.startsAt),
    ends_at: dateOrNull(input.endsAt),
  };
}

function uniqueImages(input: AnnouncementInput) {
  const sequences = new Set(input.announcementImages.map((image) => image.sequence));
  if (sequences.size !== input.announcementImages.length) {
    throw new AppError('duplicate_image_sequence', 'Two images share one sequence number');
  }
  return input.announcementImages;
}

async function announcementOf(db: Kysely<DB>, merchantId: number, id: bigint): Promise<OperatorAnnouncement> {
  const row = await repo.selectAnnouncementForOperator(db, merchantId, id);
  if (!row) throw new AppError('announcement_not_found', 'No such announcement');
  return presentForOperator(db, row);
}

/** Creates an announcement, unpublished until an operator publishes it. */
export async function createAnnouncement(db: Kysely<DB>, author: Author, input: AnnouncementInput) {
  const id = await repo.insertAnnouncement(
    db,
    author.merchantId,
    author.operatorId,
    announcementValues(input),
    uniqueImages(input),
  );
  return announcementOf(db, author.merchantId, id);
}

/** Replaces an announcement's fields, images and schedule; its published state stays. */
export async function updateAnnouncement(
  db: Kysely<DB>,
  merchantId: number,
  id: bigint,
  input: AnnouncementInput,
) {
  const found = await repo.updateAnnouncement(
    db,
    merchantId,
    id,
    announcementValues(input),
    uniqueImages(input),
  );
  if (!found) throw new AppError('announcement_not_found', 'No such announcement');
  return announcementOf(db, merchantId, id);
}

/** Publishes or unpublishes an announcement (players see it only inside its window while published). */
export async function publishAnnouncement(
  db: Kysely<DB>,
  merchantId: number,
  id: bigint,
  published: boolean,
) {
  if (!(await repo.setPublished(db, 'announcements', merchantId, id, published))) {
    throw new AppError('announcement_not_found', 'No such announcement');
  }
  return announcementOf(db, merchantId, id);
}

/** Every announcement of the merchant for the operator, newest first. */
export async function listAnnouncements(
  db: Kysely<DB>,
  merchantId: number,
  query: OperatorListQuery & { type?: AnnouncementType | undefined },
): Promise<Page<OperatorAnnouncement>> {
  const filter = { published: publishedOf(query.status), type: query.type };
  const { rows, total } = await repo.selectAnnouncementsForOperator(db, merchantId, filter, query);
  const items = await Promise.all(rows.map((row) => presentForOperator(db, row)));
  return { items, page: query.page, pageSize: query.pageSize, total };
}

function bannerValues(input: BannerInput): repo.BannerValues {
  return {
    group_name: input.groupName,
    url: input.url,
    linkage_type: input.linkageType,
    linkage_value: input.linkageType === 'NONE' ? null : input.linkageValue,
    title: input.title,
    sequence: input.sequence,
    starts_at: dateOrNull(input.startsAt),
    ends_at: dateOrNull(input.endsAt),
  };
}

async function bannerOf(db: Kysely<DB>, merchantId: number, id: bigint): Promise<OperatorBanner> {
  const row = await repo.selectBannerForOperator(db, merchantId, id);
  if (!row) throw new AppError('banner_not_found', 'No such banner');
  return presentBannerForOperator(row);
}

/** Creates a banner, unpublished. */
export async function createBanner(db: Kysely<DB>, author: Author, input: BannerInput) {
  const id = await repo.insertBanner(db, author.merchantId, author.operatorId, bannerValues(input));
  return bannerOf(db, author.merchantId, id);
}

/** Replaces a banner's fields and schedule. */
export async function updateBanner(db: Kysely<DB>, merchantId: number, id: bigint, input: BannerInput) {
  if (!(await repo.updateBanner(db, merchantId, id, bannerValues(input)))) {
    throw new AppError('banner_not_found', 'No such banner');
  }
  return bannerOf(db, merchantId, id);
}

/** Publishes or unpublishes a banner. */
export async function publishBanner(db: Kysely<DB>, merchantId: number, id: bigint, published: boolean) {
  if (!(await repo.setPublished(db, 'banners', merchantId, id, published))) {
    throw new AppError('banner_not_found', 'No such banner');
  }
  return bannerOf(db, merchantId, id);
}

/** Every banner of the merchant for the operator, newest first. */
export async function listBanners(
  db: Kysely<DB>,
  merchantId: number,
  query: OperatorListQuery,
): Promise<Page<OperatorBanner>> {
  const filter = { published: publishedOf(query.status) };
  const { rows, total } = await repo.selectBannersForOperator(db, merchantId, filter, query);
  return { items: rows.map(presentBannerForOperator), page: query.page, pageSize: query.pageSize, total };
}

/** Public address of a stored content image (served by GET /wps/content/images/...). */
export function contentImageUrl(key: string): string {
  return `/wps/content/images/${key}`;
}

/**
 * Stores an operator's image for banners and announcements: PNG or JPEG by content (the proof-image
 * check of payments), at most 5 MB. SVG is refused: it is a document that can carry script.
 */
export async function uploadImage(storage: FileStorage, base64: string) {
  const key = await storeProof(storage, base64, 'content');
  return { key, url: contentImageUrl(key) };
}
