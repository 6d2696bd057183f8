import { readFile } from 'node:fs/promises';
import type { OperatorCallName } from '@portal/contracts/calls';
import type { Send } from './cli-arguments';

/**
 * Content commands of `npm run operator`: announcements, banners, help articles, messages,
 * feedback and images, through the same operator API as everything else. Payloads are JSON files in the
 * shape of the API's bodies (docs/content.md), so the CLI never has its own idea of the fields.
 */
export const contentUsage = `
Content commands:
  announcements | banners | help-articles | messages [--page N]
  create-announcement --file <payload.json>      then publish-announcement <id>
  edit-announcement <id> --file <payload.json>
  publish-announcement <id> | unpublish-announcement <id>
  create-banner --file <payload.json> | edit-banner <id> --file <payload.json>
  publish-banner <id> | unpublish-banner <id>
  create-help --file <payload.json> | edit-help <id> --file <payload.json>
  publish-help <id> | unpublish-help <id>
  send-message --file <payload.json> | edit-message <id> --file <payload.json>
  publish-message <id> | unpublish-message <id>
  feedback [--status new|handled] [--page N]
  handle-feedback <id>
  upload-image --image <file.png|file.jpg>       prints the address to use in banners and announcements
  service-entries | resources
  create-service-entry --file <payload.json> | edit-service-entry <id> --file <payload.json>
  delete-service-entry <id>
  create-resource --file <payload.json> | edit-resource <id> --file <payload.json> | delete-resource <id>
`;

export interface ContentArguments {
  command: string;
  id: () => string;
  option: (name: string) => string | undefined;
  page: () => Record<string, string>;
}

class ContentUsageError extends Error {}

const lists: Record<string, OperatorCallName> = {
  announcements: 'opsAnnouncements',
  banners: 'opsBanners',
  'help-articles': 'opsHelpArticles',
  messages: 'opsMessages',
  'service-entries': 'opsServiceEntries',
  resources: 'opsResources',
};
const creates: Record<string, OperatorCallName> = {
  'create-announcement': 'opsAnnouncementCreate',
  'create-banner': 'opsBannerCreate',
  'create-help': 'opsHelpArticleCreate',
  'send-message': 'opsMessageCreate',
  'create-service-entry': 'opsServiceEntryCreate',
  'create-resource': 'opsResourceCreate',
};
const edits: Record<string, OperatorCallName> = {
  'edit-announcement': 'opsAnnouncementUpdate',
  'edit-banner': 'opsBannerUpdate',
  'edit-help': 'opsHelpArticleUpdate',
  'edit-message': 'opsMessageUpdate',
  'edit-service-entry': 'opsServiceEntryUpdate',
  'edit-resource': 'opsResourceUpdate',
};
const idActions: Record<string, OperatorCallName> = {
  'publish-announcement': 'opsAnnouncementPublish',
  'unpublish-announcement': 'opsAnnouncementUnpublish',
  'publish-banner': 'opsBannerPublish',
  'unpublish-banner': 'opsBannerUnpublish',
  'publish-help': 'opsHelpArticlePublish',
  'unpublish-help': 'opsHelpArticleUnpublish',
  'publish-message': 'opsMessagePublish',
  'unpublish-message': 'opsMessageUnpublish',
  'handle-feedback': 'opsFeedbackHandle',
  'delete-service-entry': 'opsServiceEntryDelete',
  'delete-resource': 'opsResourceDelete',
};

/** Every content command name. */
export const contentCommands: ReadonlySet<string> = new Set([
  ...Object.keys(lists),
  ...Object.keys(creates),
  ...Object.keys(edits),
  ...Object.keys(idActions),
  'feedback',
  'upload-image',
]);

/** Usage checks made before logging in: ids, files and images named where a command needs them. */
export function checkContentUsage(args: ContentArguments): void {
  if (args.command in edits || args.command in idActions) args.id();
  if ((args.command in creates || args.command in edits) && !args.option('file')) {
    throw new ContentUsageError(`${args.command} needs --file <payload.json>`);
  }
  if (args.command === 'upload-image' && !args.option('image')) {
    throw new ContentUsageError('upload-image needs --image <file.png|file.jpg>');
  }
  const status = args.option('status');
  if (args.command === 'feedback' && status !== undefined && status !== 'new' && status !== 'handled') {
    throw new ContentUsageError('--status must be new or handled');
  }
}

/** A JSON payload file, or a usage error naming what is wrong with it. */
export async function jsonFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new ContentUsageError(`cannot read ${path}: ${(error as Error).message}`);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ContentUsageError(`${path} is not valid JSON`);
  }
}

interface Item {
  id: string | number;
  name?: string;
  labelNameEn?: string;
  path?: string;
  url?: string;
  resourceType?: string;
  title?: string;
  contentType?: string;
  groupName?: string;
  term?: string;
  published?: boolean;
  status?: string;
  type?: number;
  sender?: string;
  content?: string;
}

function line(item: Item): string {
  const kind =
    item.contentType ?? item.groupName ?? item.term ?? (item.type === undefined ? '' : `type ${item.type}`);
  const state = item.status ?? (item.published === undefined ? '' : item.published ? 'published' : 'draft');
  const text =
    item.title ??
    ((item.name ?? item.labelNameEn)
      ? `${item.name ?? item.labelNameEn} ${item.path ?? item.url ?? ''}`
      : undefined) ??
    `${item.sender ?? ''}: ${item.content ?? ''}`;
  return [String(item.id).padStart(6), state.padEnd(10), kind.padEnd(12), text].join('  ').trimEnd();
}

function listLines(value: unknown): string[] {
  const items = Array.isArray(value) ? (value as Item[]) : (value as { items: Item[] }).items;
  return items.length === 0 ? ['(none)'] : items.map(line);
}

/** Runs one content command; returns the raw answer and the lines to print (escaped by the printer). */
export async function executeContent(
  send: Send,
  args: ContentArguments,
): Promise<{ value: unknown; lines: string[] }> {
  const { command } = args;
  const listCall = lists[command];
  if (listCall) {
    const value = await send(listCall, { query: args.page() });
    return { value, lines: listLines(value) };
  }
  if (command === 'feedback') {
    const status = args.option('status');
    const value = await send('opsFeedback', { query: { ...args.page(), ...(status ? { status } : {}) } });
    return { value, lines: listLines(value) };
  }
  const createCall = creates[command];
  if (createCall) {
    const value = await send(createCall, { body: await jsonFile(args.option('file')!) });
    return { value, lines: [line(value as Item)] };
  }
  const editCall = edits[command];
  if (editCall) {
    const value = await send(editCall, { id: args.id(), body: await jsonFile(args.option('file')!) });
    return { value, lines: [line(value as Item)] };
  }
  const actionCall = idActions[command];
  if (actionCall) {
    const value = await send(actionCall, { id: args.id() });
    // Deletions answer null: say what happened instead.
    return { value, lines: [value === null ? `${command} ${args.id()}: done` : line(value as Item)] };
  }
  if (command === 'upload-image') {
    const path = args.option('image')!;
    const bytes = await readFile(path).catch((error: unknown) => {
      throw new ContentUsageError(`cannot read ${path}: ${(error as Error).message}`);
    });
    const value = await send('opsContentImage', { body: { image: bytes.toString('base64') } });
    return { value, lines: [(value as { url: string }).url] };
  }
  throw new ContentUsageError(`unknown command ${command}`);
}

/** Whether an error is a usage mistake (exit code 2) rather than a refusal. */
export function isContentUsageError(error: unknown): error is Error {
  return error instanceof ContentUsageError;
}
