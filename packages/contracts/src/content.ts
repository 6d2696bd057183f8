import { z } from 'zod';
import { pageOf, pageQuery } from './paging';

/**
 * Announcements, promotions, banners and the operator calls that author them (decision 0017).
 * Every HTML field is sanitized by the server with an allow-list on save and again when it is served.
 */

/** Content types of spec section 7: B bulletin, PL player notice (marquee), PU popup, PR promotion, H headline. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];
/** Popup execution (decision 0017): A all visitors, B before login only, F once per member after login. */
export const popupExecutions = ['A', 'B', 'F'] as const;
export type PopupExecution = (typeof popupExecutions)[number];
export const bannerGroups = ['w_login', 'w_register', 'w_forget', 'w_home', 'w_game', 'w_leftmenu'] as const;
export type BannerGroup = (typeof bannerGroups)[number];
/** What a banner click opens. */
export const linkageTypes = ['NONE', 'URL', 'GAME', 'PROMOTION', 'ROUTE'] as const;
export type LinkageType = (typeof linkageTypes)[number];

/** Spec section 9: the announcement list shows 9 per page; the footer at most 6 promotions. */
export const announcementPageSize = 9;
export const footerPromotionLimit = 6;
/** Operator-authored HTML is limited to this many characters (before sanitizing). */
export const maxHtmlLength = 50_000;

/**
 * An image address: a path on this site (an upload from POST /ops/content/images, or the web app's own
 * files). The Content-Security-Policy loads images from this origin only, so an outside address would
 * never show; javascript:, data: and protocol-relative addresses are refused with it.
 */
