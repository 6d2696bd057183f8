import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ReadReplica, type ReadReplicaOptions } from './read-replica';
import { serialPlansOnly } from './serial-plans';
import type { DB } from './schema';
import { inUnitOfWork, unitOfWorkDialect, type RunUnit } from './unit-of-work';

// int8 columns (money in minor units, counts) arrive as bigint, never as a lossy float or a string.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => BigInt(text));

export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  /** Runs work as one transaction that every query of `db` joins meanwhile (db/unit-of-work.ts). */
  runUnit: RunUnit;
  /**
   * The handle for the heavy report reads only (histories, agent and operator reports, winner boards;
   * decision 0050): the streaming replica while its lag is within the bound, else `db`. Never for a
   * balance, anything a bet or payment decides on, or anything inside a transaction or unit of work
   * (there it is `db` anyway). Take it per request: the answer changes with the replica's state.
   */
  reads(): Kysely<DB>;
  /** The replica and its lag monitor, when DATABASE_REPLICA_URL is set. */
  replica: ReadReplica | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string;
  poolMax: number;
  statementTimeoutMs: number;
  applicationName?: string;
  /** A streaming replica for reads(); its pool has the same size and statement timeout as the primary's. */
  replica?: ReadReplicaOptions;
}

/** Opens the connection pool and the typed query builder over it. */
export function openDatabase(options: DatabaseOptions): Database {
  const applicationName = options.applicationName ?? 'portal';
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs,
    application_name: applicationName,
    options: serialPlansOnly,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const { dialect, runUnit } = unitOfWorkDialect(new PostgresDialect({ pool }));
  const db = new Kysely<DB>({ dialect });
  const replica = options.replica
    ? new ReadReplica(
        options.replica,
        {
          primaryUrl: options.url,
          poolMax: options.poolMax,
          statementTimeoutMs: options.statementTimeoutMs,
          applicationName,
        },
        pool,
      )
    : undefined;
  // Until the first poll has measured the lag, reads() answers the primary.
  void replica?.start();
  return {
    db,
    pool,
    runUnit,
    reads: () => (replica?.usable && !inUnitOfWork() ? replica.db : db),
    replica,
    async close() {
      await replica?.close();
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
