import type { Kysely } from 'kysely';
import type {
  MessagePage,
  messagePayload,
  MessageReadPayload,
  OperatorMessage,
  Page,
  UnreadCount,
} from '@portal/contracts';
import type { z } from 'zod';
import type { MerchantConfig } from '../system';
import { claimableCounts } from '../rewards';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { publishedOf, sanitizeContentHtml, type OperatorListQuery } from '../content';
import { isBlocked } from '../responsible-gaming';
import * as repo from './messages.repo';

/** Member messages (messageV2): inbox, read marks, unread badges, and operators' broadcast or targeted sends. */

type MessageInput = z.output<typeof messagePayload>;

/**
 * Whether the member's inbox shows broadcasts. Messages carry no marketing flag: a broadcast (to every
 * player of the merchant) is the marketing channel, a message addressed to the member (a feedback answer,
 * a targeted send) is service. A player on a break or self-excluded gets no marketing (issue 17), so no
 * broadcasts while the block lasts; they show again after it ends.
 */
async function broadcastsFor(db: Kysely<DB>, memberId: number): Promise<boolean> {
  return !(await isBlocked(db, memberId));
}

/** A member's inbox, newest first; HTML sanitized again on the way out. */
export async function inbox(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  query: { pageNo: number; pageSize: number; unreadOnly: 'true' | 'false' },
): Promise<MessagePage> {
  const { rows, total } = await repo.selectInbox(
    db,
    merchantId,
    memberId,
    query.unreadOnly === 'true',
    { page: query.pageNo, pageSize: query.pageSize },
    await broadcastsFor(db, memberId),
  );
  return {
    items: rows.map((row) => ({
      id: row.id.toString(),
      title: row.title,
      content: sanitizeContentHtml(row.content),
      sentAt: (row.starts_at ?? row.created_at).toISOString(),
      read: Boolean(row.read),
    })),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/**
 * The header and member-centre badges: unread messages, and the missions and other activities with
 * something to claim now.
 */
export async function unreadCount(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<UnreadCount> {
  const [messages, claimable] = await Promise.all([
    countUnreadMessages(db, merchant.id, memberId),
    claimableCounts({ db, merchant, memberId }),
  ]);
  return { missions: claimable.missions, messages, rewards: claimable.rewards };
}

/** How many live messages the member has not read (member info's count). */
export async function countUnreadMessages(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
): Promise<number> {
  return repo.countUnread(db, merchantId, memberId, await broadcastsFor(db, memberId));
}

/** Marks messages of the member's own inbox read; ids outside it are ignored, never an error that leaks. */
export async function markRead(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  payload: MessageReadPayload,
) {
  const ids = 'ids' in payload ? payload.ids.map((id) => BigInt(id)) : undefined;
  return { marked: await repo.markRead(db, merchantId, memberId, ids, await broadcastsFor(db, memberId)) };
}

function values(input: MessageInput): repo.MessageValues {
  const content = sanitizeContentHtml(input.content);
  if (content.trim() === '')
    throw new AppError('content_empty_after_sanitizing', 'The message has no allowed content');
  return {
    title: input.title,
    content,
    starts_at: input.startsAt ? new Date(input.startsAt) : null,
    ends_at: input.endsAt ? new Date(input.endsAt) : null,
  };
}

type OperatorRow = NonNullable<Awaited<ReturnType<typeof repo.selectMessageForOperator>>>;

function present(row: OperatorRow): OperatorMessage {
  return {
    id: row.id.toString(),
    title: row.title,
    content: row.content,
    audience: row.audience,
    recipients: Number(row.recipients),
    readers: Number(row.readers),
    published: row.published,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

async function messageOf(db: Kysely<DB>, merchantId: number, id: bigint) {
  const row = await repo.selectMessageForOperator(db, merchantId, id);
  if (!row) throw new AppError('message_not_found', 'No such message');
  return present(row);
}

/**
 * Creates a message, unpublished. Targeted messages name usernames of this merchant; any unknown name
 * refuses the whole send (message_recipient_unknown with the names), so nothing goes half-addressed.
 */
export async function createMessage(
  db: Kysely<DB>,
  author: { merchantId: number; operatorId: number },
  input: MessageInput,
) {
  const wanted = [...new Set(input.usernames.map((name) => name.toLowerCase()))];
  const members = wanted.length > 0 ? await repo.selectMembersByUsername(db, author.merchantId, wanted) : [];
  const found = new Set(members.map((member) => member.username.toLowerCase()));
  const unknown = wanted.filter((name) => !found.has(name));
  if (unknown.length > 0) {
    throw new AppError('message_recipient_unknown', `No such member: ${unknown.slice(0, 20).join(', ')}`, {
      usernames: unknown,
    });
  }
  const id = await repo.insertMessage(
    db,
    author.merchantId,
    author.operatorId,
    input.audience,
    values(input),
    members.map((member) => member.id),
  );
  return messageOf(db, author.merchantId, id);
}

/**
 * Edits a message's title, text and schedule. Recipients are fixed when it is created: a different
 * audience is refused (message_audience_fixed) rather than silently ignored; send a new message instead.
 */
export async function updateMessage(db: Kysely<DB>, merchantId: number, id: bigint, input: MessageInput) {
  const current = await messageOf(db, merchantId, id);
  if (current.audience !== input.audience) {
    throw new AppError('message_audience_fixed', 'A sent message keeps its audience; send a new message');
  }
  await repo.updateMessage(db, merchantId, id, values(input));
  return messageOf(db, merchantId, id);
}

/** Publishes or withdraws a message. */
export async function publishMessage(db: Kysely<DB>, merchantId: number, id: bigint, published: boolean) {
  if (!(await repo.setPublished(db, merchantId, id, published))) {
    throw new AppError('message_not_found', 'No such message');
  }
  return messageOf(db, merchantId, id);
}

/** Every message of the merchant with its recipient and reader counts, newest first. */
export async function listMessages(
  db: Kysely<DB>,
  merchantId: number,
  query: OperatorListQuery,
): Promise<Page<OperatorMessage>> {
  const { rows, total } = await repo.selectMessagesForOperator(
    db,
    merchantId,
    publishedOf(query.status),
    query,
  );
  return { items: rows.map(present), page: query.page, pageSize: query.pageSize, total };
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Plain text as the inbox's HTML: escaped, paragraphs at blank lines, line breaks kept. */
export function plainTextHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
  return escaped
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.trim().replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/**
 * Sends one member a published message of plain text (an operator's answer to their feedback), written
 * with `db` so that the caller's transaction holds it together with what it answers; its id.
 */
export function sendMemberMessage(
  db: Kysely<DB>,
  author: { merchantId: number; operatorId: number },
  memberId: number,
  message: { title: string; text: string },
): Promise<bigint> {
  return repo.insertMemberMessage(db, author.merchantId, author.operatorId, memberId, {
    title: message.title.slice(0, 200),
    content: sanitizeContentHtml(plainTextHtml(message.text)),
  });
}
