import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';

// Activity comments (issue 14, spec section 5): the limits (rules/comments.ts, exported with the rules)
// are checked by the images' content on the server.

/** A comment as written: the text (trimmed, 1 to 140 characters) and base64 images. */
export const activityCommentPayload = z.object({
  text: z.string(),
  /** Base64 of each image (PNG or JPEG by content, at most 5 MB); the server checks the bytes. */
  images: z.array(z.string().max(7_000_000)).max(10).default([]),
});
export type ActivityCommentPayload = z.input<typeof activityCommentPayload>;

export const activityComment = z.object({
  id: z.string(),
  /** The writer's name, masked (`pl***1`). */
  player: z.string(),
  text: z.string(),
  /** Addresses of the comment's images (GET /wps/rewards/comment-images/...). */
  images: z.array(z.string()),
  createdAt: z.string(),
  /** The caller wrote it. */
  mine: z.boolean(),
});
export type ActivityComment = z.infer<typeof activityComment>;

export const activityCommentQuery = pageQueryOf(50);
export const activityCommentPage = pageOf(activityComment);
export type ActivityCommentPage = z.infer<typeof activityCommentPage>;

/** The operator's view: the account, and whether it is hidden. */
export const operatorComment = activityComment.omit({ mine: true }).extend({
  activityId: z.string(),
  memberId: z.number().int(),
  account: z.string(),
  hidden: z.boolean(),
});
export type OperatorComment = z.infer<typeof operatorComment>;
export const operatorCommentQuery = pageQueryOf(100).extend({
  activityId: z
    .string()
    .regex(/^\d{1,12}$/, 'an activity id')
    .optional(),
});
export const operatorCommentPage = pageOf(operatorComment);
export const commentIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'a comment id') });
export const commentHideResult = z.object({ comment: operatorComment });
