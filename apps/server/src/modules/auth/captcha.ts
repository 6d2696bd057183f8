import { randomUUID } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import type { Kysely } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { DB } from '../../db/schema';
import * as repo from './auth.repo';

/**
 * Image captchas: svg-captcha draws distorted glyphs as paths with noise lines (no font needed at run
 * time) and resvg renders them to a PNG. The answer stays on the server, is single use (a wrong try uses
 * it up too) and expires after 5 minutes.
 */
const lifetimeMs = 5 * 60_000;

export interface CaptchaImage {
  id: string;
  pngBase64: string;
}

/** Draws a new captcha and stores its answer. */
export async function createCaptcha(db: Kysely<DB>): Promise<CaptchaImage> {
  const drawn = svgCaptcha.create({
    size: 4,
    noise: 3,
    charPreset: '23456789ABCDEFGHJKMNPQRSTUVWXYZ',
    width: 120,
    height: 44,
    background: '#f3f4f6',
  });
  const png = new Resvg(drawn.data, { fitTo: { mode: 'width', value: 240 } }).render().asPng();
  const id = randomUUID();
  await repo.insertCaptcha(db, id, drawn.text.toUpperCase(), new Date(Date.now() + lifetimeMs));
  return { id, pngBase64: Buffer.from(png).toString('base64') };
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
