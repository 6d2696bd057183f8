import pg from 'pg';
import { formatMinor, type AgentTeamOverview, type PublicKey } from '@portal/contracts';
import { openDatabase } from '../apps/server/src/db/database';
import { jobLockKeys } from '../apps/server/src/jobs/lock-keys';
import { rollUpLedger } from '../apps/server/src/modules/agents';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { countInvariantViolations } from '../apps/server/src/modules/wallet/ledger.repo';
import { encryptFor } from '../apps/server/src/test/encrypt';
import {
  leafAgentUsername,
  midAgentUsername,
  prepareBetInputs,
  seedBets,
  seededPassword,
  seedTree,
  seedWalletsAndDeposits,
  selectMerchant,
  settleBalances,
  stakeOf,
  topAgentUsername,
  winOf,
  type BenchMerchant,
} from './lib/agent-seed';
import { measureSettlement, seedContracts } from './lib/agent-settlement';
import { stopAllChildren } from './lib/child';
import { getOk, measureLatency, ms, type LatencyResult, type LatencyTarget } from './lib/latency';
import { median } from './lib/rounds';
import { startPortal, type BenchServer } from './lib/servers';

/**
 * The agent centre's reports on a large team, on the real portal process and its embedded PostgreSQL:
 * 1. Seeds BENCH_AGENT_MEMBERS accounts (default 100,000) in an agent tree 6 levels deep and
 *    BENCH_AGENT_BETS seamless bets (default 5,000,000, plus a win for every tenth round) over the
 *    merchant's last 30 days, in set-based statements through the real schema and its triggers
 *    (bench/lib/agent-seed.ts), holding the agent-rollups job's advisory lock so the portal leaves the
 *    rollup to this process.
 * 2. Rolls the ledger up with the real rollUpLedger (the job's own batch settings) and times it; checks
 *    the books and that the top agent's rolled-up figures equal what was seeded.
 * 3. Measures team overview, P&L statement (by day, by downline) and downline list of the top agent and
 *    of a level-3 agent over the 30 days with sequential HTTP requests (p50/p95 of BENCH_AGENT_REQUESTS
 *    each), in BENCH_ROUNDS rounds interleaved with the portal's /wps/system/status as the baseline;
 *    apart from the summary, the downline list of a level-4 agent (mostly members).
 * 4. Gives every agent an accepted contract of each kind and settles whole days (daily salary, a daily
 *    dividend and the payday) and busy 5-minute windows with the real settlePeriod, in
 *    BENCH_SETTLEMENT_ROUNDS rounds interleaved with an empty window as the baseline
 *    (bench/lib/agent-settlement.ts): settle_day_s=<median> settle_window_s=<median>.
 * Last line: agent_report_p95_ms=<worst median p95> members=<n> bets=<n>
 */
const accounts = Number(process.env.BENCH_AGENT_MEMBERS ?? 100_000);
const bets = Number(process.env.BENCH_AGENT_BETS ?? 5_000_000);
const requestsPerRun = Number(process.env.BENCH_AGENT_REQUESTS ?? 200);
/** The extra leaf-agent downline list is slow (see README), so it gets fewer requests per round. */
const leafRequestsPerRun = Number(process.env.BENCH_AGENT_LEAF_REQUESTS ?? 40);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** Settlement rounds: each settles a day and a window of their own. */
const settlementRounds = Number(process.env.BENCH_SETTLEMENT_ROUNDS ?? 5);
const warmUpRequests = 50;
/** Bet statements run on this many connections at once (the machine has 2 cores). */
const seedConnections = Number(process.env.BENCH_AGENT_SEED_CONNECTIONS ?? 2);
/** Members per INSERT (each its own transaction); bets per INSERT, at most 500,000, at least 2 per connection. */
const memberChunk = 5_000;
const betChunk = Math.max(10_000, Math.min(500_000, Math.ceil(bets / (2 * seedConnections))));

const seconds = (startedMs: number) => ((performance.now() - startedMs) / 1000).toFixed(1);

