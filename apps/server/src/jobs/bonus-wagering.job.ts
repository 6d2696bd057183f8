import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { refreshWagering } from '../modules/rewards';
import { defineJob } from './job-runner';

/**
 * Every 5 seconds: the wagering progress of the bonuses checked longest ago is brought up to date and
 * the bonuses whose wagering is met are released to the main wallet (decision 0030). A release is a
 * transfer keyed by its grant under the grant's row lock, so a second instance or a rerun moves nothing
 * twice; a player's own reads of the bonus wallet do the same for that player at once.
 */
export function bonusWageringJob(db: Kysely<DB>, everyMs = 5_000) {
  return defineJob({
    name: 'bonus-wagering',
    schedule: { everyMs, runAtStart: true },
    async run({ log }) {
      const released = await refreshWagering(db, { limit: 500 });
      if (released > 0) log.info({ released }, 'bonuses released');
    },
  });
}
