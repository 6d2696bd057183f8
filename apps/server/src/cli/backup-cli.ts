import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { BackupError, dumpDatabase, restoreDatabase, urlOfDatabase } from '../db/backup';
import { redactUrl } from '../db/database';
import { embeddedClusterDir, runningEmbedded, startEmbeddedPostgres } from '../db/embedded-postgres';
import { acquireDataDirLock } from '../db/lock';

/**
 * `npm run backup` and `npm run restore` (docs/operations.md): the portal's own configuration picks the
 * database, DATABASE_URL when set, else the embedded server under DATA_DIR. A running portal's embedded
 * server is used as it runs; when no portal runs, the command starts the embedded server itself (taking
 * the data directory's lock, so no portal starts meanwhile) and stops it when done.
 * Exit codes: 0 done, 1 refused or failed, 2 usage error.
 */
export const backupUsage = `Usage:
  npm run backup [-- --out <file>]
      pg_dump of the portal's database in custom format (-Fc); default file
      DATA_DIR/backups/<database>-<UTC time>.dump
  npm run restore -- <file> [--into <database>] [--replace]
      pg_restore into <database> on the same server (default: the portal's own database), created when
      missing; a database that already holds tables is refused unless --replace (drop and recreate it;
      refused while a portal is connected to it)
The database is DATABASE_URL's when set, else the embedded PostgreSQL under DATA_DIR.
`;

export interface BackupIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

class UsageError extends Error {}

interface Arguments {
  positional: string[];
  out?: string;
  into?: string;
  replace: boolean;
}

function parse(argv: string[]): Arguments {
  const parsed: Arguments = { positional: [], replace: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--replace') {
      parsed.replace = true;
    } else if (argument === '--out' || argument === '--into') {
      const value = argv[(index += 1)];
      if (value === undefined || value === '') throw new UsageError(`${argument} needs a value`);
      parsed[argument === '--out' ? 'out' : 'into'] = value;
    } else if (argument.startsWith('-')) {
      throw new UsageError(`unknown option ${argument}`);
    } else {
      parsed.positional.push(argument);
    }
  }
  return parsed;
}

interface Target {
  /** A URL of the portal's own database on the target server. */
  url: string;
  label: string;
  close(): Promise<void>;
}

/** The portal's database: DATABASE_URL's, a running portal's embedded server, or the embedded one started now. */
async function openTarget(config: Config, io: BackupIo, mustExist: boolean): Promise<Target> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, label: redactUrl(config.databaseUrl), close: async () => undefined };
  }
  const label = `the embedded PostgreSQL under ${config.dataDir}`;
  const running = await runningEmbedded(config.dataDir, config.embeddedPostgresPort);
  if (running) return { url: running('portal'), label, close: async () => undefined };
  const clusterDir = await embeddedClusterDir(config.dataDir);
  if (mustExist && !fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new BackupError(
      `no embedded database in ${clusterDir} yet: start the portal once, or set DATABASE_URL`,
    );
  }
  const releaseLock = acquireDataDirLock(config.dataDir);
  io.out(`no portal is running on ${config.dataDir}: starting its embedded PostgreSQL for this command\n`);
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPostgresPort,
      durable: true,
      log: (message) => io.out(`${message}\n`),
    });
    return {
      url: embedded.url('portal'),
      label,
      async close() {
        await embedded.stop();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

async function backup(config: Config, args: Arguments, io: BackupIo): Promise<void> {
  if (args.positional.length > 0 || args.into !== undefined || args.replace) {
    throw new UsageError('backup takes only --out <file>');
  }
  const target = await openTarget(config, io, true);
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.resolve(
      args.out ?? path.join(config.dataDir, 'backups', `${databaseOf(target.url)}-${stamp}.dump`),
    );
    if (fs.existsSync(file)) throw new BackupError(`${file} exists; choose another --out`);
    const result = await dumpDatabase({ url: target.url, file });
    io.out(
      `backup: ${result.file} (${Math.ceil(result.bytes / 1024)} KiB, ${result.objects} objects) of database ${databaseOf(target.url)} on ${target.label} in ${seconds(result.elapsedMs)}\n`,
    );
  } finally {
    await target.close();
  }
}

async function restore(config: Config, args: Arguments, io: BackupIo): Promise<void> {
  if (args.positional.length !== 1 || args.out !== undefined) {
    throw new UsageError('restore takes one backup file, and optionally --into <database> and --replace');
  }
  const file = path.resolve(args.positional[0]!);
  if (!fs.existsSync(file)) throw new BackupError(`no such backup file: ${file}`);
  const target = await openTarget(config, io, false);
  try {
    const into = args.into ?? databaseOf(target.url);
    const result = await restoreDatabase({ url: target.url, file, into, replace: args.replace });
    io.out(
      `restore: ${file} into database ${result.database} (${result.outcome}) on ${target.label} in ${seconds(result.elapsedMs)}\n`,
    );
    if (into !== databaseOf(target.url)) {
      io.out(
        `restore: to run a portal on it, set DATABASE_URL=${redactUrl(urlOfDatabase(target.url, into))}\n`,
      );
    }
  } finally {
    await target.close();
  }
}

/** Runs `backup` or `restore` with their arguments; answers the exit code. */
export async function runBackupCli(argv: string[], env: NodeJS.ProcessEnv, io: BackupIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const args = parse(rest);
    if (command !== 'backup' && command !== 'restore') throw new UsageError('backup or restore?');
    const config = loadConfig(env);
    await (command === 'backup' ? backup : restore)(config, args, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${command ?? 'backup'}: ${error.message}\n${backupUsage}`);
      return 2;
    }
    // BackupError, ConfigError, an unreachable server: one line, no stack.
    io.err(`${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
