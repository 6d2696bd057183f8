import http from 'node:http';
import { openDatabase } from '../apps/server/src/db/database';
import { seedSeamlessPlayers, type SeamlessPlayer } from '../apps/server/src/test/seamless-players';
import { cpuSecondsBetween, describeCpu, sampleCpu } from './lib/cpu';
import { percentile } from './lib/latency';
import { median } from './lib/rounds';
import { startPortal } from './lib/servers';

/**
 * BGS Crash under load on the real portal process (its round leader running, default timing: 6 s of
 * bets): BENCH_CRASH_PLAYERS (default 1,000) players bet in one round over HTTP (32 in flight), then all
 * cash out as soon as the round flies (32 in flight). BENCH_CRASH_ROUNDS rounds (default 2). Printed per
 * round: bets placed and their rate, cash-outs acknowledged (paid, or refused after the crash) and their
 * rate, the cash-out acknowledgement latency p50/p99, the time from the crash to the round settled.
 * Last line: crash_cashout_p99_ms=<worst round> crash_cashouts_per_s=<median> crash_bets_per_s=<median>.
 *
 * The players are one lean client (node:http over kept-alive connections, as many as in flight), so the
 * load generator takes as little of the two cores as it can; each round prints the CPU seconds the
 * portal, its PostgreSQL and the client used during the cash-outs.
 */
const playerCount = Number(process.env.BENCH_CRASH_PLAYERS ?? 1_000);
const roundCount = Number(process.env.BENCH_CRASH_ROUNDS ?? 2);
const inFlight = 32;

interface Answer {
  status: number;
  body: { success: boolean; code?: string; value?: Record<string, unknown> };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });

function call(baseUrl: string, path: string, token: string, body?: object): Promise<Answer> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      {
        agent,
        method: payload ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Runs work over items with `limit` in flight. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await work(item);
      }
    }),
  );
}

type Round = { roundId: string; phase: string; bettingEndsAt: string };

async function waitForPhase(
  baseUrl: string,
  token: string,
  phase: string,
  notRound?: string,
): Promise<Round> {
  for (;;) {
    const answer = await call(baseUrl, '/wps/inhouse/crash/state', token);
    const round = answer.body.value?.round as Round | null | undefined;
    if (round && round.phase === phase && round.roundId !== notRound) return round;
    await new Promise((resolve) => setTimeout(resolve, phase === 'flying' ? 10 : 100));
  }
}

async function playRound(
  portalPid: number,
  baseUrl: string,
  players: SeamlessPlayer[],
  previous: string | undefined,
  db: ReturnType<typeof openDatabase>['db'],
) {
  const watcher = players[0]!.sessionToken;
  // A fresh round, with most of its betting time ahead.
  const round = await waitForPhase(baseUrl, watcher, 'betting', previous);
  const betStarted = Date.now();
  let placed = 0;
  const betted: SeamlessPlayer[] = [];
  await pool(players, inFlight, async (player) => {
    const answer = await call(baseUrl, '/wps/inhouse/crash/bet', player.sessionToken, {
      requestId: `bench-${round.roundId.slice(1, 12)}-${player.id}`,
      roundId: round.roundId,
      bet: '1.00',
      autoCashout: null,
    });
    if (answer.body.success) {
      placed += 1;
      betted.push(player);
    }
  });
  const betSeconds = (Date.now() - betStarted) / 1000;
  await waitForPhase(baseUrl, watcher, 'flying');
  const latencies: number[] = [];
  let paid = 0;
  let late = 0;
  const cashStarted = Date.now();
  const cpuBefore = sampleCpu(portalPid);
  await pool(betted, inFlight, async (player) => {
    const sent = performance.now();
    const answer = await call(baseUrl, '/wps/inhouse/crash/cashout', player.sessionToken, {
      roundId: round.roundId,
    });
    latencies.push(performance.now() - sent);
    if (answer.body.success) paid += 1;
    else if (answer.body.code === 'round_crashed') late += 1;
  });
  const cashSeconds = (Date.now() - cashStarted) / 1000;
  const cpu = cpuSecondsBetween(cpuBefore, sampleCpu(portalPid));
  const crashed = await waitForPhase(baseUrl, watcher, 'crashed');
  const crashSeen = Date.now();
  for (;;) {
    const row = await db
      .selectFrom('crash_rounds')
      .select('status')
      .where('round_id', '=', crashed.roundId)
      .executeTakeFirstOrThrow();
    if (row.status === 'settled') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const settleMs = Date.now() - crashSeen;
  latencies.sort((a, b) => a - b);
  const acked = paid + late;
  const result = {
    roundId: round.roundId,
    placed,
    betsPerSecond: placed / betSeconds,
    acked,
    paid,
    late,
    cashoutsPerSecond: acked / cashSeconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    settleMs,
  };
  console.log(
    `round ${round.roundId}: bets ${placed}/${players.length} at ${result.betsPerSecond.toFixed(0)}/s; ` +
      `cash-outs acknowledged ${acked} (paid ${paid}, after the crash ${late}) at ${result.cashoutsPerSecond.toFixed(0)}/s, ` +
      `latency p50 ${result.p50.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms; crash to settled ${settleMs} ms; ` +
      `during the cash-outs ${describeCpu(cpu)}`,
  );
  return result;
}

async function main(): Promise<void> {
  const portal = await startPortal('crash');
  const database = openDatabase({ url: portal.databaseUrl!, poolMax: 4, statementTimeoutMs: 60_000 });
  try {
    const seeded = await seedSeamlessPlayers(database.db, {
      count: playerCount,
      fundsMinor: 1_000_000n,
      vendorCode: 'BGS',
      prefix: 'crashbench',
    });
    console.log(`${seeded.players.length} players seeded`);
    const results = [];
    let previous: string | undefined;
    for (let index = 0; index < roundCount; index += 1) {
      const result = await playRound(portal.child.pid, portal.baseUrl, seeded.players, previous, database.db);
      previous = result.roundId;
      results.push(result);
    }
    // Money check: every acknowledged cash-out paid exactly once (one win per won bet, none for the rest).
    const wins = await database.db
      .selectFrom('seamless_transactions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('kind', '=', 'win')
      .where('round_id', 'like', 'c%')
      .executeTakeFirstOrThrow();
    const won = await database.db
      .selectFrom('crash_bets')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'won')
      .executeTakeFirstOrThrow();
    console.log(`wins in the wallet ${wins.count}, bets won ${won.count}`);
    console.log(
      `crash_cashout_p99_ms=${Math.max(...results.map((r) => r.p99)).toFixed(1)} ` +
        `crash_cashouts_per_s=${median(results.map((r) => r.cashoutsPerSecond)).toFixed(0)} ` +
        `crash_bets_per_s=${median(results.map((r) => r.betsPerSecond)).toFixed(0)} ` +
        `crash_settle_ms=${median(results.map((r) => r.settleMs))} wins_equal_won=${wins.count === won.count}`,
    );
  } finally {
    agent.destroy();
    await database.pool.end();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`crash.bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
