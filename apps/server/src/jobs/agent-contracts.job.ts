import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { settleDue } from '../modules/agents';
import { defineJob } from './job-runner';

/**
 * Every 5 seconds: salaries and dividends of every period that has ended and that the rollups cover are
 * settled and paid (decision 0029), and daily salaries whose payday has come are paid. Each period is
 * settled in one transaction under a unique settlement row and each payout is keyed by contract, kind and
 * period, so a crash, a rerun or a second instance pays nothing twice.
 */
export function agentContractsJob(db: Kysely<DB>, everyMs = 5_000) {
  return defineJob({
    name: 'agent-contracts',
    schedule: { everyMs, runAtStart: true },
    async run({ now, log }) {
      const settled = await settleDue(db, now.getTime());
      for (const result of settled) {
        log.info(
          { period: result.periodKey, agents: result.agents, paid: result.paidMinor.toString() },
          'agent contract period settled',
        );
      }
    },
  });
}
