import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { applyAllDue } from '../modules/responsible-gaming';
import { defineJob } from './job-runner';

/**
 * Every minute: limit increases and removals whose 24-hour cooling-off has ended are applied (issue 17),
 * so the wallet's wager-time row holds them. Idempotent (a change applies under its row lock, once); a
 * player's own page and deposits apply their due changes at once as well.
 */
export function rgLimitsJob(db: Kysely<DB>, everyMs = 60_000) {
  return defineJob({
    name: 'rg-limits',
    schedule: { everyMs, runAtStart: true },
    async run({ log, now }) {
      const applied = await applyAllDue(db, now);
      if (applied > 0) log.info({ applied }, 'responsible-gaming limit changes applied');
    },
  });
}
