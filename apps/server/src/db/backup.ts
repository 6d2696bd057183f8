import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Backups with PostgreSQL's own tools (`npm run backup`, `npm run restore`; docs/operations.md): pg_dump in
 * custom format (-Fc: compressed, restorable object by object) and pg_restore into a new or empty
 * database, in one transaction. The tools come from PATH (Debian's postgresql-client, version 15, the
 * version of the embedded server and of CI's; decision 0049).
 */
export class BackupError extends Error {}

export type PgTool = 'pg_dump' | 'pg_restore';

/** The tool's path on PATH, or undefined when it is not installed. */
export function findPgTool(tool: PgTool, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const directory of searchPath.split(path.delimiter)) {
    if (directory === '') continue;
    const candidate = path.join(directory, tool);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

function needTool(tool: PgTool): string {
  const found = findPgTool(tool);
  if (found === undefined) {
    throw new BackupError(
      `${tool} not found on PATH; install PostgreSQL 15's client tools (Debian: apt-get install postgresql-client)`,
    );
  }
  return found;
}

/**
 * The tools get the connection without its password (which would show in `ps`); the password goes
 * through PGPASSWORD, and -w makes them fail instead of prompting.
 */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/** Runs a tool to the end; a failure becomes one line: the tool's last error line. */
function run(executable: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', (error) => reject(new BackupError(`${executable}: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(stdout).toString());
      const lines = Buffer.concat(stderr).toString().trim().split('\n').filter(Boolean);
      const reason = lines.findLast((line) => /error|fatal|abort/i.test(line)) ?? lines.at(-1);
      reject(new BackupError(`${path.basename(executable)} failed: ${reason ?? `exit code ${code}`}`));
    });
  });
}

export interface DumpResult {
  file: string;
  bytes: number;
  /** Entries in the archive's table of contents (tables, data, indexes, functions...). */
  objects: number;
  elapsedMs: number;
}

/**
 * Dumps `url`'s database to `file` (custom format). It is written to `file.partial` and renamed when the
 * archive lists cleanly, so a file under the final name is always a whole backup. `snapshot` (from
 * pg_export_snapshot()) makes the dump see exactly what that transaction sees.
 */
export async function dumpDatabase(options: {
  url: string;
  file: string;
  snapshot?: string;
}): Promise<DumpResult> {
  const pgDump = needTool('pg_dump');
  const started = Date.now();
  const { dbname, env } = connectionOf(options.url);
  const partial = `${options.file}.partial`;
  fs.mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
  try {
    await run(
      pgDump,
      [
        '--format=custom',
        `--file=${partial}`,
        '--no-password',
        // Never queue forever behind an exclusive lock (a migration): fail and say so.
        '--lock-wait-timeout=60s',
        ...(options.snapshot ? [`--snapshot=${options.snapshot}`] : []),
        `--dbname=${dbname}`,
      ],
      env,
    );
    const objects = await countArchiveObjects(partial);
    fs.renameSync(partial, options.file);
    return {
      file: options.file,
      bytes: fs.statSync(options.file).size,
      objects,
      elapsedMs: Date.now() - started,
    };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Reads the archive's table of contents: proves the file is a whole custom-format archive. */
export async function countArchiveObjects(file: string): Promise<number> {
  const listing = await run(needTool('pg_restore'), ['--list', file], process.env);
  return listing.split('\n').filter((line) => /^\d+;/.test(line)).length;
}

const databaseName = /^[a-z_][a-z0-9_]{0,62}$/;

/** The same server and credentials, another database. */
export function urlOfDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Tables, views and sequences outside PostgreSQL's own schemas: zero for a newly created database. */
async function countUserRelations(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'`,
  );
  return Number(rows[0]!.count);
}

/** Opens `database` when it exists; undefined when it does not. */
async function connectIfExists(url: string, database: string): Promise<pg.Client | undefined> {
  const client = new pg.Client({
    connectionString: urlOfDatabase(url, database),
    connectionTimeoutMillis: 10_000,
  });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    if ((error as { code?: string }).code === '3D000') return undefined; // invalid_catalog_name
    throw new BackupError(`cannot connect to database ${database}: ${(error as Error).message}`);
  }
}

/**
 * Runs CREATE or DROP DATABASE `into` from the database `url` names, or from `postgres` when that is
 * `into` itself (a database cannot drop itself).
 */