export const imageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?![/\\])[^\s"'<>\\]*$/, 'a path on this site, such as an uploaded image address');

const dateTime = z.iso.datetime({ offset: true });
const idText = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

export const announcementImage = z.object({ url: imageUrl, sequence: z.number().int().min(0).max(999) });
export type AnnouncementImage = z.infer<typeof announcementImage>;

/** An announcement or promotion as players receive it. */
export const announcement = z.object({
  id: z.string(),
  contentType: z.enum(announcementTypes),
  platform: z.literal('W'),
  title: z.string(),
  content: z.string().describe('sanitized HTML'),
  announcementImages: z.array(announcementImage),
  popupExecution: z.enum(popupExecutions).nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcement>;
/** Notices and popups: a short list, no paging. */
export const announcements = z.array(announcement);

export const announcementListQuery = z.object({
  type: z.enum(announcementTypes).optional(),
  platform: z.literal('W').default('W'),
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(announcementPageSize).default(announcementPageSize),
});
export type AnnouncementListQuery = z.input<typeof announcementListQuery>;

export const announcementPage = z.object({
  items: z.array(announcement),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AnnouncementPage = z.infer<typeof announcementPage>;

export const announcementDetailQuery = z.object({ id: idText });
export const popupSeenPayload = z.object({ id: idText });

export const banner = z.object({
  id: z.string(),
  url: z.string(),
  linkageType: z.enum(linkageTypes),
  linkageValue: z.string().nullable(),
  groupName: z.enum(bannerGroups),
  title: z.string(),
});
export type Banner = z.infer<typeof banner>;
export const banners = z.array(banner);
export const bannerListQuery = z.object({ groupName: z.enum(bannerGroups) });

/** Scheduling shared by every authored item: shown only between startsAt and endsAt when published. */
const schedule = {
  startsAt: dateTime.nullable().default(null),
  endsAt: dateTime.nullable().default(null),
};

function endAfterStart(value: { startsAt: string | null; endsAt: string | null }) {
  return !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt);
}
const endAfterStartIssue = { message: 'must be after startsAt', path: ['endsAt'] };

/** Who an announcement is for (agents only: the agent centre's agentAnnouncement page). */
export const announcementAudiences = ['all', 'players', 'agents'] as const;
export type AnnouncementAudience = (typeof announcementAudiences)[number];

export const announcementPayload = z
  .object({
    contentType: z.enum(announcementTypes),
    title: z.string().trim().min(1).max(200),
    content: z.string().max(maxHtmlLength),
    announcementImages: z.array(announcementImage).max(9).default([]),
    popupExecution: z.enum(popupExecutions).nullable().default(null),
    sequence: z.number().int().min(0).max(9999).default(0),
    /** Who sees it: everyone, players only, or agents only (their agentAnnouncement page). */
    audience: z.enum(announcementAudiences).default('all'),
    ...schedule,
  })
  .refine(endAfterStart, endAfterStartIssue)
  .refine((value) => (value.contentType === 'PU') === (value.popupExecution !== null), {
    message: 'popups (PU) need an execution A, B or F; other types none',
    path: ['popupExecution'],
  });
export type AnnouncementPayload = z.input<typeof announcementPayload>;

/** The operator's view: the player's fields plus publishing state. */
export const operatorAnnouncement = announcement.extend({
  audience: z.enum(announcementAudiences),
  published: z.boolean(),
  sequence: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorAnnouncement = z.infer<typeof operatorAnnouncement>;
export const operatorAnnouncementPage = pageOf(operatorAnnouncement);

const linkageValuePatterns: Record<LinkageType, RegExp> = {
  NONE: /^$/,
  URL: /^https?:\/\/[^\s"'<>\\]{1,480}$/,
  GAME: /^[A-Za-z0-9_-]{1,32}(:[A-Za-z0-9_.-]{1,64})?$/,
  PROMOTION: /^[1-9][0-9]{0,17}$/,
  ROUTE: /^\/(?![/\\])[A-Za-z0-9/_#?=&.-]{0,200}$/,
};

export const bannerPayload = z
  .object({
    url: imageUrl,
    linkageType: z.enum(linkageTypes),
    linkageValue: z.string().trim().max(500).nullable().default(null),
    groupName: z.enum(bannerGroups),
    title: z.string().trim().min(1).max(120),
    sequence: z.number().int().min(0).max(9999).default(0),
    ...schedule,
  })
  .refine(endAfterStart, endAfterStartIssue)
  .refine((value) => linkageValuePatterns[value.linkageType].test(value.linkageValue ?? ''), {
    message:
      'URL: http(s) address; GAME: vendor or vendor:gameCode; PROMOTION: an id; ROUTE: a path; NONE: empty',
    path: ['linkageValue'],
  });
export type BannerPayload = z.input<typeof bannerPayload>;

export const operatorBanner = banner.extend({
  published: z.boolean(),
  sequence: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorBanner = z.infer<typeof operatorBanner>;
export const operatorBannerPage = pageOf(operatorBanner);

/** An authored item's publishing state, as the operator's lists filter it. */
export const contentStatuses = ['published', 'unpublished'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** The operator's content lists: the internal paging (paging.ts), optionally of one publishing state. */
export const contentListQuery = pageQuery.extend({ status: z.enum(contentStatuses).optional() });
export type ContentListQuery = z.input<typeof contentListQuery>;
/** The operator's announcement list: also of one type (B, PL, PU popups, PR promotions, H). */
export const announcementOpsListQuery = contentListQuery.extend({
  type: z.enum(announcementTypes).optional(),
});

/** An operator's uploaded image: PNG or JPEG by content, at most 5 MB, as base64. */
export const contentImagePayload = z.object({
  image: z
    .string()
    .max(7_000_000)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
});
export const contentImage = z.object({ key: z.string(), url: z.string() });

export const helpArticlePayload = z.object({
  lang: z.string().regex(/^[A-Z]{2,3}$/),
  term: z.string().regex(/^[a-z0-9-]{1,64}$/, 'lower-case letters, digits and -'),
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(20_000).describe('plain text; paragraphs separated by blank lines'),
  sequence: z.number().int().min(0).max(9999).default(0),
});
export type HelpArticlePayload = z.input<typeof helpArticlePayload>;
export const operatorHelpArticle = z.object({
  id: z.number().int(),
  lang: z.string(),
  term: z.string(),
  title: z.string(),
  content: z.string(),
  sequence: z.number().int(),
  published: z.boolean(),
});
export type OperatorHelpArticle = z.infer<typeof operatorHelpArticle>;
export const operatorHelpArticlePage = pageOf(operatorHelpArticle);

/** Customer-service entries (csType CS) as operators write them; path is where the live chat opens. */
export const serviceEntryPayload = z.object({
  name: z.string().trim().min(1).max(64),
  path: z
    .string()
    .trim()
    .max(500)
    .regex(
      /^(https?:\/\/[^\s"'<>\\]+|mailto:[^\s"'<>\\]+|tel:\+?[0-9 -]{3,20})$/,
      'an http(s), mailto: or tel: address',
    ),
  sequence: z.number().int().min(0).max(9999).default(0),
});
export type ServiceEntryPayload = z.input<typeof serviceEntryPayload>;
export const operatorServiceEntry = z.object({
  id: z.number().int(),
  csType: z.literal('CS'),
  name: z.string(),
  path: z.string(),
  sequence: z.number().int(),
});
export type OperatorServiceEntry = z.infer<typeof operatorServiceEntry>;
export const operatorServiceEntryList = z.array(operatorServiceEntry);

/** Resources (social links and app downloads) as operators write them. */
export const resourcePayload = z.object({
  resourceType: z.enum([
    'FACEBOOK',
    'TIKTOK',
    'YOUTUBE',
    'TWITTER',
    'INSTAGRAM',
    'TELEGRAM',
    'WHATSAPP',
    'Android',
    'iOS',
  ]),
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s"'<>\\]+$/, 'an http(s) address'),
  labelNameEn: z.string().trim().min(1).max(64),
  sequence: z.number().int().min(0).max(9999).default(0),
});
export type ResourcePayload = z.input<typeof resourcePayload>;
export const operatorResource = z.object({
  id: z.number().int(),
  resourceType: z.string(),
  url: z.string(),
  labelNameEn: z.string(),
  sequence: z.number().int(),
});
export type OperatorResource = z.infer<typeof operatorResource>;
export const operatorResourceList = z.array(operatorResource);

export const liveChatQuery = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const liveChatAddress = z.object({ url: z.string() });
