import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { buildApp } from '../app';
import { repoRoot } from '../config';
import { openGeoIp } from '../lib/geoip';
import { openGameSession } from '../modules/seamless/seamless.service';
import { signedHeaders } from '../modules/seamless/signature';
import { playerAccount, systemAccount, transfer } from '../modules/wallet/ledger.service';
import { apiClient } from '../test/api-client';
import { encryptFor } from '../test/encrypt';
import { buildMember } from '../test/factories';
import { testOperatorToken } from '../test/operator-login';
import { findBaseBackup, startReplicaPair, type ReplicaPair } from '../test/replica-pair';
import { testConfig, type TestApp } from '../test/test-app';
import { openDatabase, type Database } from './database';
import { migrateToLatest } from './migrate';
import type { DB } from './schema';
import { seedDemo, seedDemoAccounts } from './seed-demo';
import { seedDemoGames } from './seed-demo-games';
import { seedDemoVendors } from './seed-demo-vendors';

/**
 * The read replica (decision 0050) against a real primary and streaming replica this file starts itself
 * (test/replica-pair.ts): the heavy reads go to the replica, balances and bets never do, a replica
 * behind its bound or stopped sends the reports back to the primary. Two instances of the app share the
 * pair: `wide` bounds the lag at 60 s (a paused replica stays in use, so its staleness shows), `tight`
 * at 1 s (it falls back as soon as the replica is 1 s behind).
 */
const support = await findBaseBackup().catch((error: unknown) => ({ missing: String(error) }));
const skipReason = 'missing' in support ? support.missing : undefined;
const basebackup = 'program' in support ? support.program : '';
if (skipReason) console.warn(`read-replica test skipped: ${skipReason}`);

const tightBoundMs = 1_000;
const pollIntervalMs = 200;

interface Instance {
  database: Database;
  app: FastifyInstance;
}

let pair: ReplicaPair;
let setup: Database;
let wide: Instance;
let tight: Instance;
let replicaAdmin: pg.Client;
let key: PublicKey;
let merchantId: number;
let bgsSecret: string;

async function instance(maxLagMs: number): Promise<Instance> {
  const database = openDatabase({
    url: pair.primary.url('portal'),
    poolMax: 5,
    statementTimeoutMs: 30_000,
    replica: { url: pair.replicaUrl('portal'), maxLagMs, pollIntervalMs },
  });
  const app = await buildApp({ config: testConfig(), database, geoIp: await openGeoIp(undefined) });
  return { database, app };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const inUse = (which: Instance) => which.database.replica?.status().state === 'in_use';

async function inRecovery(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ recovery: boolean }>`SELECT pg_is_in_recovery() AS recovery`.execute(db);
  return rows[0]!.recovery;
}

beforeAll(async () => {
  if (skipReason) return;
  const dataDir = process.env.TEST_DATA_DIR ?? path.join(repoRoot, '.data', 'test');
  pair = await startReplicaPair(path.join(dataDir, `replica-pair-${process.pid}`), basebackup);
  setup = openDatabase({ url: pair.primary.url('portal'), poolMax: 2, statementTimeoutMs: 60_000 });
  await migrateToLatest(setup.db);
  await seedDemo(setup.db);
  await seedDemoAccounts(setup.db);
  await seedDemoVendors(setup.db);
  await seedDemoGames(setup.db);
  wide = await instance(60_000);
  tight = await instance(tightBoundMs);
  replicaAdmin = new pg.Client({ connectionString: pair.replicaUrl('portal') });
  await replicaAdmin.connect();
  await waitFor('both instances to use the replica', () => inUse(wide) && inUse(tight));
  const call = apiClient(() => wide.app);
  key = (await call('GET', '/wps/system/publicKey')).body.value;
  merchantId = wide.app.deps.merchants.resolveNow('localhost', undefined)!.id;
  bgsSecret = (
    await setup.db.selectFrom('vendors').select('secret').where('code', '=', 'BGS').executeTakeFirstOrThrow()
  ).secret;
}, 60_000);

