import { randomBytes } from 'node:crypto';
import { ClusterBus } from '../../lib/cluster-bus';
import { playerTopic, serializeEvent, type PushEvent } from './topics';

export type PushListener = (event: PushEvent) => void;

/** Reads a player's balance event after a change (undefined when the merchant or player is unknown). */
export type BalanceReader = (merchantId: number, memberId: number) => Promise<PushEvent | undefined>;

export interface PushHubOptions {
  /** The instance's shared transport (app.ts passes one); without it the hub makes its own. */
  bus?: ClusterBus;
  /** For a hub's own bus: publications between instances on Redis pub/sub instead of NOTIFY. */
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
  private readonly bus: ClusterBus;
  /** A hub given no bus makes its own and closes it with itself. */
  private readonly ownsBus: boolean;
  private closed = false;

  constructor(private readonly options: PushHubOptions = {}) {
    this.ownsBus = options.bus === undefined;
    this.bus =
      options.bus ??
      new ClusterBus({
        ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
        applicationName: 'portal-push-listener',
        ...(options.onError ? { onError: options.onError } : {}),
      });
    this.bus.subscribe(balanceChannel, (payload) => this.receiveBalances(payload), 'database');
    this.bus.subscribe(pushChannel, (payload) => this.receive(payload), 'instances');
  }

  /** Delivers the event to the topic's subscribers on every instance. Throws if the event is too big. */
  publish(topic: string, event: PushEvent): void {
    const text = serializeEvent(event);
    this.deliver(topic, event);
    this.bus.publish(pushChannel, `${this.instanceId} ${topic} ${text}`);
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
   * Connects the cross-instance transport (the shared bus: balance changes by LISTEN, hub publications
   * by Redis or NOTIFY) and starts announcing this process's seamless balance changes.
   */
  async listen(connectionString: string): Promise<void> {
    if (this.closed) return;
    balanceSinks.add(this);
    await this.bus.listen(connectionString);
  }

  /** Sends a packed list of changed balances to every instance (seamless batches, after their commit). */
  announceBalances(payload: string): void {
    this.bus.publish(balanceChannel, payload, 'database');
  }

  private receiveBalances(payload: string): void {
    for (const key of payload.split(',')) this.balanceChanged(key);
  }

  private receive(payload: string): void {
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
    for (const timer of this.balanceReads.values()) clearTimeout(timer);
    this.balanceReads.clear();
    if (this.ownsBus) await this.bus.close();
  }
}
