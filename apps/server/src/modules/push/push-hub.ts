import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { playerTopic, serializeEvent, type PushEvent } from './topics';

export type PushListener = (event: PushEvent) => void;

/** Reads a player's balance event after a change (undefined when the merchant or player is unknown). */
export type BalanceReader = (merchantId: number, memberId: number) => Promise<PushEvent | undefined>;

export interface PushHubOptions {
  /** Carries publications between instances on Redis pub/sub instead of PostgreSQL NOTIFY. */
  redisUrl?: string;
  /** Turns a balance change into the event pushed on the player's topic. */
  readBalance?: BalanceReader;
  /** Problems of the cross-instance transport (the hub keeps serving this instance's subscribers). */
  onError?: (error: Error, what: string) => void;
}

/** Channel of hub publications (NOTIFY or Redis): `<instance> <topic> <event JSON>`. */
export const pushChannel = 'portal_push';
/**
 * Channel of balance changes: `<merchantId>:<memberId>[,...]`. The ledger announces its own changes in
 * the transaction that makes them (ledger.repo.ts, so only committed changes arrive); the seamless wallet's
 * batches are announced after their commit by signalBalanceChange, coalesced (balance-signals below).
 */
export const balanceChannel = 'portal_balance';

/** How long a changed balance waits before it is read: changes arriving meanwhile are read once. */
const balanceReadDelayMs = 25;
/** Seamless changes are gathered this long before one notification announces them all. */
const balanceFlushMs = 40;
const maxPayloadBytes = 7900;
const reconnectMinMs = 500;
const reconnectMaxMs = 30_000;

/** Hubs of this process that announce seamless balance changes (the app's; tests may build two). */
const balanceSinks = new Set<PushHub>();
const pendingBalances = new Set<string>();
let flushTimer: NodeJS.Timeout | undefined;

/**
 * Marks a player's balance as changed by work that has committed (the seamless wallet's batches). Costs
 * a set insertion; the listening hubs announce the gathered changes in one notification shortly after.
 */
export function signalBalanceChange(merchantId: number, memberId: number): void {
  if (balanceSinks.size === 0) return;
  pendingBalances.add(`${merchantId}:${memberId}`);
  flushTimer ??= setTimeout(flushBalanceSignals, balanceFlushMs);
}

function flushBalanceSignals(): void {
  flushTimer = undefined;
  const keys = [...pendingBalances];
  pendingBalances.clear();
  for (const payload of packKeys(keys)) for (const hub of balanceSinks) hub.announceBalances(payload);
}

