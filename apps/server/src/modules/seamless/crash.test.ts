import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { freePort } from '../../lib/process';
import { mainBalances, seedSeamlessPlayers, type SeamlessPlayer } from '../../test/seamless-players';
import { startServer } from '../../test/server-process';
import * as ledgerRepo from '../wallet/ledger.repo';
import { SeamlessVendorClient } from './vendor-client';

/**
 * Crash test: the real server process is killed with SIGKILL while eight vendor clients are betting and
 * winning; after a restart on the same database every acknowledged call is there exactly once, nothing
 * that was never sent moved, the books balance, each player's balance equals its stored calls, and the
 * calls in flight at the kill, retried by their vendors, are applied at most once.
 */
const vendorClients = 8;

let database: TestDatabase;
let players: SeamlessPlayer[];
let secret: string;
const fundsMinor = 10_000_000n;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ players } = await seedSeamlessPlayers(database.db, {
    count: 32,
    fundsMinor,
    vendorCode: 'BGS',
    prefix: 'crash',
  }));
  secret = (
    await database.db
      .selectFrom('vendors')
      .select('secret')
      .where('code', '=', 'BGS')
      .executeTakeFirstOrThrow()
  ).secret;
});
afterAll(async () => database.drop());

async function startPortal() {
  const port = await freePort();
  const server = startServer({
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    // The database is a clone of the demo template: a SEED_DEMO=false start would refuse its demo logins.
    SEED_DEMO: 'true',
    VENDOR_SIM: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${baseUrl}/readyz`).catch(() => undefined))?.status, {
      timeout: 60_000,
      interval: 100,
    })
    .toBe(200);
  return { server, client: new SeamlessVendorClient(baseUrl, 'BGS', secret, 5_000) };
}

interface SentCall {
  transactionId: string;
  kind: 'bet' | 'win';
  player: SeamlessPlayer;
  amount: string;
  roundId: string;
}

function request(call: SentCall) {
  const common = {
    merchantCode: 'demo',
    playerId: String(call.player.id),
    currency: 'THB',
    amount: call.amount,
    transactionId: call.transactionId,
    roundId: call.roundId,
    gameCode: 'crash-slot',
  };
  return call.kind === 'bet' ? { ...common, sessionToken: call.player.sessionToken } : common;
}

function send(client: SeamlessVendorClient, call: SentCall) {
  return call.kind === 'bet' ? client.bet(request(call) as never) : client.win(request(call));
}

describe('a SIGKILL while vendors are betting', () => {
  it('keeps every acknowledged call exactly once and moves nothing else', { timeout: 120_000 }, async () => {
    const first = await startPortal();
    const acknowledged = new Set<string>();
    const inFlight = new Map<string, SentCall>();
    let stopped = false;
    const loops = Array.from({ length: vendorClients }, async (_, index) => {
      for (let sequence = 0; !stopped; sequence += 1) {
        const player = players[(index + sequence * vendorClients) % players.length]!;
        const kind = sequence % 3 === 2 ? 'win' : 'bet';
        const call: SentCall = {
          transactionId: `crash-c${index}-${sequence}`,
          kind,
          player,
          amount: `${1 + (sequence % 50)}.${String(sequence % 100).padStart(2, '0')}`,
          roundId: `crash-c${index}-r${Math.floor(sequence / 3)}`,
        };
        inFlight.set(call.transactionId, call);
        let reply: Awaited<ReturnType<typeof send>>;
        try {
          reply = await send(first.client, call);
        } catch {
          return; // The server is gone: this call's fate is unknown to its vendor.
        }
        if (reply.status !== 200) throw new Error(`refused before the crash: ${JSON.stringify(reply)}`);
        acknowledged.add(call.transactionId);
        inFlight.delete(call.transactionId);
      }
    });
    // Let the clients get going, then kill the process mid-traffic.
    await expect.poll(() => acknowledged.size, { timeout: 30_000, interval: 10 }).toBeGreaterThan(300);
    first.server.child.kill('SIGKILL');
    await first.server.exited;
    stopped = true;
    await Promise.all(loops);
    expect(acknowledged.size).toBeGreaterThan(300);
    // Each client had a call on the wire when the process died.
    expect(inFlight.size).toBeGreaterThan(0);

    const db = database.db;
    const sent = new Set([...acknowledged, ...inFlight.keys()]);
    const storedAfterCrash = await db.selectFrom('seamless_transactions').select('vendor_tx_id').execute();
    const storedIds = storedAfterCrash.map((row) => row.vendor_tx_id);
    expect(new Set(storedIds).size).toBe(storedIds.length);
    for (const id of acknowledged) expect(storedIds).toContain(id);
    for (const id of storedIds) expect(sent.has(id), `${id} was never sent`).toBe(true);

    // Restart on the same database; the vendors retry what they never heard back about.
    const second = await startPortal();
    try {
      for (const call of inFlight.values()) {
        const reply = await send(second.client, call);
        expect(reply.status, JSON.stringify(reply)).toBe(200);
      }
      const stored = await db
        .selectFrom('seamless_transactions')
        .select(['vendor_tx_id', 'kind', 'member_id', 'amount_minor'])
        .execute();
      expect(stored).toHaveLength(sent.size);
      expect(new Set(stored.map((row) => row.vendor_tx_id))).toEqual(sent);
      expect(await ledgerRepo.countInvariantViolations(db)).toEqual({
        unbalanced: 0,
        negative: 0,
        drifting: 0,
      });
      const expected = new Map<number, bigint>();
      for (const row of stored) {
        const delta = row.kind === 'bet' ? -row.amount_minor : row.amount_minor;
        expected.set(row.member_id, (expected.get(row.member_id) ?? fundsMinor) + delta);
      }
      const balances = await mainBalances(db, players);
      for (const [memberId, balance] of balances) {
        expect(balance, `player ${memberId}`).toBe(expected.get(memberId) ?? fundsMinor);
      }
    } finally {
      second.server.child.kill('SIGTERM');
      await second.server.exited;
    }
  });
});
