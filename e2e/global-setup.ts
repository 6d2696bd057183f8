import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../apps/server/src/config';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { freePort } from '../apps/server/src/lib/process';
// @ts-expect-error the build script is plain JavaScript without type declarations
import { ensureWebBuild } from '../scripts/build-web.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function waitForReady(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become ready:\n${output()}`);
}

/** Builds the web app if needed, starts a fresh database and the real server process on free ports. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`no Chromium at ${chromiumPath}: install it with apt-get install -y chromium`);
  }
  (ensureWebBuild as () => boolean)();
  const dataDir = path.join(repoRoot, '.data', 'e2e');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const database = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    durable: false,
    log: () => undefined,
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url('portal'),
      LOG_LEVEL: 'warn',
      // The browser presents other countries' addresses through X-Forwarded-For in the region tests.
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '100000',
      // The payment journey pays through the built-in test gateway (off unless asked for).
      TEST_GATEWAY_ENABLED: 'true',
      // One-minute real-time salary windows, so the salary journey waits at most a minute for its window.
      AGENT_WINDOW_MINUTES: '1',
    },
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForReady(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    await database.stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', database.url('portal'));

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await database.stop();
    if (process.env.E2E_SERVER_LOG) process.stdout.write(output);
  };
}
