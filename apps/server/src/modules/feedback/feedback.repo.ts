import type { Kysely } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import type { DB } from '../../db/schema';

/** SQL of player feedback. */

export interface FeedbackValues {
  merchant_id: number;
  member_id: number | null;
  type: number;
  content: string;
  sender: string;
  image_keys: string[];
  ip: string;
}

export async function insertFeedback(db: Kysely<DB>, values: FeedbackValues) {
  const row = await db.insertInto('feedback').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const columns = [
  'f.id',
  'f.type',
  'f.content',
  'f.sender',
  'f.image_keys',
  'f.status',
  'f.created_at',
  'f.member_id',
  'f.answer',
  'f.answered_at',
  'm.username',
] as const;

/** A page of the merchant's feedback, newest first, optionally of one status. */
export function selectFeedback(
  db: Kysely<DB>,
  merchantId: number,
  status: 'new' | 'handled' | undefined,
  paging: PageRequest,
) {
  let query = db
    .selectFrom('feedback as f')
    .leftJoin('members as m', 'm.id', 'f.member_id')
    .where('f.merchant_id', '=', merchantId);
  if (status) query = query.where('f.status', '=', status);
  return selectPage(query.select(columns).orderBy('f.id', 'desc'), paging);
}

export function selectOneFeedback(db: Kysely<DB>, merchantId: number, id: bigint) {
  return db
    .selectFrom('feedback as f')
    .leftJoin('members as m', 'm.id', 'f.member_id')
    .select(columns)
    .where('f.merchant_id', '=', merchantId)
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export async function markHandled(db: Kysely<DB>, merchantId: number, id: bigint, operatorId: number) {
  const result = await db
    .updateTable('feedback')
    .set({ status: 'handled', handled_by: operatorId })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records an answer and marks the feedback handled, only if it has none yet (a racing second answer
 * finds none to update); false when there was nothing to answer.
 */
export async function recordAnswer(
  db: Kysely<DB>,
  merchantId: number,
  id: bigint,
  answer: { operatorId: number; text: string; messageId: bigint | null },
) {
  const result = await db
    .updateTable('feedback')
    .set({
      status: 'handled',
      handled_by: answer.operatorId,
      answer: answer.text,
      answered_at: new Date(),
      answer_message_id: answer.messageId,
    })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('answer', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The sender's account, when a member sends feedback. */
export function selectMember(db: Kysely<DB>, memberId: number) {
  return db.selectFrom('members').select(['id', 'username']).where('id', '=', memberId).executeTakeFirst();
}
