import type { Kysely } from 'kysely';
import {
  commentLimits,
  type ActivityComment,
  type ActivityCommentPage,
  type OperatorComment,
  type Page,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../lib/storage';
import { checkedImages } from '../payments';
import type { MerchantConfig } from '../system';
import * as repo from './comments.repo';
import { maskedName } from './reward-rules';

/**
 * Activity comments (issue 14, spec section 5): where an activity asks for them, a player writes 1 to 140
 * characters with up to three PNG or JPEG images of 5 MB, checked by their bytes before anything is
 * stored. Operators read every comment and hide the ones players should not see.
 */

export interface CommentContext {
  db: Kysely<DB>;
  storage: FileStorage;
  merchant: MerchantConfig;
  memberId: number;
}

/** Where a comment's image is served (GET /wps/rewards/comment-images/...). */
export const commentImageUrl = (key: string) => `/wps/rewards/comment-images/${key}`;
/** The storage folder of comment images: the only keys the image address serves. */
export const commentFolder = 'comments';

function present(row: repo.CommentRow, memberId: number | null): ActivityComment {
  return {
    id: String(row.id),
    player: maskedName(row.username),
    text: row.body,
    images: row.image_keys.map(commentImageUrl),
    createdAt: row.created_at.toISOString(),
    mine: row.member_id === memberId,
  };
}

async function commentable(db: Kysely<DB>, merchantId: number, activityId: bigint) {
  const activity = await repo.selectCommentable(db, merchantId, activityId);
  if (!activity) throw new AppError('activity_not_found', 'No such activity');
  return activity;
}

/** The text as stored: trimmed, 1 to 140 characters (counted as the player sees them). */
function commentText(text: string): string {
  const trimmed = text.trim();
  const length = [...trimmed].length;
  if (length < 1 || length > commentLimits.maxLength) {
    throw new AppError('comment_length', `A comment is 1 to ${commentLimits.maxLength} characters`, {
      max: commentLimits.maxLength,
      length,
    });
  }
  return trimmed;
}

/** An activity's visible comments, newest first. */
export async function listComments(
  context: Omit<CommentContext, 'storage'>,
  activityId: bigint,
  query: { page: number; pageSize: number },
): Promise<ActivityCommentPage> {
  await commentable(context.db, context.merchant.id, activityId);
  const { rows, total } = await repo.selectComments(context.db, {
    merchantId: context.merchant.id,
    activityId,
    visibleOnly: true,
    ...query,
  });
  return {
    items: rows.map((row) => present(row, context.memberId)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * Writes a comment: the activity takes comments and is not closed, the text and every image pass, and
 * only then are the images stored and the row written.
 */
export async function postComment(
  context: CommentContext,
  activityId: bigint,
  payload: { text: string; images: string[] },
): Promise<ActivityComment> {
  const activity = await commentable(context.db, context.merchant.id, activityId);
  if (!activity.allow_comments || activity.closed_at !== null) {
    throw new AppError('activity_comments_off', 'This activity does not take comments');
  }
  const body = commentText(payload.text);
  const images = checkedImages(payload.images, {
    maxImages: commentLimits.maxImages,
    tooManyCode: 'comment_too_many_images',
  });
  const imageKeys: string[] = [];
  for (const image of images)
    imageKeys.push(await context.storage.put(commentFolder, image.bytes, image.type));
  const { id } = await repo.insertComment(context.db, {
    activityId,
    merchantId: context.merchant.id,
    memberId: context.memberId,
    body,
    imageKeys,
  });
  const row = await repo.selectComment(context.db, context.merchant.id, id);
  return present(row!, context.memberId);
}

function presentForOperator(row: repo.CommentRow): OperatorComment {
  const { mine: _mine, ...comment } = present(row, null);
  return {
    ...comment,
    activityId: String(row.activity_id),
    memberId: row.member_id,
    account: row.username,
    hidden: row.hidden_at !== null,
  };
}

/** Every comment of the merchant (or of one activity), hidden ones included, newest first. */
export async function operatorComments(
  db: Kysely<DB>,
  merchantId: number,
  query: { page: number; pageSize: number; activityId?: string | undefined },
): Promise<Page<OperatorComment>> {
  const { rows, total } = await repo.selectComments(db, {
    merchantId,
    ...(query.activityId === undefined ? {} : { activityId: BigInt(query.activityId) }),
    visibleOnly: false,
    page: query.page,
    pageSize: query.pageSize,
  });
  return { items: rows.map(presentForOperator), page: query.page, pageSize: query.pageSize, total };
}

/** Hides a comment from players; hiding it again changes nothing. */
export async function hideComment(db: Kysely<DB>, merchantId: number, id: bigint, operatorId: number) {
  const row = await repo.selectComment(db, merchantId, id);
  if (!row) throw new AppError('comment_not_found', 'No such comment');
  await repo.hideComment(db, merchantId, id, operatorId);
  return { comment: presentForOperator((await repo.selectComment(db, merchantId, id))!) };
}
