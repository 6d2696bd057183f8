import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Where a channel's messages come from (decision 0051):
 * - `database`: sent by PostgreSQL itself (triggers and RETURNING lists call pg_notify), so they arrive
 *   only when the change commits, whoever made it (an instance, the operator CLI, psql). Always heard by
 *   LISTEN, with or without Redis.
 * - `instances`: sent by the instances (pushes to open pages): Redis pub/sub when REDIS_URL is set, so
 *   they never queue behind PostgreSQL's NOTIFY lock; PostgreSQL NOTIFY otherwise.
 */
export type ChannelSource = 'database' | 'instances';

/** Channels announced by database triggers (migrations 0001 and 0007); payloads as they define. */
export const databaseChannels = {
  /** Settings of a merchant changed (payload: the merchant id). */
  config: 'portal_config',
  /** Catalogue changed (payload: the merchant id, or 0 when vendors or games changed for all). */
  catalogue: 'portal_catalogue',
} as const;

export type ChannelHandler = (payload: string) => void;

export interface ClusterBusOptions {
  /** Carries `instances` channels on Redis pub/sub instead of PostgreSQL NOTIFY. */
  redisUrl?: string;
  /** The listener connection's application_name (pg_stat_activity shows it). */
  applicationName?: string;
  /** Problems of the transport; the bus keeps reconnecting, callers keep serving from their caches. */
  onError?: (error: Error, what: string) => void;
}

const reconnectMinMs = 500;
const reconnectMaxMs = 30_000;
const channelPattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The one cross-instance message transport of an instance: a single PostgreSQL connection that LISTENs
 * to every subscribed channel (reconnecting with backoff, and telling subscribers so they can drop what
 * they may have missed), plus Redis pub/sub for the instances' own channels when REDIS_URL is set. The
 * settings directory, the game catalogue, the vendor directory and the push hub share it.
 */