/** Runs one step, printing how long it took. */
async function step<T>(label: string, work: () => Promise<T>, describe?: (result: T) => string): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${seconds(started)} s${describe ? `, ${describe(result)}` : ''}`);
  return result;
}

interface Seeded {
  merchant: BenchMerchant;
  topAgentId: number;
  transfersAfter: bigint;
}

/** Seeds the bets on all connections at once, each taking the next chunk until none is left. */
async function seedBetChunks(clients: pg.Client[], merchant: BenchMerchant): Promise<void> {
  const inputs = await Promise.all(clients.map((connection) => prepareBetInputs(connection, merchant)));
  let next = 0;
  await Promise.all(
    clients.map(async (connection, index) => {
      while (next < bets) {
        const first = next;
        next = Math.min(bets, next + betChunk);
        await seedBets(connection, merchant, inputs[index]!, { first, last: next - 1, total: bets });
      }
    }),
  );
}

async function seed(clients: pg.Client[]): Promise<Seeded> {
  const client = clients[0]!;
  const merchant = await selectMerchant(client);
  console.log(
    `seeding ${accounts} accounts and ${bets} bets; period ${merchant.fromDay}..${merchant.toDay} ` +
      `(GMT offset ${merchant.gmtOffsetMinutes} min)`,
  );
  const passwordHash = await hashPassword(seededPassword);
  const tree = await step(
    `seed members (INSERT ... SELECT level by level, members ${memberChunk} per statement; the placement trigger writes agent_tree and registrations)`,
    () => seedTree(client, merchant, { accounts, passwordHash, memberChunk }),
    (result) => `${result.agents} agents + ${result.members} members, depth ${result.depth}`,
  );
  const wallets = await step(
    'seed wallets and deposits',
    () => seedWalletsAndDeposits(client, merchant, bets),
    (result) => `${result.bettors} main wallets funded with ${formatMinor(result.depositMinor, 2)} each`,
  );
  await step(
    `seed bets (game_rounds, seamless_transactions, ledger_transfers; ${betChunk} bets per statement on ${clients.length} connections)`,
    () => seedBetChunks(clients, merchant),
  );
  await step(
    'seed balances (one UPDATE from the transfers)',
    () => settleBalances(client, wallets.transfersAfter),
    (updated) => `${updated} accounts`,
  );
  await step('analyze', () =>
    client.query(`analyze members, agent_tree, ledger_accounts, ledger_transfers, seamless_transactions,
      game_rounds, member_daily, team_daily, team_activity`),
  );
  return { merchant, topAgentId: tree.topAgentId, transfersAfter: wallets.transfersAfter };
}

/** The real rollup, called as the job calls it, until the ledger is rolled up; transfers per second. */
async function rollUp(databaseUrl: string): Promise<number> {
  const database = openDatabase({
    url: databaseUrl,
    poolMax: 2,
    statementTimeoutMs: 600_000,
    applicationName: 'bench-rollup',
  });
  try {
    const started = performance.now();
    let total = 0;
    for (;;) {
      const rows = await rollUpLedger(database.db);
      if (rows === 0) break;
      total += rows;
      console.log(`rollup: ${total} transfers after ${seconds(started)} s`);
    }
    const elapsed = (performance.now() - started) / 1000;
    const rate = total / elapsed;
    console.log(
      `rollup (rollUpLedger, batches of 20,000): ${total} transfers in ${elapsed.toFixed(1)} s = ${Math.round(rate)} transfers/s`,
    );
    return rate;
  } finally {
    await database.close();
  }
}

/** The books balance and the top agent's figures are exactly what was seeded; throws otherwise. */
async function checkFigures(databaseUrl: string, seeded: Seeded): Promise<bigint> {
  const database = openDatabase({
    url: databaseUrl,
    poolMax: 2,
    statementTimeoutMs: 600_000,
    applicationName: 'bench-checks',
  });
  try {
    const ledger = await countInvariantViolations(database.db);
    const { rows } = await database.pool.query<Record<string, string>>(
      `select
         (select count(*) from ledger_transfers where id > $2 and kind = 'bet')::text as seeded_bets,
         (select coalesce(sum(amount_minor), 0) from ledger_transfers where id > $2 and kind = 'bet')::text as seeded_stakes,
         (select coalesce(sum(amount_minor), 0) from ledger_transfers where id > $2 and kind = 'win')::text as seeded_wins,
         coalesce(sum(bet_count), 0)::text as bet_count, coalesce(sum(valid_bet_minor), 0)::text as valid_bet,
         coalesce(sum(payout_minor), 0)::text as payouts, coalesce(sum(registrations), 0)::text as registrations
       from team_daily where agent_id = $1`,
      [seeded.topAgentId, seeded.transfersAfter.toString()],
    );
    const row = rows[0]!;
    let stakes = 0n;
    let wins = 0n;
    for (let n = 0; n < bets; n += 1) {
      stakes += stakeOf(n);
      wins += winOf(n);
    }
    console.log(
      `checks: ledger unbalanced=${ledger.unbalanced} negative=${ledger.negative} drifting=${ledger.drifting}; ` +
        `top agent team_daily valid bet ${formatMinor(BigInt(row.valid_bet!), 2)} (seeded ${formatMinor(BigInt(row.seeded_stakes!), 2)}), ` +
        `bets ${row.bet_count} (seeded ${row.seeded_bets}), payouts ${formatMinor(BigInt(row.payouts!), 2)} ` +
        `(seeded ${formatMinor(BigInt(row.seeded_wins!), 2)}), registrations ${row.registrations}`,
    );
    const wrong = [
      ledger.unbalanced + ledger.negative + ledger.drifting !== 0 && 'the ledger invariants',
      (BigInt(row.valid_bet!) !== stakes || BigInt(row.seeded_stakes!) !== stakes) && 'valid bet',
      (BigInt(row.payouts!) !== wins || BigInt(row.seeded_wins!) !== wins) && 'payouts',
      (Number(row.bet_count) !== bets || Number(row.seeded_bets) !== bets) && 'bet count',
      Number(row.registrations) !== accounts && 'registrations',
    ].filter(Boolean);
    if (wrong.length > 0) throw new Error(`the seeded data is wrong: ${wrong.join(', ')}`);
    return stakes;
  } finally {
    await database.close();
  }
}

async function login(portal: BenchServer, key: PublicKey, username: string): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost' },
    body: JSON.stringify(
      encryptFor(key, { type: 'username', username, password: seededPassword, side: 'agent' }),
    ),
  });
  const body = (await response.json()) as { success?: boolean; value?: { token: string } };
  if (response.status !== 200 || !body.value)
    throw new Error(`login of ${username} failed: ${JSON.stringify(body)}`);
  return body.value.token;
}

/**
 * The measured calls: overview, statement by day and by downline, downlines, for both agents, and the
 * mid agent's downlines by valid bet; apart, the downline list of a level-4 agent (mostly members).
 */
async function targets(
  portal: BenchServer,
  merchant: BenchMerchant,
): Promise<{ calls: LatencyTarget[]; leaf: LatencyTarget }> {
  const key = (
    (await (
      await fetch(`${portal.baseUrl}/wps/system/publicKey`, { headers: { host: 'localhost' } })
    ).json()) as { value: PublicKey }
  ).value;
  const period = `from=${merchant.fromDay}&to=${merchant.toDay}`;
  const calls = (who: string, token: string) => {
    const headers = { host: 'localhost', authorization: `Bearer ${token}` };
    return [
      ['overview', `/wps/agent/team/overview?${period}`],
      ['statement by day', `/wps/agent/statement?groupBy=day&${period}`],
      ['statement by downline', `/wps/agent/statement?groupBy=downline&${period}`],
      ['downlines', `/wps/agent/downlines?${period}`],
    ].map(([label, path]) => ({ label: `${who} ${label}`, url: `${portal.baseUrl}${path}`, headers }));
  };
  const top = calls('top', await login(portal, key, topAgentUsername));
  const mid = calls('mid', await login(portal, key, midAgentUsername));
  const byValidBet = {
    ...mid[3]!,
    label: 'mid downlines by valid bet',
    url: `${portal.baseUrl}/wps/agent/downlines?sort=validBet&${period}`,
  };
  const leaf = calls('leaf', await login(portal, key, leafAgentUsername))[3]!;
  return { calls: [...top, ...mid, byValidBet], leaf: { ...leaf, label: 'leaf agent downlines' } };
}

/** What the portal answers must be what was seeded: the top agent's overview against the seeded sums. */
async function checkOverview(target: LatencyTarget, stakes: bigint): Promise<void> {
  const overview = (JSON.parse(await getOk(target)) as { value: AgentTeamOverview }).value;
  console.log(
    `top overview: members=${overview.members} activeMembers=${overview.activeMembers} ` +
      `validBet=${overview.figures.validBet} betCount=${overview.figures.betCount} profitLoss=${overview.figures.profitLoss}`,
  );
  if (
    overview.members !== accounts - 1 ||
    overview.figures.validBet !== formatMinor(stakes, 2) ||
    overview.figures.betCount !== bets
  ) {
    throw new Error('the top agent overview does not show the seeded team and bets');
  }
}

interface Series {
  label: string;
  results: LatencyResult[];
}

const spread = (values: number[]) => `${ms(Math.min(...values))}-${ms(Math.max(...values))}`;

function describeSeries({ label, results }: Series): string {
  const p95s = results.map((result) => result.p95Ms);
  return (
    `${label}: p50=${ms(median(results.map((result) => result.p50Ms)))}ms ` +
    `p95=${ms(median(p95s))}ms (p95 over ${results.length} rounds ${spread(p95s)}ms)`
  );
}

/**
 * Rounds of the baseline then every call, each BENCH_AGENT_REQUESTS sequential requests (the baseline
 * five times as many; the leaf agent's list, last, BENCH_AGENT_LEAF_REQUESTS); the first series is the
 * baseline, the last the leaf's.
 */
async function measureRounds(
  portal: BenchServer,
  calls: LatencyTarget[],
  leaf: LatencyTarget,
): Promise<Series[]> {
  const baseline: LatencyTarget = {
    label: 'status (baseline)',
    url: `${portal.baseUrl}/wps/system/status`,
    headers: { host: 'localhost' },
  };
  const all = [baseline, ...calls, leaf];
  // The baseline answers in well under a millisecond: five times the requests steady its p95.
  const countOf = (target: LatencyTarget) =>
    target === leaf ? leafRequestsPerRun : target === baseline ? 5 * requestsPerRun : requestsPerRun;
  for (const target of all) await measureLatency(target, Math.min(warmUpRequests, countOf(target)));
  const series: Series[] = all.map((target) => ({ label: target.label, results: [] }));
  for (let round = 1; round <= rounds; round += 1) {
    for (const [index, target] of all.entries()) {
      const result = await measureLatency(target, countOf(target));
      series[index]!.results.push(result);
      console.log(
        `round ${round} ${target.label} p50=${ms(result.p50Ms)}ms p95=${ms(result.p95Ms)}ms requests=${result.requests}`,
      );
    }
  }
  return series;
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  const portal = await startPortal('agents');
  const databaseUrl = portal.databaseUrl!;
  // The portal's agent-rollups job skips its runs while another session holds its advisory lock (as a
  // second instance would), so the seeded transfers are rolled up here, once, and timed.
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-lock' });
  const clients = Array.from(
    { length: seedConnections },
    () => new pg.Client({ connectionString: databaseUrl, application_name: 'bench-seed' }),
  );
  const client = clients[0]!;
  try {
    await lock.connect();
    await lock.query('select pg_advisory_lock($1::bigint)', [jobLockKeys['agent-rollups']]);
    for (const connection of clients) {
      await connection.connect();
      await connection.query(`set work_mem = '256MB'`);
    }
    const seeded = await seed(clients);
    const rate = await rollUp(databaseUrl);
    await lock.query('select pg_advisory_unlock($1::bigint)', [jobLockKeys['agent-rollups']]);
    await step('vacuum analyze of the rollups (what autovacuum does after a bulk load)', () =>
      client.query(`vacuum (analyze) agent_tree, members, member_daily, team_daily, team_activity,
        member_first_deposits, ledger_accounts`),
    );
    const stakes = await step('checks', () => checkFigures(databaseUrl, seeded));
    const { calls, leaf } = await targets(portal, seeded.merchant);
    await checkOverview(calls[0]!, stakes);
    console.log(
      `measuring: ${rounds} rounds of ${requestsPerRun} sequential requests per call (the leaf agent's list ` +
        `${leafRequestsPerRun}), after ${warmUpRequests} warm-up; period ${seeded.merchant.fromDay}..${seeded.merchant.toDay}`,
    );
    const series = await measureRounds(portal, calls, leaf);
    for (const entry of series) console.log(describeSeries(entry));
    const p95Of = (entry: Series) => median(entry.results.map((result) => result.p95Ms));
    const baselineP95 = p95Of(series[0]!);
    const worst = Math.max(...series.slice(1, -1).map(p95Of));
    console.log(
      `rollup_transfers_per_s=${Math.round(rate)} status_p95_ms=${ms(baselineP95)} ` +
        `agent_report_vs_status_p95=${(worst / baselineP95).toFixed(1)} ` +
        `leaf_agent_downlines_p95_ms=${ms(p95Of(series.at(-1)!))} (not in the summary)`,
    );
    await step(
      'seed contracts (an accepted contract of every kind for every agent below the top)',
      () => seedContracts(databaseUrl, seeded.merchant),
      (count) => `${count} contracts`,
    );
    const settlement = await measureSettlement(databaseUrl, seeded.merchant, settlementRounds);
    console.log(
      `settle_day_s=${settlement.daySeconds.toFixed(2)} settle_window_s=${settlement.windowSeconds.toFixed(2)} ` +
        `settle_empty_window_s=${settlement.baselineSeconds.toFixed(3)}`,
    );
    console.log(`agent_report_p95_ms=${ms(worst)} members=${accounts} bets=${bets}`);
  } finally {
    await Promise.all(clients.map((connection) => connection.end().catch(() => undefined)));
    await lock.end().catch(() => undefined);
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`agents.bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