async function administer(url: string, into: string, statement: string): Promise<void> {
  const from = decodeURIComponent(new URL(url).pathname.slice(1));
  const adminUrl = from === '' || from === into ? urlOfDatabase(url, 'postgres') : url;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
    await admin.query(statement);
  } catch (error) {
    throw new BackupError((error as Error).message);
  } finally {
    await admin.end().catch(() => undefined);
  }
}

export interface RestoreOptions {
  /** Any database on the target server, for its address and credentials. */
  url: string;
  file: string;
  into: string;
  /** Drop and recreate `into` when it holds tables (refused while anyone is connected to it). */
  replace: boolean;
}

export interface RestoreResult {
  database: string;
  outcome: 'created' | 'was empty' | 'replaced';
  elapsedMs: number;
}

/**
 * Restores `file` into the database `into` on the server of `url`: created when missing, refused when it
 * already holds tables unless `replace`, in one transaction so a failure leaves nothing behind (a database
 * this call created is dropped again). A replacement is restored beside the old database first and swapped
 * in only when whole, so a failed restore leaves the old one as it was. Objects are owned by the restoring
 * user and grants are not restored: the portal connects as one user.
 */
export async function restoreDatabase(options: RestoreOptions): Promise<RestoreResult> {
  const pgRestore = needTool('pg_restore');
  if (!databaseName.test(options.into)) {
    throw new BackupError(
      `invalid database name "${options.into}" (lower-case letters, digits and _, up to 63)`,
    );
  }
  if (!fs.existsSync(options.file)) throw new BackupError(`no such backup file: ${options.file}`);
  await countArchiveObjects(options.file).catch((error: unknown) => {
    throw new BackupError(`${options.file} is not a custom-format backup: ${(error as Error).message}`);
  });
  const started = Date.now();
  const outcome = await prepareTarget(options);
  const staging =
    outcome === 'replaced'
      ? `${options.into.slice(0, 40)}_restoring_${randomBytes(4).toString('hex')}`
      : options.into;
  if (staging !== options.into) await administer(options.url, staging, `CREATE DATABASE ${staging}`);
  const { dbname, env } = connectionOf(urlOfDatabase(options.url, staging));
  try {
    await run(
      pgRestore,
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        '--no-password',
        `--dbname=${dbname}`,
        options.file,
      ],
      env,
    );
    if (staging !== options.into) await swapIn(options, staging);
  } catch (error) {
    if (outcome !== 'was empty') {
      await administer(options.url, staging, `DROP DATABASE IF EXISTS ${staging}`).catch(() => undefined);
    }
    throw error;
  }
  return { database: options.into, outcome, elapsedMs: Date.now() - started };
}

/** Replaces `into` by the restored `staging` database. */
async function swapIn(options: RestoreOptions, staging: string): Promise<void> {
  // Without FORCE: a database someone connected to meanwhile is refused, not cut off.
  await administer(options.url, options.into, `DROP DATABASE ${options.into}`).catch((error: unknown) => {
    throw new BackupError(`cannot replace database ${options.into}: ${(error as Error).message}`);
  });
  await administer(options.url, staging, `ALTER DATABASE ${staging} RENAME TO ${options.into}`);
}

/**
 * Creates `into` when missing; checks an existing one is empty, or, with `replace`, that nobody is
 * connected to it (a running portal), before the restore's work starts.
 */
async function prepareTarget(options: RestoreOptions): Promise<RestoreResult['outcome']> {
  const existing = await connectIfExists(options.url, options.into);
  if (existing === undefined) {
    await administer(options.url, options.into, `CREATE DATABASE ${options.into}`);
    return 'created';
  }
  try {
    const relations = await countUserRelations(existing);
    if (relations === 0) return 'was empty';
    if (!options.replace) {
      throw new BackupError(
        `database ${options.into} is not empty (${relations} tables, views and sequences); restore into a new one with --into <name>, or stop the portal and pass --replace to drop and recreate it`,
      );
    }
    const { rows } = await existing.query<{ count: string }>(
      'select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const connections = Number(rows[0]!.count);
    if (connections > 0) {
      throw new BackupError(
        `cannot replace database ${options.into}: ${connections} other connections to it (stop the portal first)`,
      );
    }
    return 'replaced';
  } finally {
    await existing.end();
  }
}
