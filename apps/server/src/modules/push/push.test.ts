import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { pushCloseCodes } from '@portal/contracts';
import { fund, loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { playerAccount, systemAccount, transfer } from '../wallet';
import { openGameSession } from '../seamless';
import { SeamlessBatcher } from '../seamless/seamless-batcher';
import { createHash } from 'node:crypto';
import { PushHub } from './push-hub';
import { gameTopic, merchantTopic, playerTopic, type PushEvent } from './topics';

let kit: PaymentsKit;
let baseUrl: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  // As main.ts does: the hub's transport, and a real socket server.
  await kit.testApp.app.deps.push.listen(kit.testApp.database.url);
  const address = await kit.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = address.replace(/^http/, 'ws');
});
afterAll(async () => kit.close());

/** Resolves when `predicate` holds for something collected, polling every 10 ms (fails after `ms`). */
async function until<T>(collected: T[], predicate: (item: T) => boolean, ms = 3_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = collected.find(predicate);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not received within ${ms} ms: ${JSON.stringify(collected)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Client {
  socket: WebSocket;
  events: PushEvent[];
  closed: Promise<number>;
}

/** A browser's socket: opened, hello sent, every event collected. */
async function connect(hello: { token?: string; topics: string[] }): Promise<Client> {
  const socket = new WebSocket(`${baseUrl}/wps/push`, { headers: { host: 'localhost' } });
  const events: PushEvent[] = [];
  socket.on('message', (data: Buffer) => events.push(JSON.parse(data.toString('utf8')) as PushEvent));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ op: 'hello', ...hello }));
  return { socket, events, closed };
}

