import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deleteExpiredIdentityRows, withAdvisoryLock } from './cleanup.repo';

/** Advisory-lock key of this job: one instance at a time cleans, whatever the number of instances. */
const cleanupLockKey = 7_001;
const intervalMs = 10 * 60_000;

/**
 * Keeps the short-lived identity tables (captchas, nonces, login failures, SMS codes, challenges,
 * reset tokens) bounded. Idempotent; a missed run only leaves rows for the next one.
 */
export function startCleanupJob(db: Kysely<DB>, log: FastifyBaseLogger): () => void {
  const run = () =>
    withAdvisoryLock(db, cleanupLockKey, async () => {
      const deleted = await deleteExpiredIdentityRows(db);
      if (deleted > 0) log.info({ deleted }, 'expired identity rows deleted');
    }).catch((error: unknown) => log.warn({ err: error }, 'cleanup failed; it runs again later'));
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
