import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { SeamlessVendorClient, type VendorReply } from '../modules/seamless/vendor-client';
import * as ledgerRepo from '../modules/wallet/ledger.repo';
import { mainBalances, seedSeamlessPlayers, type SeamlessPlayer } from '../test/seamless-players';
import { localRedisUrl, redisAnswers, startCluster, type RunningCluster } from './cluster';
import { haproxyPath } from './haproxy';

/**
 * Issue 21: two real server processes behind HAProxy (started by the cluster script's own library), eight
 * vendor clients betting and winning through the proxy, and one instance killed with SIGKILL mid-run.
 * A call the proxy could not complete (502/503, a reset) is retried by its vendor with the same
 * transaction id until it is acknowledged, as a vendor does. Then: every acknowledged call is in the books
 * exactly once and nothing else is, the survivor carried on alone, the books balance and every player's
 * balance is what its stored calls say.
 */
const vendorClients = 8;
const fundsMinor = 10_000_000n;
const maxAttempts = 40;
const retryDelayMs = 100;
const callsBeforeKill = 200;
const callsAfterKill = 200;

const hasHaproxy = haproxyPath() !== undefined;
if (!hasHaproxy) {
  process.stdout.write('cluster-kill.test: haproxy is not installed (apt-get install -y haproxy); skipped\n');
}
const redisUrl = process.env.REDIS_URL ?? localRedisUrl;
const withRedis = hasHaproxy && (await redisAnswers(redisUrl));

let database: TestDatabase;
let players: SeamlessPlayer[];
let secret: string;
let cluster: RunningCluster | undefined;

beforeAll(async () => {
  if (!hasHaproxy) return;
  database = await createTestDatabase();
  ({ players } = await seedSeamlessPlayers(database.db, {
    count: 32,
    fundsMinor,
    vendorCode: 'BGS',
    prefix: 'cluster',
  }));
  secret = (
    await database.db
      .selectFrom('vendors')
      .select('secret')
      .where('code', '=', 'BGS')
      .executeTakeFirstOrThrow()
  ).secret;
  cluster = await startCluster({
    databaseUrl: database.url,
    redisUrl: withRedis ? redisUrl : undefined,
    environment: {
      // The database is a clone of the demo template: a SEED_DEMO=false start would refuse its demo logins.
      SEED_DEMO: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000',
      // The test's own dropped connections are the point; a long grace would only slow the ending.
      SHUTDOWN_GRACE_MS: '2000',
    },
  });
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await database?.drop();
});

interface SentCall {
  transactionId: string;
  kind: 'bet' | 'win';
  player: SeamlessPlayer;
  amount: string;
  roundId: string;
}

function send(client: SeamlessVendorClient, call: SentCall): Promise<VendorReply> {
  const common = {
    merchantCode: 'demo',
    playerId: String(call.player.id),
    currency: 'THB',
    amount: call.amount,
    transactionId: call.transactionId,
    roundId: call.roundId,
    gameCode: 'crash-slot',
  };
  return call.kind === 'bet'
    ? client.bet({ ...common, sessionToken: call.player.sessionToken })
    : client.win(common);
}

/** Sends until acknowledged (same transaction id every time); counts the attempts that failed. */
async function sendUntilAcknowledged(
  client: SeamlessVendorClient,
  call: SentCall,
  failures: { count: number },
) {
  for (let attempt = 1; ; attempt += 1) {
    const reply = await send(client, call).catch(() => undefined);
    if (reply?.status === 200) return;
    // A proxy error or a dropped connection leaves the call's fate unknown: retry it. Anything else is a bug.
    if (reply && reply.status < 500) throw new Error(`refused: ${JSON.stringify(reply)}`);
    failures.count += 1;
    if (attempt >= maxAttempts) throw new Error(`${call.transactionId} never acknowledged`);
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
  }
}

/** Which instances answered `count` requests through the proxy. */
async function servingInstances(proxyUrl: string, count: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${proxyUrl}/healthz`);
    seen.add(response.headers.get('x-portal-instance') ?? '?');
  }
  return seen;
}

describe.skipIf(!hasHaproxy)('a SIGKILL of one instance behind the proxy while vendors bet', () => {
  it(
    'keeps every acknowledged call once, the survivor carries on, the books balance',
    { timeout: 120_000 },
    async () => {
      const running = cluster!;
      const [victim, survivor] = running.instances as [
        (typeof running.instances)[0],
        (typeof running.instances)[0],
      ];
      expect(await servingInstances(running.proxyUrl, 4)).toEqual(new Set([victim.id, survivor.id]));
      const client = new SeamlessVendorClient(running.proxyUrl, 'BGS', secret, 5_000);
      const acknowledged = new Set<string>();
      const failures = { count: 0 };
      let stopped = false;
      const loops = Array.from({ length: vendorClients }, async (_, index) => {
        for (let sequence = 0; !stopped; sequence += 1) {
          const call: SentCall = {
            transactionId: `cluster-c${index}-${sequence}`,
            kind: sequence % 3 === 2 ? 'win' : 'bet',
            player: players[(index + sequence * vendorClients) % players.length]!,
            amount: `${1 + (sequence % 50)}.${String(sequence % 100).padStart(2, '0')}`,
            roundId: `cluster-c${index}-r${Math.floor(sequence / 3)}`,
          };
          await sendUntilAcknowledged(client, call, failures);
          acknowledged.add(call.transactionId);
        }
      });
      const loopsDone = Promise.all(loops);
      // A client that fails ends the wait at once instead of letting the polls time out.
      loopsDone.catch(() => (stopped = true));

      await expect
        .poll(() => acknowledged.size, { timeout: 30_000, interval: 10 })
        .toBeGreaterThan(callsBeforeKill);
      victim.child.kill('SIGKILL');
      await victim.exited;
      const atKill = acknowledged.size;
      await expect
        .poll(() => acknowledged.size, { timeout: 30_000, interval: 10 })
        .toBeGreaterThan(atKill + callsAfterKill);
      stopped = true;
      await loopsDone;
      expect(await servingInstances(running.proxyUrl, 4)).toEqual(new Set([survivor.id]));
      process.stdout.write(
        `cluster-kill: ${acknowledged.size} calls acknowledged (${atKill} before the kill), ${failures.count} failed attempts retried\n`,
      );

      const db = database.db;
      const stored = await db
        .selectFrom('seamless_transactions')
        .select(['vendor_tx_id', 'kind', 'member_id', 'amount_minor'])
        .execute();
      // Every call ended acknowledged, so the books hold exactly the acknowledged calls, each once.
      expect(stored).toHaveLength(acknowledged.size);
      expect(new Set(stored.map((row) => row.vendor_tx_id))).toEqual(acknowledged);
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
      for (const [memberId, balance] of await mainBalances(db, players)) {
        expect(balance, `player ${memberId}`).toBe(expected.get(memberId) ?? fundsMinor);
      }
    },
  );
});