/** Comma-joined keys in payloads under the NOTIFY limit. */
export function packKeys(keys: string[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const key of keys) {
    if (current.length + key.length + 1 > maxPayloadBytes) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current},${key}` : key;
  }
  if (current) payloads.push(current);
  return payloads;
}

/**
 * The one server-to-browser push hub of an instance (decision 0042): publish(topic, event) reaches every
 * subscriber of the topic on every instance; subscribe(topic, listener) returns the unsubscribe function.
 * Local subscribers hear a publication at once; other instances through PostgreSQL LISTEN/NOTIFY (or
 * Redis pub/sub with REDIS_URL) once listen() has connected. Publications are fire and forget: an
 * instance that is disconnected misses them (browsers re-read state when their stream reconnects).
 */
export class PushHub {
  /** Tells this instance's own notifications apart (it already delivered them). */
  readonly instanceId = randomBytes(6).toString('base64url');
  private readonly topics = new Map<string, Set<PushListener>>();
  private readonly balanceReads = new Map<string, NodeJS.Timeout>();
  private pgClient: pg.Client | undefined;
  private connectionString: string | undefined;
  private redisSubscriber: Redis | undefined;
  private redisPublisher: Redis | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = reconnectMinMs;
  private closed = false;

  constructor(private readonly options: PushHubOptions = {}) {}

  /** Delivers the event to the topic's subscribers on every instance. Throws if the event is too big. */
  publish(topic: string, event: PushEvent): void {
    const text = serializeEvent(event);
    this.deliver(topic, event);
    const message = `${this.instanceId} ${topic} ${text}`;
    if (this.redisPublisher) {
      this.redisPublisher.publish(pushChannel, message).catch((error: Error) => this.fail(error, 'publish'));
    } else if (this.pgClient) {
      this.pgClient
        .query('select pg_notify($1, $2)', [pushChannel, message])
        .catch((error: Error) => this.fail(error, 'publish'));
    }
  }

  /** Listens to a topic on this instance; returns the function that stops listening. */
  subscribe(topic: string, listener: PushListener): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.topics.delete(topic);
    };
  }

  /** The player's balance event now (the stream sends it on opening). */
  async currentBalance(merchantId: number, memberId: number): Promise<PushEvent | undefined> {
    return this.options.readBalance?.(merchantId, memberId);
  }

  /** Subscribers of the topic on this instance. */
  subscriberCount(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  /**
   * Connects the cross-instance transport: a dedicated PostgreSQL connection that LISTENs (balance
   * changes always; hub publications unless Redis carries them) and sends this instance's NOTIFYs in
   * order; reconnects with backoff when it drops.
   */
  async listen(connectionString: string): Promise<void> {
    this.connectionString = connectionString;
    balanceSinks.add(this);
    if (this.options.redisUrl && !this.redisSubscriber) {
      // Without Redis the publications go through PostgreSQL instead (connectPg listens to them then).
      await this.connectRedis(this.options.redisUrl).catch((error: Error) => this.fail(error, 'redis'));
    }
    await this.connectPg();
  }

  private async connectPg(): Promise<void> {
    if (this.closed || !this.connectionString) return;
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: 'portal-push-listener',
    });
    client.on('notification', (message) => this.receive(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.dropPg(client, error));
    client.on('end', () => this.dropPg(client, undefined));
    try {
      await client.connect();
      await client.query(`listen ${balanceChannel}`);
      if (!this.redisSubscriber) await client.query(`listen ${pushChannel}`);
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
    this.reconnectDelay = reconnectMinMs;
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
    try {
      await subscriber.subscribe(pushChannel);
    } catch (error) {
      subscriber.disconnect();
      publisher.disconnect();
      throw error;
    }
    this.redisSubscriber = subscriber;
    this.redisPublisher = publisher;
  }

  /** Sends a packed list of changed balances to every instance (seamless batches, after their commit). */
  announceBalances(payload: string): void {
    this.pgClient
      ?.query('select pg_notify($1, $2)', [balanceChannel, payload])
      .catch((error: Error) => this.fail(error, 'balance'));
  }

  private receive(channel: string, payload: string): void {
    if (channel === balanceChannel) {
      for (const key of payload.split(',')) this.balanceChanged(key);
      return;
    }
    const firstSpace = payload.indexOf(' ');
    const secondSpace = payload.indexOf(' ', firstSpace + 1);
    if (firstSpace < 0 || secondSpace < 0) return;
    if (payload.slice(0, firstSpace) === this.instanceId) return;
    const topic = payload.slice(firstSpace + 1, secondSpace);
    if (!this.topics.has(topic)) return;
    try {
      this.deliver(topic, JSON.parse(payload.slice(secondSpace + 1)) as PushEvent);
    } catch (error) {
      this.fail(error as Error, 'receive');
    }
  }

  /** A player's balance changed: read it once (changes close together coalesce) if anyone here listens. */
  private balanceChanged(key: string): void {
    const separator = key.indexOf(':');
    const merchantId = Number(key.slice(0, separator));
    const memberId = Number(key.slice(separator + 1));
    if (!Number.isSafeInteger(merchantId) || !Number.isSafeInteger(memberId)) return;
    const topic = playerTopic(merchantId, memberId);
    const readBalance = this.options.readBalance;
    if (!readBalance || !this.topics.has(topic) || this.balanceReads.has(topic)) return;
    const timer = setTimeout(() => {
      // Deleted before the read starts: a change committed during the read schedules another one.
      this.balanceReads.delete(topic);
      readBalance(merchantId, memberId).then(
        (event) => {
          if (event) this.deliver(topic, event);
        },
        (error: Error) => this.fail(error, 'balance read'),
      );
    }, balanceReadDelayMs);
    this.balanceReads.set(topic, timer);
  }

  private deliver(topic: string, event: PushEvent): void {
    const listeners = this.topics.get(topic);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.fail(error as Error, 'listener');
      }
    }
  }

  private fail(error: Error, what: string): void {
    this.options.onError?.(error, what);
  }

  async close(): Promise<void> {
    this.closed = true;
    balanceSinks.delete(this);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const timer of this.balanceReads.values()) clearTimeout(timer);
    this.balanceReads.clear();
    const client = this.pgClient;
    this.pgClient = undefined;
    await client?.end().catch(() => undefined);
    await Promise.all([
      this.redisSubscriber?.quit().catch(() => undefined),
      this.redisPublisher?.quit().catch(() => undefined),
    ]);
  }
}
