import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig, repoRoot } from '../config';
import { openDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import { acquireDataDirLock } from './lock';
import { freePort } from '../lib/process';
import { migrateToLatest } from './migrate';
import { seedDemo, seedDemoAccounts } from './seed-demo';
import { seedDemoVendors } from './seed-demo-vendors';
import { seedDemoGames } from './seed-demo-games';
import { seedDemoLotteries } from './seed-demo-lottery';
import { templateDatabase, withDatabase } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}

interface TestCluster {
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The server projects (`server`, and `server-ledger`, whose files run one at a time: vitest.config.ts)
 * share one cluster. Vitest loads a project's global setup through that project's own module runner, so
 * the sharing goes through the process's global object, with a count of the projects using it.
 */
const shared = globalThis as { portalTestCluster?: { started: Promise<TestCluster>; users: number } };

/**
 * Once per test run: a PostgreSQL server (embedded under .data/test, or the one DATABASE_URL names),
 * a template database migrated and seeded with the demo merchant, and its admin URL for test files.
 * Each test file then clones the template (see test-database.ts), so files never share state.
 */
export default async function setup(project: TestProject) {
  shared.portalTestCluster ??= { started: startTestCluster(), users: 0 };
  const entry = shared.portalTestCluster;
  entry.users += 1;
  const cluster = await entry.started;
  project.provide('databaseAdminUrl', cluster.adminUrl);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.portalTestCluster = undefined;
    await cluster.stop();
  };
}

async function startTestCluster(): Promise<TestCluster> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
  // TEST_DATA_DIR lets a second suite run beside the first in one working tree (own cluster and lock).
  const dataDir = process.env.TEST_DATA_DIR ?? path.join(repoRoot, '.data', 'test');
  // One suite per working tree at a time on the embedded cluster (a clear error for a second one).
  const releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(dataDir);
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dataDir,
        // A free port, so several suites (two clones, CI next to a developer) can run at once.
        port: await freePort(),
        durable: false,
        log: () => undefined,
      });
  const adminUrl = config.databaseUrl ?? embedded!.url('postgres');

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await dropTestDatabases(admin);
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const template = openDatabase({
    url: withDatabase(adminUrl, templateDatabase),
    poolMax: 2,
    statementTimeoutMs: 60_000,
  });
  try {
    await migrateToLatest(template.db);
    await seedDemo(template.db);
    await seedDemoAccounts(template.db);
    await seedDemoVendors(template.db);
    await seedDemoGames(template.db);
    await seedDemoLotteries(template.db);
  } finally {
    await template.close();
  }

  return {
    adminUrl,
    async stop() {
      await dropTestDatabases(admin);
      await admin.end();
      await embedded?.stop();
      releaseLock();
    },
  };
}

async function dropTestDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE 't\\_%'`,
    [templateDatabase],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
