import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, startTsChild, waitForOk, type Child } from './child';
import { findFreePort } from './free-port';

/** A server started for one benchmark, listening on loopback. */
export interface BenchServer {
  baseUrl: string;
  child: Child;
  /** Stops the process (SIGTERM) and removes whatever it left behind. Safe to call more than once. */
  stop(): Promise<void>;
  /** The portal's own database (embedded), for benchmarks that arrange or inspect data. */
  databaseUrl?: string;
}

const portalReadyTimeoutMs = 120_000;
const helloReadyTimeoutMs = 30_000;

/** High enough that the rate limiter counts every request but never answers 429 during a run. */
const unthrottledPerMinute = '100000000';

function isPostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL left running in our own throw-away directory (the portal was killed before it could stop
 * it) is stopped by its pid from postmaster.pid, so the directory can be removed.
 */
async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isPostgres(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isPostgres(pid)) process.kill(pid, 'SIGKILL');
}

async function removeDataDir(dataDir: string): Promise<void> {
  await stopLeftoverPostgres(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Starts the real portal process (`apps/server/src/main.ts`) with its own embedded PostgreSQL in a fresh
 * `.data/bench-<name>` directory, both on free ports, and waits for /readyz.
 */
export async function startPortal(
  name: string,
  environment: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = path.join(repoRoot, '.data', `bench-${name}`);
  await removeDataDir(dataDir);
  const [port, postgresPort] = [await findFreePort(), await findFreePort()];
  const child = startTsChild(`portal (${name})`, 'apps/server/src/main.ts', {
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(postgresPort),
    LOG_LEVEL: process.env.BENCH_PORTAL_LOG_LEVEL ?? 'warn',
    RATE_LIMIT_PER_MINUTE: unthrottledPerMinute,
    NODE_ENV: 'production',
    // The bench owns its database and needs no Redis: never inherit the caller's.
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    ...environment,
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await child.stop();
    await removeDataDir(dataDir);
  };
  try {
    await waitForOk(child, `${baseUrl}/readyz`, portalReadyTimeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${postgresPort}/portal`;
  return { baseUrl, child, stop, databaseUrl };
}

/** Starts the bare Fastify hello-world baseline (bench/lib/hello-server.ts) and waits for it. */
export async function startHello(): Promise<BenchServer> {
  const port = await findFreePort();
  const child = startTsChild('hello-world', 'bench/lib/hello-server.ts', { PORT: String(port) });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(child, `${baseUrl}/`, helloReadyTimeoutMs);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { baseUrl, child, stop: () => child.stop() };
}