afterAll(async () => {
  if (skipReason) return;
  await replicaAdmin?.end().catch(() => undefined);
  for (const which of [wide, tight]) {
    await which?.app.close();
    await which?.database.close();
  }
  await setup?.close();
  await pair?.close();
});

/** A logged-in account (type 0 player, or an agent type) of the demo merchant. */
async function loggedIn(app: FastifyInstance, type = 0) {
  const member = await buildMember(setup.db, { type });
  const login = await apiClient(() => app)('POST', '/wps/session/login', {
    body: encryptFor(key, {
      type: 'username',
      username: member.username,
      password: member.password,
      side: type === 0 ? 'member' : 'agent',
    }),
  });
  expect(login.status).toBe(200);
  return { id: member.id, token: login.body.value.token as string };
}

/** A deposit straight into the player's main wallet, on the primary. */
async function deposit(memberId: number, amountMinor: bigint, tag: string) {
  await transfer(setup.db, {
    debit: systemAccount(merchantId, 'THB', 'deposit_clearing', memberId),
    credit: playerAccount(merchantId, 'THB', memberId),
    amountMinor,
    kind: 'deposit',
    idempotencyKey: `replica-test-${memberId}-${tag}`,
  });
}

let betSequence = 0;
/** A BGS bet through the signed seamless wallet API. */
async function bet(app: FastifyInstance, memberId: number, amount: string) {
  betSequence += 1;
  const sessionToken = await openGameSession(setup.db, { merchantId, memberId, vendorCode: 'BGS' });
  const payload = JSON.stringify({
    merchantCode: 'demo',
    playerId: String(memberId),
    sessionToken,
    currency: 'THB',
    amount,
    transactionId: `replica-bet-${process.pid}-${betSequence}`,
    roundId: `replica-round-${process.pid}-${betSequence}`,
    gameCode: 'slot-1',
  });
  const reply = await app.inject({
    method: 'POST',
    url: '/vendor/v1/seamless/bet',
    payload,
    headers: signedHeaders('BGS', bgsSecret, payload),
  });
  return { status: reply.statusCode, body: reply.json<{ success: boolean; value: { balance: string } }>() };
}

async function balance(app: FastifyInstance, token: string): Promise<string> {
  const reply = await apiClient(() => app)('GET', '/wps/v2/wallets/balance', { token });
  expect(reply.status).toBe(200);
  return JSON.stringify(reply.body.value);
}

/** The member's wallet history: the movements' types, newest first. */
async function history(app: FastifyInstance, token: string): Promise<string[]> {
  const reply = await apiClient(() => app)('GET', '/wps/relay/wallet_history?preset=today', { token });
  expect(reply.status).toBe(200);
  return (reply.body.value.items as { type: string }[]).map((item) => item.type);
}

/** The statements the app's read pool ran on the replica during `work` (its log names the client). */
async function replicaReadsDuring(work: () => Promise<unknown>): Promise<string> {
  const mark = pair.replicaLog().length;
  await work();
  const entries = pair
    .replicaLog()
    .slice(mark)
    .split(/\n(?=[\w-]*\|)/);
  return entries.filter((entry) => entry.startsWith('portal-reads|')).join('\n');
}

