import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { freePort } from '../lib/process';

const run = promisify(execFile);
const startTimeoutMs = 30_000;

/**
 * A real primary and streaming replica for the read-replica test (decision 0050): a dedicated embedded
 * PostgreSQL primary in its own directory, a standby made from it by pg_basebackup -R and started with
 * the embedded package's own `postgres` program, as the `postgres` system user when the tests run as
 * root (the user db/embedded-postgres.ts runs the primary as).
 */
export interface ReplicaPair {
  primary: EmbeddedPostgres;
  /** Connection string of a database on the replica. */
  replicaUrl(database: string): string;
  /**
   * The replica's server log: it logs every statement, each entry prefixed with the client's
   * application name and `|` (the portal's read pool is `portal-reads`).
   */
  replicaLog(): string;
  /** Stops the replica (a fast shutdown); the primary keeps running. */
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their directories. */
  close(): Promise<void>;
}

interface Binaries {
  postgres: string;
}

async function embeddedBinaries(): Promise<Binaries> {
  return (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as Binaries;
}

/** As root, PostgreSQL and its tools run as the `postgres` system user (it exists once the primary ran). */
function runAsIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
  };
}

/** The major version a PostgreSQL program reports: `postgres (PostgreSQL) 15.18` -> 15. */
function majorOf(program: string): number | undefined {
  try {
    const text = execFileSync(program, ['--version'], { stdio: 'pipe' }).toString();
    const match = /\(PostgreSQL\) (\d+)/.exec(text);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A pg_basebackup of the embedded server's major version (a standby needs the primary's major version,
 * and an older pg_basebackup refuses a newer server), or why there is none: the test then skips, naming it.
 */
export async function findBaseBackup(): Promise<{ program: string } | { missing: string }> {
  const { postgres } = await embeddedBinaries();
  const serverMajor = majorOf(postgres);
  if (serverMajor === undefined) return { missing: `cannot read the version of ${postgres}` };
  const candidates = [`/usr/lib/postgresql/${serverMajor}/bin/pg_basebackup`, 'pg_basebackup'];
  const found: string[] = [];
  for (const program of candidates) {
    const major = majorOf(program);
    if (major === serverMajor) return { program };
    if (major !== undefined) found.push(`${program} is ${major}`);
  }
  return {
    missing: `no pg_basebackup ${serverMajor} for the embedded PostgreSQL ${serverMajor} (${found.join('; ') || 'none found'})`,
  };
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The standby's server process, on loopback only, as many connections as the primary allows. */
async function startStandby(
  dir: string,
  port: number,
  password: string,
  maxConnections: string,
): Promise<ChildProcess> {
  const ids = runAsIds();
  const logFd = fs.openSync(path.join(path.dirname(dir), 'replica.log'), 'a');
  if (ids) fs.fchownSync(logFd, ids.uid, ids.gid);
  const child = spawn(
    (await embeddedBinaries()).postgres,
    [
      ...['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
      ...['-c', 'unix_socket_directories=', '-c', `max_connections=${maxConnections}`],
      ...['-c', 'log_statement=all', '-c', 'log_line_prefix=%a|'],
    ],
    { stdio: ['ignore', logFd, logFd], ...(ids ?? {}) },
  );
  fs.closeSync(logFd);
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + startTimeoutMs;
  while (!(await accepts(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = fs.readFileSync(path.join(path.dirname(dir), 'replica.log'), 'utf8');
      throw new Error(`the replica did not start: ${log.trim().split('\n').slice(-3).join(' | ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT'); // PostgreSQL's fast shutdown
  await exited;
}

/** Starts the pair under `baseDir` (created here, removed by close). */
export async function startReplicaPair(baseDir: string, basebackup: string): Promise<ReplicaPair> {
  fs.mkdirSync(baseDir, { recursive: true, mode: 0o755 });
  const primary = await startEmbeddedPostgres({
    dataDir: path.join(baseDir, 'primary'),
    port: await freePort(),
    durable: false,
    log: () => undefined,
  });
  let standby: ChildProcess | undefined;
  try {
    const primaryUrl = new URL(primary.url('postgres'));
    const password = decodeURIComponent(primaryUrl.password);
    const ids = runAsIds();
    const replicaDir = path.join(baseDir, 'standby');
    fs.mkdirSync(replicaDir, { mode: 0o700 });
    if (ids) fs.chownSync(replicaDir, ids.uid, ids.gid);
    // -R writes standby.signal and primary_conninfo (with these credentials); -c fast starts at once.
    const conninfo = `host=127.0.0.1 port=${primaryUrl.port} user=postgres password=${password}`;
    await run(basebackup, ['-d', conninfo, '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast'], {
      ...(ids ?? {}),
      env: { ...process.env, HOME: baseDir },
    }).catch((error: Error & { stderr?: string }) => {
      throw new Error(`pg_basebackup failed: ${error.stderr?.trim() || error.message}`);
    });
    // A standby refuses to start with fewer connections than its primary allows.
    const admin = new pg.Client({ connectionString: primary.url('postgres') });
    await admin.connect();
    const { rows } = await admin.query<{ max_connections: string }>('SHOW max_connections');
    await admin.end();
    const port = await freePort();
    standby = await startStandby(replicaDir, port, password, rows[0]!.max_connections);
    const running = standby;
    return {
      primary,
      replicaUrl: (database) =>
        `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
      replicaLog: () => fs.readFileSync(path.join(baseDir, 'replica.log'), 'utf8'),
      stopReplica: () => stopProcess(running),
      async close() {
        await stopProcess(running);
        await primary.stop();
        fs.rmSync(baseDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (standby) await stopProcess(standby);
    await primary.stop();
    fs.rmSync(baseDir, { recursive: true, force: true });
    throw error;
  }
}
