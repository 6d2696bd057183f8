import type { TFunction } from 'i18next';
import type { ContentStatus, Page } from '@portal/contracts';
import type { DataColumn } from '../../../../components/ui/data-table';
import type { SendCall } from '../../../../lib/api';
import type { OperatorPermission } from '../../model/permissions';

/** The content section's pages, each at /operator/content/<id>. */
export const contentKindIds = [
  'announcements',
  'banners',
  'help',
  'messages',
  'service',
  'resources',
] as const;
export type ContentKindId = (typeof contentKindIds)[number];

/** Rows per page of the content lists (the contracts allow up to 50). */
export const contentPageSize = 20;

/** How one form field is entered. */
export type FieldKind =
  | 'text'
  | 'textarea'
  /** Operator HTML: a textarea with the server's sanitized version of the saved text beside it. */
  | 'html'
  | 'select'
  | 'number'
  /** A date and time in the reader's zone, sent as an ISO instant (empty: none). */
  | 'datetime'
  /** One uploaded image's address (a banner). */
  | 'image'
  /** Several uploaded images' addresses, in order (an announcement's). */
  | 'images';

/** One field of a content form: its payload name, how it is entered, and when it shows. */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** A select's values; their labels are `options.<name>.<value>` in the namespace. */
  options?: readonly string[];
  required?: boolean;
  maxLength?: number;
  /** Shown only when this holds for the form's values (a popup's execution). */
  showWhen?: (values: FormValues) => boolean;
}

/** A form's values as entered: text for every field, addresses for image lists. */
export type FormValues = Record<string, string | string[]>;

/** What the list asks the server for. */
export interface ContentListQuery {
  page: number;
  pageSize: number;
  status: ContentStatus | undefined;
  type: string | undefined;
}

/**
 * One kind of content (announcements, banners, ...): how it lists, shows, is entered and is sent. The
 * one list page and the one form serve every kind, as one QueueView serves every queue.
 */
export interface ContentKind<Row> {
  id: ContentKindId;
  /** Who may write (the server's ops-access.ts lists, through permissions.ts). */
  permission: OperatorPermission;
  /** Whether rows have a published state: the status filter and the publish buttons. */
  publishing: boolean;
  /** A type filter's values (announcements: B, PL, PU, PR, H); labels `options.contentType.<value>`. */
  types?: readonly string[];
  /** Whether the server pages the list (otherwise it answers every row, a short list). */
  paged: boolean;
  list: (api: SendCall, query: ContentListQuery, signal?: AbortSignal) => Promise<Page<Row>>;
  rowKey: (row: Row) => string;
  /** What the confirm dialog and the success note name. */
  rowTitle: (row: Row) => string;
  published?: (row: Row) => boolean;
  /** Whether a row can be edited (all when absent). */
  editable?: (row: Row) => boolean;
  columns: (t: TFunction, locale: string) => DataColumn<Row>[];
  fields: readonly FieldSpec[];
  emptyValues: FormValues;
  valuesOf: (row: Row) => FormValues;
  /** The server's sanitized HTML of a saved row, previewed beside the html field. */
  savedHtml?: (row: Row) => string;
  /**
   * The form's name of a field the server names otherwise (a message's audience and a resource's url have
   * their own names, so their labels and options stay apart from the announcement's and the banner's).
   */
  formFieldOf?: Readonly<Record<string, string>>;
  save: (api: SendCall, values: FormValues, row: Row | null) => Promise<unknown>;
  publish?: (api: SendCall, row: Row, published: boolean) => Promise<unknown>;
  remove?: (api: SendCall, row: Row) => Promise<unknown>;
}

/** A text value of a form (an image list reads as its first address). */
export function text(values: FormValues, name: string): string {
  const value = values[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** A whole-number field (empty: 0, what the contracts default to). */
export function integer(values: FormValues, name: string): number {
  const value = text(values, name).trim();
  return value === '' ? 0 : Number(value);
}

/** Empty text as null, what the contracts take for "none". */
export function textOrNull(values: FormValues, name: string): string | null {
  const value = text(values, name).trim();
  return value === '' ? null : value;
}

/** A datetime-local value (the reader's zone) as an ISO instant, or null when empty. */
export function instantOf(values: FormValues, name: string): string | null {
  const value = text(values, name).trim();
  if (value === '') return null;
  const date = new Date(value);
  // An unreadable date goes as typed, so the server names the field instead of it vanishing.
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** An ISO instant as a datetime-local value in the reader's zone ('' for none). */
export function localInputOf(instant: string | null): string {
  if (!instant) return '';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

/** A short list answered whole (customer service, resources) as one page. */
export function wholePage<Row>(rows: Row[]): Page<Row> {
  return { items: rows, page: 1, pageSize: Math.max(rows.length, 1), total: rows.length };
}
