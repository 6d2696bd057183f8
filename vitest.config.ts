import { defineConfig } from 'vitest/config';

/**
 * Server files that follow the ledger (the agent rollups, points earning, the operator reports' rollup)
 * and assert that a run consumed everything. Their cursor stops below the oldest transaction running
 * anywhere in the PostgreSQL cluster (decision 0028), and transaction ids are the cluster's, not one
 * database's: a file running beside them holds that horizon back with its own open transactions. They run
 * one at a time, after the others, with nothing beside them.
 */
const followsTheLedger = [
  'apps/server/src/modules/agents/agents.test.ts',
  'apps/server/src/modules/agents/rollup.test.ts',
  'apps/server/src/modules/agents/settlement.test.ts',
  'apps/server/src/modules/players/players.test.ts',
  'apps/server/src/modules/points/earning.test.ts',
  'apps/server/src/modules/reports/reports.test.ts',
  'apps/server/src/modules/rewards/bonus-spending.test.ts',
];

const server = {
  globalSetup: ['apps/server/src/db/test-global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// One runner for the whole suite: pure contract rules, server integration tests (each file on its own
// database cloned from a migrated template, see apps/server/src/db/test-database.ts) and web unit tests.
export default defineConfig({
  test: {
    // Two files at a time. Vitest's default is one less than the cores, so one on a 2-core machine, where
    // a server file spends most of its time waiting for PostgreSQL: two at a time took npm test from
    // about 12.5 minutes to 6.5-8 here, server-ledger's files included (each file has its own database).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: followsTheLedger,
        },
      },
      {
        test: {
          ...server,
          name: 'server-ledger',
          include: followsTheLedger,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