describe('the push hub', () => {
  it('reaches subscribers on this instance and on another one listening to the same database', async () => {
    const url = kit.testApp.database.url;
    const first = new PushHub();
    const second = new PushHub();
    await first.listen(url);
    await second.listen(url);
    try {
      const heard: string[] = [];
      const topic = gameTopic(kit.merchantId, 'bgs-crash');
      const stopFirst = first.subscribe(topic, (event) => heard.push(`first:${String(event.n)}`));
      second.subscribe(topic, (event) => heard.push(`second:${String(event.n)}`));
      second.subscribe(merchantTopic(kit.merchantId), (event) =>
        heard.push(`other-topic:${String(event.n)}`),
      );

      first.publish(topic, { type: 'crash.round', n: 1 });
      second.publish(topic, { type: 'crash.round', n: 2 });
      await until(heard, (item) => item === 'second:1');
      await until(heard, (item) => item === 'first:2');
      stopFirst();
      first.publish(topic, { type: 'crash.round', n: 3 });
      await until(heard, (item) => item === 'second:3');
      // Each publication once per subscriber, in order, never on another topic or after unsubscribing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.sort()).toEqual(['first:1', 'first:2', 'second:1', 'second:2', 'second:3']);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('reconnects its listener when the database drops it', async () => {
    const url = kit.testApp.database.url;
    const first = new PushHub();
    const second = new PushHub();
    await first.listen(url);
    await second.listen(url);
    try {
      const heard: PushEvent[] = [];
      const topic = gameTopic(kit.merchantId, 'reconnect');
      second.subscribe(topic, (event) => heard.push(event));
      const { db } = kit.testApp.database;
      const dropped = await sql<{ dropped: boolean }>`select pg_terminate_backend(pid) as dropped
        from pg_stat_activity
        where application_name = 'portal-push-listener' and datname = current_database()`.execute(db);
      expect(dropped.rows.length).toBeGreaterThanOrEqual(2);
      // Publications while a hub is away are lost (fire and forget); once both are back they arrive.
      for (let attempt = 0; attempt < 50 && heard.length === 0; attempt += 1) {
        first.publish(topic, { type: 'crash.round', attempt });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(heard.length).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  // Redis pub/sub carries the publications when REDIS_URL is set (CI has no Redis: run with REDIS_URL).
  it.skipIf(!process.env.REDIS_URL)('goes through Redis pub/sub when REDIS_URL is set', async () => {
    const url = kit.testApp.database.url;
    const first = new PushHub({ redisUrl: process.env.REDIS_URL! });
    const second = new PushHub({ redisUrl: process.env.REDIS_URL! });
    await first.listen(url);
    await second.listen(url);
    try {
      const heard: PushEvent[] = [];
      // A topic of this run only: other runs may share the Redis server.
      const topic = gameTopic(kit.merchantId, `redis-${process.pid}-${Date.now()}`);
      second.subscribe(topic, (event) => heard.push(event));
      first.publish(topic, { type: 'crash.round', n: 7 });
      await until(heard, (event) => event.n === 7);
      expect(heard).toEqual([{ type: 'crash.round', n: 7 }]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('refuses an event too large for a notification', () => {
    const hub = new PushHub();
    expect(() => hub.publish(merchantTopic(1), { type: 'big', text: 'x'.repeat(8_000) })).toThrow(/at most/);
  });
});

describe('the push socket', () => {
  it("pushes a player's balance after a ledger deposit commits, to that player only", async () => {
    const alice = await loggedInMember(kit);
    const bob = await loggedInMember(kit);
    const aliceSocket = await connect({ token: alice.token, topics: ['me'] });
    const bobSocket = await connect({ token: bob.token, topics: ['me', 'merchant'] });
    // On hello: the balance now.
    await until(aliceSocket.events, (event) => event.type === 'balance' && event.balance === '0.00');
    await until(bobSocket.events, (event) => event.type === 'balance');

    await fund(kit, alice.memberId, 12_345n);
    await until(aliceSocket.events, (event) => event.type === 'balance' && event.balance === '123.45');

    // A deposit rolled back announces nothing.
    const db = kit.testApp.database.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await transfer(trx, {
          debit: systemAccount(kit.merchantId, 'THB', 'deposit_clearing', alice.memberId),
          credit: playerAccount(kit.merchantId, 'THB', alice.memberId),
          amountMinor: 500n,
          kind: 'deposit',
          idempotencyKey: `push-test-rolled-back:${alice.memberId}`,
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      aliceSocket.events.filter((event) => event.type === 'balance').map((event) => event.balance),
    ).toEqual(['0.00', '123.45']);
    // Bob heard his own opening balance and nothing of Alice's.
    expect(bobSocket.events.filter((event) => event.type === 'balance')).toEqual([
      { type: 'balance', balance: '0.00', currencyCode: 'THB' },
    ]);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });

  it('pushes the balance after a seamless bet, announced after its batch commits', async () => {
    const carol = await loggedInMember(kit);
    await fund(kit, carol.memberId, 10_000n);
    const client = await connect({ token: carol.token, topics: ['me'] });
    await until(client.events, (event) => event.type === 'balance' && event.balance === '100.00');
    const batcher = new SeamlessBatcher(kit.testApp.database.db);
    const sessionToken = await openGameSession(kit.testApp.database.db, {
      merchantId: kit.merchantId,
      memberId: carol.memberId,
      vendorCode: 'BGS',
    });
    const outcome = await batcher.submit({
      merchantId: kit.merchantId,
      vendorCode: 'BGS',
      transactionId: `push-bet-${carol.memberId}`,
      kind: 'bet',
      memberId: carol.memberId,
      currency: 'THB',
      amountMinor: 2_500n,
      roundId: `push-round-${carol.memberId}`,
      gameCode: 'bgs-dice',
      betTransactionId: null,
      requestHash: 'push-test',
      sessionTokenHash: createHash('sha256').update(sessionToken).digest('hex'),
      closeRound: false,
    });
    expect(outcome.status).toBe('ok');
    await until(client.events, (event) => event.type === 'balance' && event.balance === '75.00');
    client.socket.close();
  });

  it("never lets a socket hear another player's topic: a visitor's `me` is nothing, a bad token is closed", async () => {
    const dave = await loggedInMember(kit);
    const visitor = await connect({ topics: ['me', 'merchant'] });
    const stranger = await connect({ token: 'x'.repeat(43), topics: ['me'] });
    expect(await stranger.closed).toBe(pushCloseCodes.sessionEnded);
    const hub = kit.testApp.app.deps.push;
    await until([0], () => hub.subscriberCount(merchantTopic(kit.merchantId)) >= 1);
    // The visitor listens to the merchant's topic and to no player's.
    expect(hub.subscriberCount(playerTopic(kit.merchantId, dave.memberId))).toBe(0);
    await fund(kit, dave.memberId, 100n);
    hub.publish(merchantTopic(kit.merchantId), { type: 'notice', n: 1 });
    await until(visitor.events, (event) => event.type === 'notice');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(visitor.events.map((event) => event.type)).toEqual(['notice']);
    visitor.socket.close();
  });

  it('closes the socket of a session that logs out', async () => {
    const erin = await loggedInMember(kit);
    const client = await connect({ token: erin.token, topics: ['me'] });
    await until(client.events, (event) => event.type === 'balance');
    const logout = await kit.call('DELETE', '/wps/session/logout', { token: erin.token });
    expect(logout.body.success).toBe(true);
    expect(await client.closed).toBe(pushCloseCodes.sessionEnded);
  }, 60_000);

  it("replaces a session's oldest socket beyond four (a reloaded page's old one)", async () => {
    const frank = await loggedInMember(kit);
    const clients: Client[] = [];
    for (let index = 0; index < 5; index += 1) {
      const client = await connect({ token: frank.token, topics: ['me'] });
      await until(client.events, (event) => event.type === 'balance');
      clients.push(client);
    }
    expect(await clients[0]!.closed).toBe(pushCloseCodes.tooMany);
    expect(kit.testApp.app.deps.push.subscriberCount(playerTopic(kit.merchantId, frank.memberId))).toBe(4);
    for (const client of clients.slice(1)) client.socket.close();
  });

  it('closes a socket that sends something other than the protocol', async () => {
    const socket = new WebSocket(`${baseUrl}/wps/push`, { headers: { host: 'localhost' } });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ op: 'hello', topics: ['p:1:2'] }));
    expect(await closed).toBe(pushCloseCodes.badMessage);
  });
});
