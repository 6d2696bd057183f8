import { z } from 'zod';
import { maxHtmlLength } from './content';
import { pageOf, pageQuery } from './paging';
import { isOneLine, oneLineMessage } from './rules/control-characters';

/** Member messages (messageV2) and feedback (PUT /wps/feedback), with their operator calls. */

export const message = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string().describe('sanitized HTML'),
  sentAt: z.string(),
  read: z.boolean(),
});
export type Message = z.infer<typeof message>;

export const messageListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  unreadOnly: z.enum(['true', 'false']).default('false'),
});
export type MessageListQuery = z.input<typeof messageListQuery>;

export const messagePage = z.object({
  items: z.array(message),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type MessagePage = z.infer<typeof messagePage>;

/** Header and member-centre badges; missions and rewards read 0 until those features exist. */
export const unreadCount = z.object({
  missions: z.number().int(),
  messages: z.number().int(),
  rewards: z.number().int(),
});
export type UnreadCount = z.infer<typeof unreadCount>;

/** Marks the listed messages read, or all of the caller's messages with `all`. */
export const messageReadPayload = z.union([
  z.object({
    ids: z
      .array(z.string().regex(/^[1-9][0-9]{0,17}$/))
      .min(1)
      .max(100),
  }),
  z.object({ all: z.literal(true) }),
]);
export type MessageReadPayload = z.infer<typeof messageReadPayload>;
export const messageReadResult = z.object({ marked: z.number().int() });

export const messageAudiences = ['broadcast', 'members'] as const;

export const messagePayload = z
  .object({
    title: z.string().trim().min(1).max(200),
    content: z.string().max(maxHtmlLength),
    audience: z.enum(messageAudiences),
    /** Targeted messages: the recipients' usernames (of this merchant). */
    usernames: z.array(z.string().trim().min(1).max(64)).max(1000).default([]),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((value) => (value.audience === 'members') === value.usernames.length > 0, {
    message: 'targeted messages name their recipients; broadcasts name none',
    path: ['usernames'],
  })
  .refine(
    (value) => !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt),
    { message: 'must be after startsAt', path: ['endsAt'] },
  );
export type MessagePayload = z.input<typeof messagePayload>;

export const operatorMessage = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(messageAudiences),
  recipients: z.number().int(),
  readers: z.number().int(),
  published: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorMessage = z.infer<typeof operatorMessage>;
export const operatorMessagePage = pageOf(operatorMessage);

/** Spec section 3: question types 1 deposit, 2 withdrawal, 3 game, 4 customer, 6 applyAgent, 0 others. */
export const feedbackTypes = [1, 2, 3, 4, 6, 0] as const;
export type FeedbackType = (typeof feedbackTypes)[number];
/** Spec section 9: description 20 to 200 characters; up to 3 PNG or JPEG images of at most 5 MB. */
export const feedbackLimits = { minLength: 20, maxLength: 200, maxImages: 3, maxImageBytes: 5 * 1024 * 1024 };

/**
 * `PUT /wps/feedback`. Fields are optional here so that the server can answer the missing ones together
 * ("type, content is empty", spec section 5) instead of one schema error at a time.
 */
export const feedbackPayload = z.object({
  content: z.string().max(2000).optional(),
  sender: z.string().max(200).refine(isOneLine, oneLineMessage).optional(),
  type: z.union([z.number().int(), z.string().max(4)]).optional(),
  captcha: z.string().max(16).optional(),
  captchaId: z.string().max(64).optional(),
  images: z
    .array(
      z
        .string()
        .max(7_000_000)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64'),
    )
    .max(10)
    .default([]),
});
export type FeedbackPayload = z.input<typeof feedbackPayload>;
export const feedbackReceipt = z.object({ id: z.string() });

export const feedbackStatuses = ['new', 'handled'] as const;
export const operatorFeedback = z.object({
  id: z.string(),
  type: z.number().int(),
  content: z.string(),
  sender: z.string(),
  username: z.string().nullable(),
  imageCount: z.number().int(),
  status: z.enum(feedbackStatuses),
  createdAt: z.string(),
  /** The operator's answer, sent to a member's inbox as a message (null: none yet). */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type OperatorFeedback = z.infer<typeof operatorFeedback>;
export const operatorFeedbackPage = pageOf(operatorFeedback);
export const feedbackListQuery = pageQuery.extend({ status: z.enum(feedbackStatuses).optional() });
/** Longest answer to a feedback (plain text; it reaches the member as a message). */
export const feedbackAnswerMaxLength = 1000;
/** `POST /ops/feedback/:id/answer`: the answer, plain text. */
export const feedbackAnswerPayload = z.object({
  answer: z.string().trim().min(1).max(feedbackAnswerMaxLength),
});
export type FeedbackAnswerPayload = z.input<typeof feedbackAnswerPayload>;
export const feedbackImageParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/),
  index: z.coerce.number().int().min(0).max(2),
});
