import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config';
import { freePort } from './lib/process';
import { startServer } from './test/server-process';
import { embeddedClusterDir } from './db/embedded-postgres';
import { createTestDatabase } from './db/test-database';
import { hashPassword } from './modules/auth/passwords';

describe('the server process', () => {
  it('exits with one clear line when DATABASE_URL is unreachable', async () => {
    const port = await freePort();
    const { exited } = startServer({ DATABASE_URL: `postgres://portal@127.0.0.1:${port}/portal`, PORT: '0' });
    const run = await exited;
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^portal: postgres:\/\/portal@127\.0\.0\.1:\d+\/portal: .*ECONNREFUSED/);
  });

  it('exits with one clear line on invalid configuration', async () => {
    const run = await startServer({ PORT: 'eighty' }).exited;
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^portal: invalid configuration: PORT: /);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a second start on the same data directory, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = path.join(repoRoot, '.data', `test-main-${randomBytes(4).toString('hex')}`);
    // A cluster of another major version (PostgreSQL 18's, before decision 0049) is left alone, with a line.
    fs.mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
    const environment = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_DEMO: 'false',
    };
    const first = startServer(environment);
    try {
      await expect
        .poll(() => first.run.stdout, { timeout: 60_000, interval: 100 })
        .toContain('Portal is running');
      expect(first.run.stdout).toContain(`PostgreSQL 18 data in ${path.join(dataDir, 'pg')} left alone`);
      expect(fs.readdirSync(path.join(dataDir, 'pg'))).toEqual(['PG_VERSION']);
      const response = await fetch(`http://127.0.0.1:${environment.PORT}/readyz`);
      expect(response.status).toBe(200);

      const second = await startServer({ ...environment, PORT: String(await freePort()) }).exited;
      expect(second.code).toBe(1);
      expect(second.stderr.trim()).toMatch(
        /^portal: another portal \(pid \d+\) is already running on data directory/,
      );

      first.child.kill('SIGTERM');
      const run = await first.exited;
      expect(run.code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'portal.pid'))).toBe(false);
      const clusterDir = await embeddedClusterDir(dataDir);
      expect(fs.existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
      expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);
    } finally {
      first.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a production start while a demo login still opens with its published password', async () => {
    const database = await createTestDatabase();
    try {
      const environment = { DATABASE_URL: database.url, PORT: '0', SEED_DEMO: 'false' };
      const run = await startServer(environment).exited;
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(
        /^portal: demo logins still open with their published passwords \(player1, agent1, newbie1, operator admin\)/,
      );
      // Changing the published passwords is what lets it start.
      const changed = await hashPassword(randomBytes(16).toString('hex'));
      await database.db.updateTable('members').set({ password_hash: changed }).execute();
      await database.db.updateTable('operators').set({ password_hash: changed }).execute();
      const started = startServer({ ...environment, PORT: String(await freePort()) });
      try {
        await expect
          .poll(() => started.run.stdout + started.run.stderr, { timeout: 60_000, interval: 100 })
          .toContain('Portal is running');
      } finally {
        started.child.kill('SIGTERM');
        await started.exited;
      }
    } finally {
      await database.drop();
    }
  }, 90_000);
});
