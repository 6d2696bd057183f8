import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { unitOfWorkDialect, type RunUnit } from './unit-of-work';

// int8 columns (money in minor units, counts) arrive as bigint, never as a lossy float or a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => BigInt(text));

export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  /** Runs work as one transaction that every query of `db` joins meanwhile (db/unit-of-work.ts). */
  runUnit: RunUnit;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolMax: number;
  statementTimeoutMs: number;
  applicationName?: string;
}

/** Opens the connection pool and the typed query builder over it. */
export function openDatabase(options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs,
    application_name: options.applicationName ?? 'portal',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const { dialect, runUnit } = unitOfWorkDialect(new PostgresDialect({ pool }));
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    pool,
    runUnit,
    async close() {
      await db.destroy();
    },
  };
}

/** Checks that the server answers, with a clear one-line reason when it does not. */
export async function assertReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnreachableError(`${redactUrl(url)}: ${reason || 'connection refused'}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export class DatabaseUnreachableError extends Error {}

/** A connection string safe to print: the password is replaced. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured database';
  }
}
