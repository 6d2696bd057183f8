import type { Kysely } from 'kysely';
import {
  feedbackLimits,
  feedbackTypes,
  type FeedbackType,
  type OperatorFeedback,
  type Page,
  type feedbackPayload,
} from '@portal/contracts';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../lib/storage';
import { consumeCaptcha } from '../auth';
import { sendMemberMessage } from '../messages';
import { checkedImages, contentTypeOfKey } from '../payments';
import * as repo from './feedback.repo';

/** Player feedback (PUT /wps/feedback, spec sections 3, 5 and 9) and the operator's queue. */

type Payload = z.output<typeof feedbackPayload>;

export interface FeedbackContext {
  db: Kysely<DB>;
  storage: FileStorage;
  merchantId: number;
  ip: string;
  /** The logged-in member, when the sender is one. */
  memberId: number | undefined;
}

function isBlank(value: string | number | undefined): boolean {
  return value === undefined || String(value).trim() === '';
}

/**
 * Spec section 5: the empty ones among question type, description and captcha (and the sender, for a
 * visitor) are answered together, joined by commas and followed by "is empty".
 */
function checkPresence(payload: Payload, member: { username: string } | undefined) {
  const missing: string[] = [];
  if (isBlank(payload.type)) missing.push('type');
  if (isBlank(payload.content)) missing.push('content');
  if (!member && isBlank(payload.sender)) missing.push('sender');
  if (isBlank(payload.captcha)) missing.push('captcha');
  if (missing.length > 0) {
    throw new AppError('feedback_fields_empty', `${missing.join(', ')} is empty`, { fields: missing });
  }
}

function questionType(value: string | number | undefined): FeedbackType {
  const type = Number(value);
  if (!feedbackTypes.includes(type as FeedbackType) || !/^\d$/.test(String(value).trim())) {
    throw new AppError('feedback_type_invalid', 'The question type must be 1, 2, 3, 4, 6 or 0');
  }
  return type as FeedbackType;
}

function description(value: string): string {
  const text = value.trim();
  const length = [...text].length;
  if (length < feedbackLimits.minLength || length > feedbackLimits.maxLength) {
    throw new AppError(
      'feedback_content_length',
      `The description must be between ${feedbackLimits.minLength} and ${feedbackLimits.maxLength} characters`,
      { min: feedbackLimits.minLength, max: feedbackLimits.maxLength, length },
    );
  }
  return text;
}

/**
 * Accepts feedback: fields present, question type known, description 20-200 characters, at most three
 * PNG or JPEG images of 5 MB, then the captcha (single use, so only after everything else passed), then
 * the images are stored and the row written.
 */
export async function submitFeedback(context: FeedbackContext, payload: Payload) {
  const member =
    context.memberId === undefined ? undefined : await repo.selectMember(context.db, context.memberId);
  checkPresence(payload, member);
  const type = questionType(payload.type);
  const content = description(payload.content!);
  const images = checkedImages(payload.images, {
    maxImages: feedbackLimits.maxImages,
    tooManyCode: 'feedback_too_many_images',
  });
  const sender = (payload.sender?.trim() || member?.username || '').slice(0, 200);
  if (!(await consumeCaptcha(context.db, payload.captchaId, payload.captcha))) {
    throw new AppError('captcha_invalid', 'The characters do not match the picture', { captcha: true });
  }
  const imageKeys: string[] = [];
  for (const image of images) imageKeys.push(await context.storage.put('feedback', image.bytes, image.type));
  const id = await repo.insertFeedback(context.db, {
    merchant_id: context.merchantId,
    member_id: member?.id ?? null,
    type,
    content,
    sender,
    image_keys: imageKeys,
    ip: context.ip,
  });
  return { id: id.toString() };
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.selectOneFeedback>>>;

function present(row: Row): OperatorFeedback {
  return {
    id: row.id.toString(),
    type: row.type,
    content: row.content,
    sender: row.sender,
    username: row.username,
    imageCount: row.image_keys.length,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    answer: row.answer,
    answeredAt: row.answered_at?.toISOString() ?? null,
  };
}

/** The operator's feedback queue, newest first. */
export async function listFeedback(
  db: Kysely<DB>,
  merchantId: number,
  query: { page: number; pageSize: number; status?: 'new' | 'handled' | undefined },
): Promise<Page<OperatorFeedback>> {
  const { rows, total } = await repo.selectFeedback(db, merchantId, query.status, query);
  return { items: rows.map(present), page: query.page, pageSize: query.pageSize, total };
}

/** Marks feedback handled (repeating it changes nothing). */
export async function handleFeedback(db: Kysely<DB>, merchantId: number, id: bigint, operatorId: number) {
  if (!(await repo.markHandled(db, merchantId, id, operatorId))) {
    throw new AppError('feedback_not_found', 'No such feedback');
  }
  return present((await repo.selectOneFeedback(db, merchantId, id))!);
}

/** The title of an answer in the member's inbox: "Re:" and the start of what they wrote. */
function answerTitle(content: string): string {
  const start = [...content].slice(0, 60).join('');
  return `Re: ${start}${start.length < content.length ? '…' : ''}`;
}

/**
 * Answers feedback: records the answer, marks it handled and, when a member sent it, puts the answer in
 * their inbox as a message, all in one transaction. A feedback is answered once (feedback_answered):
 * a message cannot be taken back, so a second answer is refused rather than sent twice.
 */
export async function answerFeedback(
  db: Kysely<DB>,
  author: { merchantId: number; operatorId: number },
  id: bigint,
  text: string,
) {
  return inTransaction(db, async (trx) => {
    const row = await repo.selectOneFeedback(trx, author.merchantId, id);
    if (!row) throw new AppError('feedback_not_found', 'No such feedback');
    if (row.answer !== null) throw new AppError('feedback_answered', 'This feedback has an answer already');
    const messageId =
      row.member_id === null
        ? null
        : await sendMemberMessage(trx, author, row.member_id, { title: answerTitle(row.content), text });
    if (
      !(await repo.recordAnswer(trx, author.merchantId, id, {
        operatorId: author.operatorId,
        text,
        messageId,
      }))
    ) {
      throw new AppError('feedback_answered', 'This feedback has an answer already');
    }
    return present((await repo.selectOneFeedback(trx, author.merchantId, id))!);
  });
}

/** One image of a feedback, with its content type. */
export async function feedbackImage(
  db: Kysely<DB>,
  storage: FileStorage,
  merchantId: number,
  id: bigint,
  index: number,
) {
  const row = await repo.selectOneFeedback(db, merchantId, id);
  const key = row?.image_keys[index];
  const bytes = key ? await storage.get(key) : undefined;
  if (!key || !bytes) throw new AppError('not_found', 'No such image');
  return { bytes, contentType: contentTypeOfKey(key) };
}
