import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { rollUpLedger } from '../modules/agents';
import { defineJob } from './job-runner';

/**
 * Every second: the ledger's new transfers become the agent centre's daily figures (decision 0028). Each
 * batch moves the cursor in its own transaction, so a crash or a second instance neither loses nor
 * doubles a figure; the advisory lock keeps the instances from queueing on the cursor.
 */
export function agentRollupsJob(db: Kysely<DB>, everyMs = 1_000) {
  return defineJob({
    name: 'agent-rollups',
    schedule: { everyMs, runAtStart: true },
    async run({ log }) {
      const rows = await rollUpLedger(db);
      if (rows > 0) log.debug({ rows }, 'ledger transfers rolled up');
    },
  });
}
