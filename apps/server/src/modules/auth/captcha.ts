import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './auth.repo';
import { randomCaptchaText, renderCaptchaPng } from './captcha-image';

/**
 * Image captchas: four characters drawn as distorted strokes over noise (captcha-image.ts, no font
 * needed at run time) and rendered to a PNG by resvg. The answer stays on the server, is single use (a
 * wrong try uses it up too) and expires after 5 minutes.
 */
const lifetimeMs = 5 * 60_000;

export interface CaptchaImage {
  id: string;
  pngBase64: string;
}

/** Draws a new captcha and stores its answer. */
export async function createCaptcha(db: Kysely<DB>): Promise<CaptchaImage> {
  const answer = randomCaptchaText();
  const png = renderCaptchaPng(answer);
  const id = randomUUID();
  await repo.insertCaptcha(db, id, answer, new Date(Date.now() + lifetimeMs));
  return { id, pngBase64: png.toString('base64') };
}

/** Uses up the captcha and tells whether the answer was right (case-insensitive). */
export async function consumeCaptcha(
  db: Kysely<DB>,
  id: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!id || !answer) return false;
  const used = await repo.useCaptcha(db, id);
  return used !== undefined && used.answer === answer.trim().toUpperCase();
}
