import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { openGeoIp } from '../lib/geoip';
import { gameTopic, type PushEvent } from '../modules/push';
import { apiClient } from '../test/api-client';
import { localRedisUrl, redisAnswers } from './cluster';
import { testOperatorToken } from '../test/operator-login';
import { testConfig } from '../test/test-app';

/**
 * Two instances of the app on one database behave as one portal (issue 21): a settings change and a
 * catalogue change made through instance A are what instance B answers within a second (B never drops
 * its snapshots itself: the bus's LISTEN does), a push published on A reaches B's subscribers, and,
 * with REDIS_URL, the rate limit is counted once for both. Run with Redis (pub/sub for the pushes, the
 * counters in Redis) and without it (LISTEN/NOTIFY carries everything, each instance counts alone).
 */
const redisUrl = process.env.REDIS_URL ?? localRedisUrl;
const rateLimitPerMinute = 40;
const seenWithinMs = 1_000;

const withRedis = await redisAnswers(redisUrl);
if (!withRedis) {
  process.stdout.write(
    `two-instances.test: no Redis answers at ${redisUrl}; the REDIS_URL half is skipped\n`,
  );
}

/** A client address of this run only: counters in a shared Redis outlive a run by a minute. */
function freshIp(): string {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Polls `read` until it returns `expected`; resolves with the milliseconds it took. */
async function msUntil<T>(read: () => Promise<T>, expected: T, timeoutMs = 5_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await read()) === expected) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`still not ${String(expected)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Pair {
  database: TestDatabase;
  secondDatabase: Database;
  first: FastifyInstance;
  second: FastifyInstance;
}

async function startPair(redis: boolean): Promise<Pair> {
  const environment = {
    TRUST_PROXY: 'true',
    RATE_LIMIT_PER_MINUTE: String(rateLimitPerMinute),
    ...(redis ? { REDIS_URL: redisUrl } : {}),
  };
  const geoIp = await openGeoIp(undefined);
  const database = await createTestDatabase();
  const secondDatabase = openDatabase({ url: database.url, poolMax: 5, statementTimeoutMs: 30_000 });
  const first = await buildApp({ config: testConfig(environment), database, geoIp });
  const second = await buildApp({ config: testConfig(environment), database: secondDatabase, geoIp });
  await first.deps.bus.listen(database.url);
  await second.deps.bus.listen(database.url);
  return { database, secondDatabase, first, second };
}

async function stopPair(pair: Pair | undefined): Promise<void> {
  if (!pair) return;
  await pair.first.close();
  await pair.second.close();
  await pair.secondDatabase.close();
  await pair.database.drop();
}

describe.each([
  { transport: 'Redis', redis: true },
  { transport: 'PostgreSQL LISTEN/NOTIFY', redis: false },
])('two instances on one database, notifications by $transport', ({ redis }) => {
  let pair: Pair | undefined;
  const operatorIp = freshIp();
  let admin = '';

  beforeAll(async () => {
    if (redis && !withRedis) return;
    pair = await startPair(redis);
    const testApp = { app: pair.first, database: pair.database, close: async () => undefined };
    admin = await testOperatorToken(testApp, 'admin', 'Admin1234', operatorIp);
  }, 60_000);
  afterAll(async () => stopPair(pair));

  const onFirst = apiClient(() => pair!.first);
  const onSecond = apiClient(() => pair!.second);

  it.skipIf(redis && !withRedis)('shows a settings change made on A on B within a second', async () => {
    const readerIp = freshIp();
    const referral = async () =>
      (await onSecond('GET', '/wps/system/whitelabel', { ip: readerIp })).body.value.modules
        .referralPromotion as boolean;
    expect(pair!.second.deps.bus.usesRedis).toBe(redis);
    expect(await referral()).toBe(true);
    const { modules } = (await onFirst('GET', '/ops/settings', { token: admin, ip: operatorIp })).body.value;
    const changed = await onFirst('PUT', '/ops/settings/modules', {
      token: admin,
      ip: operatorIp,
      body: { ...modules, referralPromotion: false },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const ms = await msUntil(referral, false);
    process.stdout.write(
      `two-instances (${redis ? 'Redis' : 'NOTIFY'}): settings seen on B after ${ms} ms\n`,
    );
    expect(ms).toBeLessThan(seenWithinMs);
  });

  it.skipIf(redis && !withRedis)('recovers when B loses its listener connection', async () => {
    const readerIp = freshIp();
    const primaryColor = async () =>
      (await onSecond('GET', '/wps/system/whitelabel', { ip: readerIp })).body.value.branding.primaryColor as
        string | null;
    const before = await primaryColor();
    // Every instance's listener (both run on this database); the buses reconnect by themselves.
    const dropped = await sql<{ pid: number }>`select pg_terminate_backend(pid) as pid from pg_stat_activity
      where application_name = 'portal-listener' and datname = current_database()`.execute(pair!.database.db);
    expect(dropped.rows.length).toBe(2);
    const { branding } = (await onFirst('GET', '/ops/settings', { token: admin, ip: operatorIp })).body.value;
    // Digits only: no question of letter case.
    const colour = `#${String(randomInt(1_000_000)).padStart(6, '0')}`;
    const changed = await onFirst('PUT', '/ops/settings/branding', {
      token: admin,
      ip: operatorIp,
      body: { ...branding, primaryColor: colour },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(colour).not.toBe(before);
    // Announced while B's listener may still be away: the reconnection drops B's snapshot all the same.
    expect(await msUntil(primaryColor, colour)).toBeLessThan(5_000);
  });

  it.skipIf(redis && !withRedis)('shows a catalogue change made on A on B within a second', async () => {
    const readerIp = freshIp();
    const esportsTotal = async () =>
      (await onSecond('GET', '/wps/relay/games_list?gameType=ESPORTS&filter=HOT', { ip: readerIp })).body
        .value.total as number;
    expect(await esportsTotal()).toBe(3);
    const changed = await onFirst('PUT', '/ops/games/vendors/IMES', {
      token: admin,
      ip: operatorIp,
      body: { enabled: false },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const ms = await msUntil(esportsTotal, 0);
    process.stdout.write(
      `two-instances (${redis ? 'Redis' : 'NOTIFY'}): catalogue seen on B after ${ms} ms\n`,
    );
    expect(ms).toBeLessThan(seenWithinMs);
  });

  it.skipIf(redis && !withRedis)('carries a push published on A to subscribers on B', async () => {
    const heard: PushEvent[] = [];
    const topic = gameTopic(1, `two-instances-${process.pid}-${Date.now()}`);
    const stop = pair!.second.deps.push.subscribe(topic, (event) => heard.push(event));
    try {
      // The subscription on Redis or LISTEN is asynchronous: publish until one arrives.
      const ms = await msUntil(async () => {
        pair!.first.deps.push.publish(topic, { type: 'crash.round', n: 1 });
        await new Promise((resolve) => setTimeout(resolve, 50));
        return heard.length > 0;
      }, true);
      expect(ms).toBeLessThan(seenWithinMs);
      expect(heard[0]).toEqual({ type: 'crash.round', n: 1 });
    } finally {
      stop();
    }
  });

  it.skipIf(redis && !withRedis)(
    redis ? 'counts one rate limit for both instances' : 'counts the rate limit per instance',
    async () => {
      const clientIp = freshIp();
      const statuses: number[] = [];
      for (let index = 0; index < rateLimitPerMinute + 1; index += 1) {
        const call = index % 2 === 0 ? onFirst : onSecond;
        statuses.push((await call('GET', '/wps/system/status', { ip: clientIp })).status);
      }
      const refused = statuses.filter((status) => status === 429).length;
      // With Redis the 41st call is the first over the one shared budget; without, each instance has its own.
      expect(refused).toBe(redis ? 1 : 0);
      expect(statuses.slice(0, rateLimitPerMinute).every((status) => status === 200)).toBe(true);
    },
  );
});
