import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The SQL of activity comments (migration 0019). */

export function selectCommentable(db: Db, merchantId: number, activityId: bigint) {
  return db
    .selectFrom('reward_activities')
    .select(['id', 'allow_comments', 'closed_at'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', activityId)
    .executeTakeFirst();
}

export function insertComment(
  db: Db,
  values: { activityId: bigint; merchantId: number; memberId: number; body: string; imageKeys: string[] },
) {
  return db
    .insertInto('reward_activity_comments')
    .values({
      activity_id: values.activityId,
      merchant_id: values.merchantId,
      member_id: values.memberId,
      body: values.body,
      image_keys: values.imageKeys,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

interface CommentFilter {
  merchantId: number;
  activityId?: bigint;
  /** Only the comments players see. */
  visibleOnly: boolean;
  page: number;
  pageSize: number;
}

/** A page of comments, newest first, with the writer's account and the total. */
export async function selectComments(db: Db, filter: CommentFilter) {
  let query = db
    .selectFrom('reward_activity_comments as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .where('c.merchant_id', '=', filter.merchantId);
  if (filter.activityId !== undefined) query = query.where('c.activity_id', '=', filter.activityId);
  if (filter.visibleOnly) query = query.where('c.hidden_at', 'is', null);
  const rows = await query
    .select([
      'c.id',
      'c.activity_id',
      'c.member_id',
      'c.body',
      'c.image_keys',
      'c.hidden_at',
      'c.created_at',
      'm.username',
    ])
    .orderBy('c.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const { total } = await query
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total) };
}

export type CommentRow = Awaited<ReturnType<typeof selectComments>>['rows'][number];

export function selectComment(db: Db, merchantId: number, id: bigint) {
  return db
    .selectFrom('reward_activity_comments as c')
    .innerJoin('members as m', 'm.id', 'c.member_id')
    .select([
      'c.id',
      'c.activity_id',
      'c.member_id',
      'c.body',
      'c.image_keys',
      'c.hidden_at',
      'c.created_at',
      'm.username',
    ])
    .where('c.merchant_id', '=', merchantId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

/** Hides a comment once; the first hide's time and operator stay. */
export function hideComment(db: Db, merchantId: number, id: bigint, operatorId: number) {
  return db
    .updateTable('reward_activity_comments')
    .set({ hidden_at: new Date(), hidden_by: operatorId })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
}
