import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './auth.repo';

/**
 * A lock after repeated wrong secrets (operator passwords, payment passwords): `maxFailures` wrong tries
 * within `lockMs` lock the subject until `lockMs` after the last one. Failures live in login_failures
 * (cleaned by the cleanup job), so every instance sees the same count.
 */
export interface AttemptLimit {
  maxFailures: number;
  lockMs: number;
}

/** Seconds until the subject may try again; 0 when it may now. */
export async function lockedForSeconds(
  db: Kysely<DB>,
  merchantId: number,
  subject: string,
  limit: AttemptLimit,
): Promise<number> {
  const now = Date.now();
  const { failures, latest } = await repo.selectFailuresSince(
    db,
    merchantId,
    subject,
    new Date(now - limit.lockMs),
  );
  if (failures < limit.maxFailures || !latest) return 0;
  return Math.max(0, Math.ceil((latest.getTime() + limit.lockMs - now) / 1000));
}

/** Counts one wrong try under each subject. */
export function recordFailures(db: Kysely<DB>, merchantId: number, subjects: string[]): Promise<void> {
  return repo.insertFailures(db, merchantId, subjects);
}

/** Counts one wrong try. */
export function recordFailure(db: Kysely<DB>, merchantId: number, subject: string): Promise<void> {
  return recordFailures(db, merchantId, [subject]);
}

/** Wrong tries of a subject within the last `windowMs`. */
export async function failuresWithin(
  db: Kysely<DB>,
  merchantId: number,
  subject: string,
  windowMs: number,
): Promise<number> {
  const { failures } = await repo.selectFailuresSince(
    db,
    merchantId,
    subject,
    new Date(Date.now() - windowMs),
  );
  return failures;
}

/** A right secret forgives the earlier wrong tries. */
export function clearFailures(
  db: Kysely<DB>,
  merchantId: number,
  subjects: string | string[],
): Promise<void> {
  return repo.deleteFailures(db, merchantId, typeof subjects === 'string' ? [subjects] : subjects);
}
