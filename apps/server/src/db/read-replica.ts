import {
  Kysely,
  PostgresDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';
import { serialPlansOnly } from './serial-plans';

/**
 * A streaming replica for the heavy reads (decision 0050): histories, agent and operator reports,
 * winner boards. The replica is used only while a poll has shown it at most `maxLagMs` behind the
 * primary; otherwise, and whenever it cannot be reached, those reads go to the primary.
 */

/** Where the replica stands: only `in_use` sends reads there. */
export type ReplicaState = 'starting' | 'in_use' | 'lagging' | 'unreachable' | 'not_a_replica';

export interface ReplicaStatus {
  state: ReplicaState;
  /**
   * Now: how long ago the primary was at the newest position the replica has been seen to replay (an
   * upper bound on how much a read there can miss).
   */
  lagMs: number | undefined;
}

export interface ReadReplicaOptions {
  url: string;
  /** The bound: a replica further behind than this is not read. */
  maxLagMs: number;
  /** How often the lag is measured. */
  pollIntervalMs?: number;
  /** Called when the state changes (main.ts logs it). */
  onStateChange?: (status: ReplicaStatus, reason: string) => void;
}

export interface ReplicaPoolOptions {
  primaryUrl: string;
  poolMax: number;
  statementTimeoutMs: number;
  applicationName: string;
}

const defaultPollIntervalMs = 1_000;
/** A poll that takes longer than this counts as an unreachable replica (or primary). */
const pollQueryTimeoutMs = 2_000;
/** A report waits at most this long for a replica connection before it reads the primary instead. */
const replicaConnectTimeoutMs = 2_000;

interface PositionSample {
  atMs: number;
  lsn: bigint;
}

/** A WAL position `16/B374D848` as one number. */
export function lsnValue(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** One query on a one-connection monitor pool, cut off after pollQueryTimeoutMs. */
async function monitorQuery<Row extends pg.QueryResultRow>(pool: pg.Pool, text: string): Promise<Row> {
  const result = await pool.query<Row>({ text, query_timeout: pollQueryTimeoutMs } as pg.QueryConfig);
  return result.rows[0]!;
}

/**
 * The replica's pool, its Kysely and the lag monitor. The lag is measured by WAL positions, not by
 * pg_last_xact_replay_timestamp() (which grows while an idle primary commits nothing): every poll
 * notes the primary's current position and when it was asked, then reads how far the replica has
 * replayed; the lag is the age of the newest noted position the replica has reached. Everything
 * committed on the primary before that moment is visible on the replica, so a read sent there while
 * the moment is at most maxLagMs old misses nothing committed longer ago than that. The age grows
 * between polls, so a monitor that stalls stops the reads going there too.
 */
export class ReadReplica {
  readonly db: Kysely<DB>;
  private readonly readPool: pg.Pool;
  private readonly replicaMonitor: pg.Pool;
  private readonly primaryMonitor: pg.Pool;
  private readonly pollIntervalMs: number;
  private samples: PositionSample[] = [];
  /** The last verdict, and when the primary was at the newest position the replica had replayed. */
  private verdict: { state: ReplicaState; reachedAtMs: number | undefined } = {
    state: 'starting',
    reachedAtMs: undefined,
  };
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly options: ReadReplicaOptions,
    pools: ReplicaPoolOptions,
    primaryPool: pg.Pool,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? defaultPollIntervalMs;
    this.readPool = new pg.Pool({
      connectionString: options.url,
      max: pools.poolMax,
      connectionTimeoutMillis: replicaConnectTimeoutMs,
      idleTimeoutMillis: 30_000,
      statement_timeout: pools.statementTimeoutMs,
      application_name: `${pools.applicationName}-reads`,
      options: serialPlansOnly,
    });
    const monitorPool = (url: string, name: string) =>
      new pg.Pool({
        connectionString: url,
        max: 1,
        connectionTimeoutMillis: pollQueryTimeoutMs,
        idleTimeoutMillis: Math.max(30_000, this.pollIntervalMs * 3),
        application_name: `${pools.applicationName}-${name}`,
      });
    this.replicaMonitor = monitorPool(options.url, 'replica-monitor');
    this.primaryMonitor = monitorPool(pools.primaryUrl, 'lag-monitor');
    // A replica that goes away must not crash the process; the pools replace their clients.
    for (const pool of [this.readPool, this.replicaMonitor, this.primaryMonitor]) {
      pool.on('error', () => undefined);
    }
    this.db = new Kysely<DB>({
      dialect: fallbackDialect(this.readPool, primaryPool, (error) =>
        this.setState('unreachable', undefined, `connecting to the replica failed: ${reasonOf(error)}`),
      ),
    });
  }

  /** True while reads may go to the replica. */
  get usable(): boolean {
    return this.status().state === 'in_use';
  }

  status(): ReplicaStatus {
    const { state, reachedAtMs } = this.verdict;
    const lagMs = reachedAtMs === undefined ? undefined : Date.now() - reachedAtMs;
    if (state === 'in_use' && lagMs !== undefined && lagMs > this.options.maxLagMs) {
      return { state: 'lagging', lagMs };
    }
    return { state, lagMs };
  }

  /** Measures the lag now and then every pollIntervalMs; resolves after the first measurement. */
  async start(): Promise<void> {
    await this.pollOnce();
    this.timer = setInterval(() => void this.pollOnce(), this.pollIntervalMs);
    this.timer.unref();
  }

  /** One measurement (never two at once). */
  pollOnce(): Promise<void> {
    this.polling ??= this.measure().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
    await this.db.destroy();
    await Promise.all([this.replicaMonitor.end(), this.primaryMonitor.end()]);
  }

  private async measure(): Promise<void> {
    let replayed: { in_recovery: boolean; replay_lsn: string | null };
    try {
      const atMs = Date.now();
      // The insert position: a commit returns after its record is inserted, even when it is not yet
      // flushed (synchronous_commit off), so every commit made before atMs lies at or before it.
      const primary = await monitorQuery<{ lsn: string }>(
        this.primaryMonitor,
        'SELECT pg_current_wal_insert_lsn()::text AS lsn',
      );
      this.note({ atMs, lsn: lsnValue(primary.lsn) });
      replayed = await monitorQuery(
        this.replicaMonitor,
        'SELECT pg_is_in_recovery() AS in_recovery, pg_last_wal_replay_lsn()::text AS replay_lsn',
      );
    } catch (error) {
      this.setState('unreachable', undefined, `lag poll failed: ${reasonOf(error)}`);
      return;
    }
    if (!replayed.in_recovery || replayed.replay_lsn === null) {
      this.setState('not_a_replica', undefined, 'DATABASE_REPLICA_URL is not a server in recovery');
      return;
    }
    const replayLsn = lsnValue(replayed.replay_lsn);
    const reached = this.samples.filter((sample) => sample.lsn <= replayLsn).at(-1);
    // Behind every noted position: at least as old as the oldest of them, which is older than the bound.
    const reachedAtMs = (reached ?? this.samples[0]!).atMs;
    const lagMs = Date.now() - reachedAtMs;
    if (reached && lagMs <= this.options.maxLagMs) {
      this.setState('in_use', reachedAtMs, 'lag within the bound');
    } else {
      this.setState('lagging', reachedAtMs, `${lagMs} ms behind (bound ${this.options.maxLagMs} ms)`);
    }
  }

  /** Keeps the samples of the last maxLagMs + two polls: an older one can only prove a lag over the bound. */
  private note(sample: PositionSample): void {
    this.samples.push(sample);
    const keepAfterMs = sample.atMs - this.options.maxLagMs - 2 * this.pollIntervalMs;
    while (this.samples.length > 1 && this.samples[0]!.atMs < keepAfterMs) this.samples.shift();
  }

  private setState(state: ReplicaState, reachedAtMs: number | undefined, reason: string): void {
    const changed = state !== this.verdict.state;
    this.verdict = { state, reachedAtMs };
    if (changed) this.options.onStateChange?.(this.status(), reason);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * The replica's dialect: a connection comes from the replica's pool, or, when the replica cannot be
 * reached, from the primary's (the read is answered, and the monitor's next poll decides again).
 */
function fallbackDialect(
  replicaPool: pg.Pool,
  primaryPool: pg.Pool,
  onUnreachable: (error: unknown) => void,
) {
  const replica = new PostgresDialect({ pool: replicaPool });
  const primary = new PostgresDialect({ pool: primaryPool });
  const dialect: Dialect = {
    createAdapter: () => replica.createAdapter(),
    createDriver: () => new FallbackDriver(replica.createDriver(), primary.createDriver(), onUnreachable),
    createIntrospector: (db) => replica.createIntrospector(db),
    createQueryCompiler: () => replica.createQueryCompiler(),
  };
  return dialect;
}

class FallbackDriver implements Driver {
  private readonly fromPrimary = new WeakSet<DatabaseConnection>();

  constructor(
    private readonly replica: Driver,
    private readonly primary: Driver,
    private readonly onUnreachable: (error: unknown) => void,
  ) {}

  async init(): Promise<void> {
    await this.replica.init();
    await this.primary.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return await this.replica.acquireConnection();
    } catch (error) {
      this.onUnreachable(error);
      const connection = await this.primary.acquireConnection();
      this.fromPrimary.add(connection);
      return connection;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driverOf(connection).beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driverOf(connection).commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driverOf(connection).rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const driver = this.driverOf(connection);
    this.fromPrimary.delete(connection);
    return driver.releaseConnection(connection);
  }

  /** Ends the replica's pool only: the primary's belongs to the primary's Database. */
  destroy(): Promise<void> {
    return this.replica.destroy();
  }

  private driverOf(connection: DatabaseConnection): Driver {
    return this.fromPrimary.has(connection) ? this.primary : this.replica;
  }
}