export class ClusterBus {
  private readonly handlers = new Map<string, { source: ChannelSource; handlers: Set<ChannelHandler> }>();
  private readonly reconnectHandlers = new Set<() => void>();
  private pgClient: pg.Client | undefined;
  private connectionString: string | undefined;
  private redisSubscriber: Redis | undefined;
  private redisPublisher: Redis | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = reconnectMinMs;
  private listening: Promise<void> | undefined;
  private pgQueue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: ClusterBusOptions = {}) {}

  /** Whether the instances' channels go through Redis. */
  get usesRedis(): boolean {
    return this.redisSubscriber !== undefined;
  }

  /** Hears a channel on every instance; returns the function that stops hearing it. */
  subscribe(channel: string, handler: ChannelHandler, source: ChannelSource = 'instances'): () => void {
    if (!channelPattern.test(channel)) throw new Error(`bad channel name ${channel}`);
    let entry = this.handlers.get(channel);
    if (!entry) {
      entry = { source, handlers: new Set() };
      this.handlers.set(channel, entry);
      void this.startHearing(channel, source);
    }
    entry.handlers.add(handler);
    return () => {
      entry.handlers.delete(handler);
    };
  }

  /** Called whenever the listener connection (re)connects: notifications sent before were lost. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  /** Sends a payload (at most 7,900 bytes) to every instance's subscribers, this one's included. */
  publish(channel: string, payload: string, source: ChannelSource = 'instances'): void {
    if (source === 'instances' && this.redisPublisher) {
      this.redisPublisher.publish(channel, payload).catch((error: Error) => this.fail(error, 'publish'));
      return;
    }
    this.onPg('select pg_notify($1, $2)', [channel, payload]).catch((error: Error) =>
      this.fail(error, 'publish'),
    );
  }

  /**
   * Runs a statement on the listener connection after the ones before it (one at a time, as pg wants):
   * NOTIFYs leave in the order they were published. Nothing runs while the connection is down.
   */
  private onPg(text: string, values: string[] = []): Promise<unknown> {
    const client = this.pgClient;
    if (!client) return Promise.resolve();
    const run = this.pgQueue.then(() => client.query(text, values));
    this.pgQueue = run.catch(() => undefined);
    return run;
  }

  /** Connects the transport (once; later calls wait for the first). */
  listen(connectionString: string): Promise<void> {
    this.listening ??= this.connect(connectionString);
    return this.listening;
  }

  private async connect(connectionString: string): Promise<void> {
    this.connectionString = connectionString;
    if (this.options.redisUrl) {
      // Without Redis the instances' channels go through PostgreSQL instead (connectPg listens to them).
      await this.connectRedis(this.options.redisUrl).catch((error: Error) => this.fail(error, 'redis'));
    }
    await this.connectPg();
  }

  private listensOnPg(source: ChannelSource): boolean {
    return source === 'database' || !this.redisSubscriber;
  }

  private async startHearing(channel: string, source: ChannelSource): Promise<void> {
    try {
      if (source === 'instances' && this.redisSubscriber) await this.redisSubscriber.subscribe(channel);
      else await this.onPg(`listen ${channel}`);
    } catch (error) {
      this.fail(error as Error, 'subscribe');
    }
  }

  private async connectPg(): Promise<void> {
    if (this.closed || !this.connectionString) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: this.options.applicationName ?? 'portal-listener',
    });
    client.on('notification', (message) => this.receive(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.dropPg(client, error));
    client.on('end', () => this.dropPg(client, undefined));
    try {
      await client.connect();
      for (const [channel, entry] of this.handlers) {
        if (this.listensOnPg(entry.source)) await client.query(`listen ${channel}`);
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      this.dropPg(client, error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.pgClient = client;
    this.pgQueue = Promise.resolve();
    // A channel subscribed while the loop above ran found no client to LISTEN on: LISTEN again (a no-op
    // for the others).
    for (const [channel, entry] of this.handlers) {
      if (this.listensOnPg(entry.source))
        this.onPg(`listen ${channel}`).catch((error: Error) => this.fail(error, 'subscribe'));
    }
    this.reconnectDelay = reconnectMinMs;
    // Also on the first connection: whatever was cached before it heard nothing.
    for (const handler of this.reconnectHandlers) this.safely(handler, 'reconnect');
  }

  private dropPg(client: pg.Client, error: Error | undefined): void {
    if (this.pgClient === client) this.pgClient = undefined;
    // A connection that failed is ended, so it never lingers beside its replacement.
    if (error) void client.end().catch(() => undefined);
    if (this.closed || this.reconnectTimer) return;
    if (error) this.fail(error, 'listener');
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(reconnectMaxMs, this.reconnectDelay * 2);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connectPg();
    }, delay);
    this.reconnectTimer.unref();
  }

  private async connectRedis(url: string): Promise<void> {
    // ioredis reconnects by itself and re-subscribes on reconnection.
    const subscriber = new Redis(url, { maxRetriesPerRequest: 1 });
    const publisher = new Redis(url, { maxRetriesPerRequest: 1 });
    subscriber.on('error', (error: Error) => this.fail(error, 'redis'));
    publisher.on('error', (error: Error) => this.fail(error, 'redis'));
    subscriber.on('message', (channel: string, message: string) => this.receive(channel, message));
    const channels = [...this.handlers].filter(([, entry]) => entry.source === 'instances');
    try {
      // A first command proves the server answers; subscribe alone would wait for a connection forever.
      await subscriber.ping();
      for (const [channel] of channels) await subscriber.subscribe(channel);
    } catch (error) {
      subscriber.disconnect();
      publisher.disconnect();
      throw error;
    }
    this.redisSubscriber = subscriber;
    this.redisPublisher = publisher;
  }

  private receive(channel: string, payload: string): void {
    const entry = this.handlers.get(channel);
    if (!entry) return;
    for (const handler of [...entry.handlers]) this.safely(() => handler(payload), 'handler');
  }

  private safely(work: () => void, what: string): void {
    try {
      work();
    } catch (error) {
      this.fail(error as Error, what);
    }
  }

  private fail(error: Error, what: string): void {
    this.options.onError?.(error, what);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.pgClient;
    this.pgClient = undefined;
    await client?.end().catch(() => undefined);
    await Promise.all([
      this.redisSubscriber?.quit().catch(() => undefined),
      this.redisPublisher?.quit().catch(() => undefined),
    ]);
  }
}
