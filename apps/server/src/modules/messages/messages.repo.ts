import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import { windowOpen } from '../../db/publish-window';
import type { DB, MessagesTable } from '../../db/schema';

/** SQL of member messages (messageV2). Every player read is scoped to one merchant and one member. */

/**
 * Messages a member may read: this merchant's, live, and either broadcast or addressed to the member.
 * Without `broadcasts` (a player on a break or self-excluded: broadcasts are the marketing channel), only
 * those addressed to the member.
 */
function inboxOf(db: Kysely<DB>, merchantId: number, memberId: number, broadcasts: boolean) {
  return db
    .selectFrom('messages as m')
    .where('m.merchant_id', '=', merchantId)
    .where(windowOpen('m'))
    .where((eb) =>
      eb.or([
        ...(broadcasts ? [eb('m.audience', '=', 'broadcast')] : []),
        eb.exists(
          eb
            .selectFrom('message_recipients as r')
            .select('r.member_id')
            .whereRef('r.message_id', '=', 'm.id')
            .where('r.member_id', '=', memberId),
        ),
      ]),
    );
}

function readBy(memberId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from message_reads mr where mr.message_id = m.id and mr.member_id = ${memberId})`;
}

/** One page of a member's inbox, newest first, with read flags. */
export function selectInbox(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  unreadOnly: boolean,
  paging: PageRequest,
  broadcasts: boolean,
) {
  let query = inboxOf(db, merchantId, memberId, broadcasts);
  if (unreadOnly) query = query.where((eb) => eb.not(readBy(memberId)));
  const page = query
    .select(['m.id', 'm.title', 'm.content', 'm.starts_at', 'm.created_at'])
    .select(readBy(memberId).as('read'))
    .orderBy(sql`coalesce(m.starts_at, m.created_at)`, 'desc')
    .orderBy('m.id', 'desc');
  return selectPage(page, paging);
}

/** How many of a member's live messages are unread. */
export async function countUnread(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  broadcasts: boolean,
): Promise<number> {
  const row = await inboxOf(db, merchantId, memberId, broadcasts)
    .where((eb) => eb.not(readBy(memberId)))
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Marks messages read for a member: only those in the member's own inbox (ids of other members' or
 * merchants' messages are ignored), or the whole inbox when `ids` is undefined. Returns how many
 * became read now.
 */
export async function markRead(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  ids: bigint[] | undefined,
  broadcasts: boolean,
) {
  let inbox = inboxOf(db, merchantId, memberId, broadcasts).where((eb) => eb.not(readBy(memberId)));
  if (ids) inbox = inbox.where('m.id', 'in', ids);
  const result = await db
    .insertInto('message_reads')
    .columns(['message_id', 'member_id'])
    .expression(inbox.select(['m.id', sql<number>`${memberId}::integer`.as('member_id')]))
    .onConflict((conflict) => conflict.columns(['member_id', 'message_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export interface MessageValues {
  title: string;
  content: string;
  starts_at: Date | null;
  ends_at: Date | null;
}

/** Members of this merchant with these usernames (case-insensitive); unknown names are simply absent. */
export function selectMembersByUsername(db: Kysely<DB>, merchantId: number, usernames: string[]) {
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('merchant_id', '=', merchantId)
    .where(
      sql<string>`lower(username)`,
      'in',
      usernames.map((name) => name.toLowerCase()),
    )
    .execute();
}

/** Inserts a message (unpublished) and its recipients in one transaction. */
export function insertMessage(
  db: Kysely<DB>,
  merchantId: number,
  operatorId: number,
  audience: MessagesTable['audience'],
  values: MessageValues,
  memberIds: number[],
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('messages')
      .values({ ...values, audience, merchant_id: merchantId, created_by: operatorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (memberIds.length > 0) {
      await trx
        .insertInto('message_recipients')
        .values(memberIds.map((memberId) => ({ message_id: row.id, member_id: memberId })))
        .execute();
    }
    return row.id;
  });
}

/**
 * Inserts a published message to one member (a feedback answer) with `db`, which the caller's
 * transaction may be: the message and what it answers are written together.
 */
export async function insertMemberMessage(
  db: Kysely<DB>,
  merchantId: number,
  operatorId: number,
  memberId: number,
  values: { title: string; content: string },
) {
  const row = await db
    .insertInto('messages')
    .values({
      ...values,
      audience: 'members',
      published: true,
      merchant_id: merchantId,
      created_by: operatorId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('message_recipients').values({ message_id: row.id, member_id: memberId }).execute();
  return row.id;
}

export async function updateMessage(db: Kysely<DB>, merchantId: number, id: bigint, values: MessageValues) {
  const result = await db
    .updateTable('messages')
    .set({ ...values, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const operatorColumns = [
  'm.id',
  'm.title',
  'm.content',
  'm.audience',
  'm.published',
  'm.starts_at',
  'm.ends_at',
  'm.created_at',
] as const;

function withCounts(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('messages as m')
    .where('m.merchant_id', '=', merchantId)
    .select(operatorColumns)
    .select([
      sql<string>`(select count(*) from message_recipients r where r.message_id = m.id)`.as('recipients'),
      sql<string>`(select count(*) from message_reads mr where mr.message_id = m.id)`.as('readers'),
    ]);
}

export function selectMessageForOperator(db: Kysely<DB>, merchantId: number, id: bigint) {
  return withCounts(db, merchantId).where('m.id', '=', id).executeTakeFirst();
}

/**
 * A page of the merchant's messages (or of one publishing state) for the operator, newest first;
 * counted without the sub-selects.
 */
export function selectMessagesForOperator(
  db: Kysely<DB>,
  merchantId: number,
  published: boolean | undefined,
  paging: PageRequest,
) {
  let rows = withCounts(db, merchantId);
  let counted = db.selectFrom('messages').where('merchant_id', '=', merchantId);
  if (published !== undefined) {
    rows = rows.where('m.published', '=', published);
    counted = counted.where('published', '=', published);
  }
  return selectPage(rows.orderBy('m.id', 'desc'), paging, counted);
}

/** Publishes or unpublishes a message; false when the merchant has no such message. */
export async function setPublished(db: Kysely<DB>, merchantId: number, id: bigint, published: boolean) {
  const result = await db
    .updateTable('messages')
    .set({ published, updated_at: new Date() })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
