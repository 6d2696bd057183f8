import type {
  OperatorAnnouncement,
  OperatorBanner,
  OperatorHelpArticle,
  OperatorMessage,
  OperatorResource,
  OperatorServiceEntry,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { opsContentCalls, opsMessageCalls } from '@portal/contracts/calls/ops';
import type { DataColumn } from '../../../../components/ui/data-table';
import { formatTime } from '../../model/format';
import {
  instantOf,
  integer,
  localInputOf,
  text,
  textOrNull,
  wholePage,
  type ContentKind,
  type ContentKindId,
  type ContentListQuery,
  type FieldSpec,
  type FormValues,
} from './content-kind';
import { PublishedBadge } from './published-badge';

/** Values the contracts accept (packages/contracts/src/content.ts and messages.ts), as select options. */
const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
const popupExecutions = ['A', 'B', 'F'] as const;
const announcementAudiences = ['all', 'players', 'agents'] as const;
const bannerGroups = ['w_login', 'w_register', 'w_forget', 'w_home', 'w_game', 'w_leftmenu'] as const;
const linkageTypes = ['NONE', 'URL', 'GAME', 'PROMOTION', 'ROUTE'] as const;
const messageAudiences = ['broadcast', 'members'] as const;
const resourceTypes = [
  'FACEBOOK',
  'TIKTOK',
  'YOUTUBE',
  'TWITTER',
  'INSTAGRAM',
  'TELEGRAM',
  'WHATSAPP',
  'Android',
  'iOS',
] as const;
/** The longest operator HTML the contracts take (maxHtmlLength). */
const maxHtmlLength = 50_000;

const schedule: FieldSpec[] = [
  { name: 'startsAt', kind: 'datetime' },
  { name: 'endsAt', kind: 'datetime' },
];

/** A value the select offered, typed as its option list (the server checks it again). */
function choice<const Options extends readonly string[]>(
  values: FormValues,
  name: string,
  options: Options,
): Options[number] {
  const value = text(values, name);
  return options.find((option) => option === value) ?? options[0]!;
}

function windowText(startsAt: string | null, endsAt: string | null, locale: string): string {
  if (!startsAt && !endsAt) return '—';
  return `${formatTime(startsAt, locale)} – ${formatTime(endsAt, locale)}`;
}

/** A paged list's page and its status filter, as every publishable kind asks. */
function pageQuery(query: ContentListQuery) {
  return {
    page: query.page,
    pageSize: query.pageSize,
    ...(query.status ? { status: query.status } : {}),
  };
}

/** The published or draft badge column of a publishable kind. */
function statusColumn<Row extends { published: boolean }>(t: TFunction): DataColumn<Row> {
  return {
    id: 'status',
    header: t('list.status'),
    cell: (row) => <PublishedBadge published={row.published} />,
  };
}

/** When a scheduled row shows, from its start to its end. */
function windowColumn<Row extends Scheduled>(t: TFunction, locale: string): DataColumn<Row> {
  return {
    id: 'window',
    header: t('list.window'),
    cell: (row) => windowText(row.startsAt, row.endsAt, locale),
  };
}

function sequenceColumn<Row extends { sequence: number }>(t: TFunction): DataColumn<Row> {
  return { id: 'sequence', header: t('fields.sequence'), numeric: true, cell: (row) => row.sequence };
}

interface Scheduled {
  startsAt: string | null;
  endsAt: string | null;
}

/** A scheduled row's window in the form's local date-time inputs. */
function scheduleValues(row: Scheduled) {
  return { startsAt: localInputOf(row.startsAt), endsAt: localInputOf(row.endsAt) };
}

/** The form's window as the contracts take it (instants, or null for open ends). */
function scheduleBody(values: FormValues) {
  return { startsAt: instantOf(values, 'startsAt'), endsAt: instantOf(values, 'endsAt') };
}

const announcements: ContentKind<OperatorAnnouncement> = {
  id: 'announcements',
  permission: 'writeContent',
  publishing: true,
  types: announcementTypes,
  paged: true,
  list: (api, query, signal) =>
    api(opsContentCalls.opsAnnouncements, {
      query: {
        ...pageQuery(query),
        ...(query.type ? { type: choice({ type: query.type }, 'type', announcementTypes) } : {}),
      },
      signal,
    }),
  rowKey: (row) => row.id,
  rowTitle: (row) => row.title,
  published: (row) => row.published,
  columns: (t, locale) => [
    { id: 'title', header: t('fields.title'), cell: (row) => row.title },
    {
      id: 'type',
      header: t('fields.contentType'),
      cell: (row) => t(`options.contentType.${row.contentType}`),
    },
    { id: 'audience', header: t('fields.audience'), cell: (row) => t(`options.audience.${row.audience}`) },
    statusColumn(t),
    windowColumn(t, locale),
    { id: 'updatedAt', header: t('list.updatedAt'), cell: (row) => formatTime(row.updatedAt, locale) },
  ],
  fields: [
    { name: 'contentType', kind: 'select', options: announcementTypes, required: true },
    {
      name: 'popupExecution',
      kind: 'select',
      options: popupExecutions,
      required: true,
      showWhen: (values) => text(values, 'contentType') === 'PU',
    },
    { name: 'title', kind: 'text', required: true, maxLength: 200 },
    { name: 'content', kind: 'html', maxLength: maxHtmlLength },
    { name: 'announcementImages', kind: 'images' },
    { name: 'audience', kind: 'select', options: announcementAudiences },
    { name: 'sequence', kind: 'number' },
    ...schedule,
  ],
  emptyValues: {
    contentType: 'B',
    popupExecution: 'A',
    title: '',
    content: '',
    announcementImages: [],
    audience: 'all',
    sequence: '0',
    startsAt: '',
    endsAt: '',
  },
  valuesOf: (row) => ({
    contentType: row.contentType,
    popupExecution: row.popupExecution ?? 'A',
    title: row.title,
    content: row.content,
    announcementImages: [...row.announcementImages]
      .sort((a, b) => a.sequence - b.sequence)
      .map((image) => image.url),
    audience: row.audience,
    sequence: String(row.sequence),
    ...scheduleValues(row),
  }),
  savedHtml: (row) => row.content,
  save: (api, values, row) => {
    const contentType = choice(values, 'contentType', announcementTypes);
    const images = values.announcementImages;
    const body = {
      contentType,
      title: text(values, 'title'),
      content: text(values, 'content'),
      announcementImages: (Array.isArray(images) ? images : []).map((url, sequence) => ({ url, sequence })),
      popupExecution: contentType === 'PU' ? choice(values, 'popupExecution', popupExecutions) : null,
      audience: choice(values, 'audience', announcementAudiences),
      sequence: integer(values, 'sequence'),
      ...scheduleBody(values),
    };
    return row
      ? api(opsContentCalls.opsAnnouncementUpdate, { params: { id: row.id }, body })
      : api(opsContentCalls.opsAnnouncementCreate, { body });
  },
  publish: (api, row, published) =>
    api(published ? opsContentCalls.opsAnnouncementPublish : opsContentCalls.opsAnnouncementUnpublish, {
      params: { id: row.id },
    }),
};

const banners: ContentKind<OperatorBanner> = {
  id: 'banners',
  permission: 'writeContent',
  publishing: true,
  paged: true,
  list: (api, query, signal) =>
    api(opsContentCalls.opsBanners, {
      query: pageQuery(query),
      signal,
    }),
  rowKey: (row) => row.id,
  rowTitle: (row) => row.title,
  published: (row) => row.published,
  columns: (t, locale) => [
    {
      id: 'image',
      header: t('fields.url'),
      cell: (row) => <img className="ops-content__thumb" src={row.url} alt={row.title} loading="lazy" />,
    },
    { id: 'title', header: t('fields.title'), cell: (row) => row.title },
    { id: 'group', header: t('fields.groupName'), cell: (row) => t(`options.groupName.${row.groupName}`) },
    {
      id: 'linkage',
      header: t('fields.linkageType'),
      cell: (row) =>
        `${t(`options.linkageType.${row.linkageType}`)}${row.linkageValue ? `: ${row.linkageValue}` : ''}`,
    },
    statusColumn(t),
    windowColumn(t, locale),
  ],
  fields: [
    { name: 'url', kind: 'image', required: true, maxLength: 500 },
    { name: 'title', kind: 'text', required: true, maxLength: 120 },
    { name: 'groupName', kind: 'select', options: bannerGroups },
    { name: 'linkageType', kind: 'select', options: linkageTypes },
    {
      name: 'linkageValue',
      kind: 'text',
      maxLength: 500,
      showWhen: (values) => text(values, 'linkageType') !== 'NONE',
    },
    { name: 'sequence', kind: 'number' },
    ...schedule,
  ],
  emptyValues: {
    url: '',
    title: '',
    groupName: 'w_home',
    linkageType: 'NONE',
    linkageValue: '',
    sequence: '0',
    startsAt: '',
    endsAt: '',
  },
  valuesOf: (row) => ({
    url: row.url,
    title: row.title,
    groupName: row.groupName,
    linkageType: row.linkageType,
    linkageValue: row.linkageValue ?? '',
    sequence: String(row.sequence),
    ...scheduleValues(row),
  }),
  save: (api, values, row) => {
    const linkageType = choice(values, 'linkageType', linkageTypes);
    const body = {
      url: text(values, 'url'),
      title: text(values, 'title'),
      groupName: choice(values, 'groupName', bannerGroups),
      linkageType,
      linkageValue: linkageType === 'NONE' ? null : textOrNull(values, 'linkageValue'),
      sequence: integer(values, 'sequence'),
      ...scheduleBody(values),
    };
    return row
      ? api(opsContentCalls.opsBannerUpdate, { params: { id: row.id }, body })
      : api(opsContentCalls.opsBannerCreate, { body });
  },
  publish: (api, row, published) =>
    api(published ? opsContentCalls.opsBannerPublish : opsContentCalls.opsBannerUnpublish, {
      params: { id: row.id },
    }),
};

const help: ContentKind<OperatorHelpArticle> = {
  id: 'help',
  permission: 'writeContent',
  publishing: true,
  paged: true,
  list: (api, query, signal) =>
    api(opsContentCalls.opsHelpArticles, {
      query: pageQuery(query),
      signal,
    }),
  rowKey: (row) => String(row.id),
  rowTitle: (row) => row.title,
  published: (row) => row.published,
  columns: (t) => [
    { id: 'lang', header: t('fields.lang'), cell: (row) => row.lang },
    { id: 'term', header: t('fields.term'), cell: (row) => row.term },
    { id: 'title', header: t('fields.title'), cell: (row) => row.title },
    sequenceColumn(t),
    statusColumn(t),
  ],
  fields: [
    { name: 'lang', kind: 'text', required: true, maxLength: 3 },
    { name: 'term', kind: 'text', required: true, maxLength: 64 },
    { name: 'title', kind: 'text', required: true, maxLength: 200 },
    { name: 'content', kind: 'textarea', required: true, maxLength: 20_000 },
    { name: 'sequence', kind: 'number' },
  ],
  emptyValues: { lang: 'EN', term: '', title: '', content: '', sequence: '0' },
  valuesOf: (row) => ({
    lang: row.lang,
    term: row.term,
    title: row.title,
    content: row.content,
    sequence: String(row.sequence),
  }),
  save: (api, values, row) => {
    const body = {
      lang: text(values, 'lang').trim().toUpperCase(),
      term: text(values, 'term').trim(),
      title: text(values, 'title'),
      content: text(values, 'content'),
      sequence: integer(values, 'sequence'),
    };
    return row
      ? api(opsContentCalls.opsHelpArticleUpdate, { params: { id: String(row.id) }, body })
      : api(opsContentCalls.opsHelpArticleCreate, { body });
  },
  publish: (api, row, published) =>
    api(published ? opsContentCalls.opsHelpArticlePublish : opsContentCalls.opsHelpArticleUnpublish, {
      params: { id: String(row.id) },
    }),
};

/** Usernames as typed: one per line or separated by commas or spaces. */
function usernamesOf(values: FormValues): string[] {
  return text(values, 'usernames')
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

const messages: ContentKind<OperatorMessage> = {
  id: 'messages',
  permission: 'sendMessages',
  publishing: true,
  paged: true,
  list: (api, query, signal) =>
    api(opsMessageCalls.opsMessages, {
      query: pageQuery(query),
      signal,
    }),
  rowKey: (row) => row.id,
  rowTitle: (row) => row.title,
  published: (row) => row.published,
  // A targeted message keeps its recipients once created (the server refuses another audience, and the
  // list does not name them): it is unpublished and sent again rather than edited.
  editable: (row) => row.audience === 'broadcast',
  columns: (t, locale) => [
    { id: 'title', header: t('fields.title'), cell: (row) => row.title },
    {
      id: 'audience',
      header: t('fields.audience'),
      cell: (row) => t(`options.messageAudience.${row.audience}`),
    },
    { id: 'recipients', header: t('list.recipients'), numeric: true, cell: (row) => row.recipients },
    { id: 'readers', header: t('list.readers'), numeric: true, cell: (row) => row.readers },
    statusColumn(t),
    { id: 'createdAt', header: t('list.createdAt'), cell: (row) => formatTime(row.createdAt, locale) },
  ],
  fields: [
    { name: 'title', kind: 'text', required: true, maxLength: 200 },
    { name: 'content', kind: 'html', maxLength: maxHtmlLength },
    { name: 'messageAudience', kind: 'select', options: messageAudiences },
    {
      name: 'usernames',
      kind: 'textarea',
      required: true,
      showWhen: (values) => text(values, 'messageAudience') === 'members',
    },
    ...schedule,
  ],
  emptyValues: {
    title: '',
    content: '',
    messageAudience: 'broadcast',
    usernames: '',
    startsAt: '',
    endsAt: '',
  },
  valuesOf: (row) => ({
    title: row.title,
    content: row.content,
    messageAudience: row.audience,
    usernames: '',
    ...scheduleValues(row),
  }),
  savedHtml: (row) => row.content,
  formFieldOf: { audience: 'messageAudience' },
  save: (api, values, row) => {
    const audience = choice(values, 'messageAudience', messageAudiences);
    const body = {
      title: text(values, 'title'),
      content: text(values, 'content'),
      audience,
      usernames: audience === 'members' ? usernamesOf(values) : [],
      ...scheduleBody(values),
    };
    return row
      ? api(opsMessageCalls.opsMessageUpdate, { params: { id: row.id }, body })
      : api(opsMessageCalls.opsMessageCreate, { body });
  },
  publish: (api, row, published) =>
    api(published ? opsMessageCalls.opsMessagePublish : opsMessageCalls.opsMessageUnpublish, {
      params: { id: row.id },
    }),
};

const service: ContentKind<OperatorServiceEntry> = {
  id: 'service',
  permission: 'writeContent',
  publishing: false,
  paged: false,
  list: async (api, _query, signal) => wholePage(await api(opsContentCalls.opsServiceEntries, { signal })),
  rowKey: (row) => String(row.id),
  rowTitle: (row) => row.name,
  columns: (t) => [
    { id: 'name', header: t('fields.name'), cell: (row) => row.name },
    { id: 'path', header: t('fields.path'), cell: (row) => row.path },
    sequenceColumn(t),
  ],
  fields: [
    { name: 'name', kind: 'text', required: true, maxLength: 64 },
    { name: 'path', kind: 'text', required: true, maxLength: 500 },
    { name: 'sequence', kind: 'number' },
  ],
  emptyValues: { name: '', path: '', sequence: '0' },
  valuesOf: (row) => ({ name: row.name, path: row.path, sequence: String(row.sequence) }),
  save: (api, values, row) => {
    const body = {
      name: text(values, 'name'),
      path: text(values, 'path'),
      sequence: integer(values, 'sequence'),
    };
    return row
      ? api(opsContentCalls.opsServiceEntryUpdate, { params: { id: String(row.id) }, body })
      : api(opsContentCalls.opsServiceEntryCreate, { body });
  },
  remove: (api, row) => api(opsContentCalls.opsServiceEntryDelete, { params: { id: String(row.id) } }),
};

const resources: ContentKind<OperatorResource> = {
  id: 'resources',
  permission: 'writeContent',
  publishing: false,
  paged: false,
  list: async (api, _query, signal) => wholePage(await api(opsContentCalls.opsResources, { signal })),
  rowKey: (row) => String(row.id),
  rowTitle: (row) => row.labelNameEn,
  columns: (t) => [
    { id: 'type', header: t('fields.resourceType'), cell: (row) => row.resourceType },
    { id: 'label', header: t('fields.labelNameEn'), cell: (row) => row.labelNameEn },
    { id: 'url', header: t('fields.link'), cell: (row) => row.url },
    sequenceColumn(t),
  ],
  fields: [
    { name: 'resourceType', kind: 'select', options: resourceTypes },
    { name: 'link', kind: 'text', required: true, maxLength: 500 },
    { name: 'labelNameEn', kind: 'text', required: true, maxLength: 64 },
    { name: 'sequence', kind: 'number' },
  ],
  emptyValues: { resourceType: 'FACEBOOK', link: '', labelNameEn: '', sequence: '0' },
  valuesOf: (row) => ({
    resourceType: row.resourceType,
    link: row.url,
    labelNameEn: row.labelNameEn,
    sequence: String(row.sequence),
  }),
  formFieldOf: { url: 'link' },
  save: (api, values, row) => {
    const body = {
      resourceType: choice(values, 'resourceType', resourceTypes),
      url: text(values, 'link'),
      labelNameEn: text(values, 'labelNameEn'),
      sequence: integer(values, 'sequence'),
    };
    return row
      ? api(opsContentCalls.opsResourceUpdate, { params: { id: String(row.id) }, body })
      : api(opsContentCalls.opsResourceCreate, { body });
  },
  remove: (api, row) => api(opsContentCalls.opsResourceDelete, { params: { id: String(row.id) } }),
};

/** Every content kind by id, in the section's tab order. */
export const contentKinds = {
  announcements,
  banners,
  help,
  messages,
  service,
  resources,
} as const satisfies Record<ContentKindId, unknown>;
