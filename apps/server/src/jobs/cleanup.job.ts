import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deleteExpiredIdentityRows } from './cleanup.repo';
import { defineJob } from './job-runner';

/**
 * Every 10 minutes (and at start): keeps the short-lived identity tables (captchas, nonces, login
 * failures, SMS codes, challenges, reset tokens) bounded. Idempotent; a missed run only leaves rows for
 * the next one.
 */
export function cleanupJob(db: Kysely<DB>) {
  return defineJob({
    name: 'cleanup',
    schedule: { everyMs: 10 * 60_000, runAtStart: true },
    async run({ log }) {
      const deleted = await deleteExpiredIdentityRows(db);
      if (deleted > 0) log.info({ deleted }, 'expired identity rows deleted');
    },
  });
}
