import type { Kysely } from 'kysely';
import type {
  Announcement,
  AnnouncementPage,
  AnnouncementType,
  Banner,
  BannerGroup,
  OperatorAnnouncement,
  OperatorBanner,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isBlocked } from '../responsible-gaming';
import type { MerchantConfig } from '../system';
import * as repo from './content.repo';
import { liveChatAddress } from './live-chat';
import { sanitizeContentHtml } from './html-sanitizer';

/** What players read: announcements, promotions, notices, popups and banners (decision 0017). */

/** Marquee notices and popups are short lists; these caps keep any one reply small. */
const noticeLimit = 20;
const popupLimit = 5;
const bannerLimit = 20;

type AnnouncementRow = NonNullable<Awaited<ReturnType<typeof repo.selectAnnouncementForOperator>>>;
type BannerRow = NonNullable<Awaited<ReturnType<typeof repo.selectBannerForOperator>>>;

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** Rows to player announcements with their images; HTML is sanitized again on the way out. */
async function present(db: Kysely<DB>, rows: AnnouncementRow[]): Promise<Announcement[]> {
  const images = await repo.selectImages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id.toString(),
    contentType: row.content_type,
    platform: 'W',
    title: row.title,
    content: sanitizeContentHtml(row.content),
    announcementImages: images
      .filter((image) => image.announcement_id === row.id)
      .map((image) => ({ url: image.url, sequence: image.sequence })),
    popupExecution: row.popup_execution,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
  }));
}

/** The operator's view of an announcement. */
export async function presentForOperator(
  db: Kysely<DB>,
  row: AnnouncementRow,
): Promise<OperatorAnnouncement> {
  const [announcement] = await present(db, [row]);
  return {
    ...announcement!,
    audience: row.audience,
    published: row.published,
    sequence: row.sequence,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * Marketing stops for a player on a break or self-excluded (issue 17, docs/responsible-gaming.md): no
 * promotions (type PR) and no popups. A visitor (no session) is nobody's block.
 */
async function blockedFromMarketing(db: Kysely<DB>, memberId: number | undefined): Promise<boolean> {
  return memberId !== undefined && isBlocked(db, memberId);
}

/**
 * A page of visible announcements (9 per page by default, spec section 9), optionally of one type: the
 * players' (audience all or players), or with `forAgents` the agent centre's (audience agents). A
 * player on a break or self-excluded (`memberId`, the caller's session) gets no promotions.
 */
export async function listAnnouncements(
  db: Kysely<DB>,
  merchantId: number,
  query: { type?: AnnouncementType | undefined; pageNo: number; pageSize: number },
  forAgents = false,
  memberId?: number,
): Promise<AnnouncementPage> {
  const paging = { page: query.pageNo, pageSize: query.pageSize };
  const noPromotions = await blockedFromMarketing(db, memberId);
  if (noPromotions && query.type === 'PR') {
    return { items: [], pageNo: query.pageNo, pageSize: query.pageSize, total: 0, totalPages: 0 };
  }
  const { rows, total } = forAgents
    ? await repo.selectVisibleAnnouncements(db, merchantId, query.type, paging, ['agents'])
    : await repo.selectVisibleAnnouncements(
        db,
        merchantId,
        query.type,
        paging,
        undefined,
        noPromotions ? 'PR' : undefined,
      );
  return {
    items: await present(db, rows),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/**
 * One visible announcement or promotion; unpublished, out-of-window or other merchants' ones are 404, and
 * so is a promotion for a player on a break or self-excluded.
 */
export async function announcementDetail(
  db: Kysely<DB>,
  merchantId: number,
  id: bigint,
  memberId?: number,
): Promise<Announcement> {
  const row = await repo.selectVisibleAnnouncement(db, merchantId, id);
  if (!row || (row.content_type === 'PR' && (await blockedFromMarketing(db, memberId)))) {
    throw new AppError('announcement_not_found', 'No such announcement');
  }
  const [announcement] = await present(db, [row]);
  return announcement!;
}

/** Player notices (type PL) for the home marquee. */
export async function notices(db: Kysely<DB>, merchantId: number): Promise<Announcement[]> {
  const { rows } = await repo.selectVisibleAnnouncements(db, merchantId, 'PL', {
    page: 1,
    pageSize: noticeLimit,
  });
  return present(db, rows);
}

/**
 * Popups for this caller (decision 0017): visitors get A and B, members get A and the F popups they
 * have not acknowledged, a player on a break or self-excluded none. The once-per-session rule is the
 * browser's; once-per-member is kept here.
 */
export async function popups(db: Kysely<DB>, merchantId: number, memberId: number | undefined) {
  if (await blockedFromMarketing(db, memberId)) return [];
  const executions = memberId === undefined ? (['A', 'B'] as const) : (['A', 'F'] as const);
  return present(db, await repo.selectVisiblePopups(db, merchantId, executions, memberId, popupLimit));
}

/** A member acknowledges a popup; only visible F popups are recorded (others need no record). */
export async function popupSeen(db: Kysely<DB>, merchantId: number, memberId: number, id: bigint) {
  const row = await repo.selectVisibleAnnouncement(db, merchantId, id);
  if (!row || row.content_type !== 'PU') throw new AppError('announcement_not_found', 'No such popup');
  if (row.popup_execution === 'F') await repo.insertPopupView(db, id, memberId);
}

function presentBanner(row: BannerRow): Banner {
  return {
    id: row.id.toString(),
    url: row.url,
    linkageType: row.linkage_type,
    linkageValue: row.linkage_value,
    groupName: row.group_name,
    title: row.title,
  };
}

/** The operator's view of a banner. */
export function presentBannerForOperator(row: BannerRow): OperatorBanner {
  return {
    ...presentBanner(row),
    published: row.published,
    sequence: row.sequence,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    createdAt: row.created_at.toISOString(),
  };
}

/** Visible banners of one place (groupName). */
export async function banners(db: Kysely<DB>, merchantId: number, group: BannerGroup): Promise<Banner[]> {
  return (await repo.selectVisibleBanners(db, merchantId, group, bannerLimit)).map(presentBanner);
}

/** The address of a customer-service entry's live chat, with the caller's encrypted context (live-chat.ts). */
export async function liveChat(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  entryId: number,
  memberId: number | undefined,
  secret: string | undefined,
) {
  const member = memberId === undefined ? null : await repo.selectUsername(db, memberId);
  return { url: liveChatAddress(merchant, entryId, member, secret) };
}

/** How many promotions are visible now (member info's available promotion count): none while blocked. */
export async function countVisiblePromotions(
  db: Kysely<DB>,
  merchantId: number,
  memberId?: number,
): Promise<number> {
  if (await blockedFromMarketing(db, memberId)) return 0;
  return repo.countVisible(db, merchantId, 'PR');
}