describe.skipIf(skipReason !== undefined)('read replica on a real primary and streaming replica', () => {
  it('sends the heavy reads to the replica, and nothing inside a unit of work', async () => {
    expect(await inRecovery(wide.database.reads())).toBe(true);
    expect(await inRecovery(wide.database.db)).toBe(false);
    const inUnit = await wide.database.runUnit(
      () => inRecovery(wide.database.reads()),
      async () => undefined,
    );
    expect(inUnit).toBe(false);

    const call = apiClient(() => wide.app);
    const player = await loggedIn(wide.app);
    await deposit(player.id, 5_000n, 'reads');
    await waitFor(
      'the deposit on the replica',
      async () => (await history(wide.app, player.token)).length > 0,
    );
    expect(await replicaReadsDuring(() => history(wide.app, player.token))).toMatch(/ledger_transfers/);

    const operator = await testOperatorToken({ app: wide.app, database: setup } as unknown as TestApp);
    const revenue = replicaReadsDuring(async () => {
      const reply = await call('GET', '/ops/reports/revenue?preset=today', { token: operator });
      expect(reply.status).toBe(200);
    });
    expect(await revenue).toMatch(/merchant_daily/);

    const agent = await loggedIn(wide.app, 1);
    const overview = replicaReadsDuring(async () => {
      const reply = await call('GET', '/wps/agent/team/overview?preset=today', { token: agent.token });
      expect(reply.status).toBe(200);
    });
    expect(await overview).toMatch(/team_daily/);

    const winners = replicaReadsDuring(async () => {
      const reply = await call('GET', '/wps/relay/games_winners?gameCategory=ALL&limitNum=5');
      expect(reply.status).toBe(200);
    });
    expect(await winners).toMatch(/game_rounds/);

    const metrics = (await wide.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^db_replica_in_use 1$/m);
    expect(metrics).toMatch(/^db_replica_lag_seconds \d/m);
  });

  it('shows a report everything the primary committed longer ago than the bound', async () => {
    const player = await loggedIn(tight.app);
    await deposit(player.id, 1_000n, 'bound');
    const committedAt = Date.now();
    // Usually the replica has it within milliseconds; the bound is what is promised.
    await waitFor('the deposit in the history', async () =>
      (await history(tight.app, player.token)).includes('deposit'),
    );
    await new Promise((resolve) => setTimeout(resolve, committedAt + tightBoundMs + 1 - Date.now()));
    for (let read = 0; read < 5; read += 1) {
      expect(await history(tight.app, player.token)).toContain('deposit');
    }
  });

  it('reads balances and bets on the primary, and stops reading a replica behind its bound', async () => {
    const player = await loggedIn(wide.app);
    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    try {
      await deposit(player.id, 10_000n, 'paused');
      const depositedAt = Date.now();
      // The replica has not seen the deposit; the wallet has, and the bet of all of it is taken,
      // without one statement of the read pool on the replica.
      const walletReads = await replicaReadsDuring(async () => {
        expect(await balance(wide.app, player.token)).toContain('"100.00"');
        const placed = await bet(wide.app, player.id, '100.00');
        expect(placed.body).toMatchObject({ success: true, value: { balance: '0.00' } });
        expect(await balance(wide.app, player.token)).toContain('"0.00"');
      });
      expect(walletReads).toBe('');
      // Within the wide bound the history still reads the paused replica: nothing yet.
      expect(inUse(wide)).toBe(true);
      expect(await history(wide.app, player.token)).toEqual([]);
      // Once the deposit is older than the tight bound, that instance reads the primary at once (the
      // verdict ages between polls): both movements.
      await new Promise((resolve) => setTimeout(resolve, depositedAt + tightBoundMs + 1 - Date.now()));
      expect(tight.database.replica?.status().state).toBe('lagging');
      expect(await inRecovery(tight.database.reads())).toBe(false);
      expect(await history(tight.app, player.token)).toEqual(['bet', 'deposit']);
    } finally {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    }
    await waitFor('the tight instance to use the replica again', () => inUse(tight));
    expect(await inRecovery(tight.database.reads())).toBe(true);
    expect(await history(tight.app, player.token)).toEqual(['bet', 'deposit']);
    expect(await history(wide.app, player.token)).toEqual(['bet', 'deposit']);
  });

  it('keeps balances and bets working when the replica stops, and reports fall back', async () => {
    const player = await loggedIn(wide.app);
    await deposit(player.id, 2_000n, 'stopped');
    await replicaAdmin.end();
    await pair.stopReplica();
    // Before the next poll notices, a report's connection attempt fails over to the primary.
    expect(await history(wide.app, player.token)).toEqual(['deposit']);
    expect(await balance(wide.app, player.token)).toContain('"20.00"');
    expect((await bet(wide.app, player.id, '5.00')).body).toMatchObject({ success: true });
    await waitFor('the monitor to see the replica gone', () => !inUse(wide) && !inUse(tight));
    expect(wide.database.replica?.status().state).toBe('unreachable');
    expect((await wide.app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(
      /^db_replica_in_use 0$/m,
    );
    expect(await history(tight.app, player.token)).toEqual(['bet', 'deposit']);
  });
});
