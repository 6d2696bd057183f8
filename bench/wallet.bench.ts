import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { SeamlessVendorClient } from '../apps/server/src/modules/seamless/vendor-client';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { countInvariantViolations } from '../apps/server/src/modules/wallet/ledger.repo';
import { applyWithdrawalRule, issueBonus } from '../apps/server/src/modules/rewards/bonus-wallet';
import type { MerchantConfig } from '../apps/server/src/modules/system';
import {
  mainBalances,
  seedSeamlessPlayers,
  type SeamlessPlayer,
} from '../apps/server/src/test/seamless-players';
import { stopAllChildren } from './lib/child';
import { median } from './lib/rounds';
import { cpuSecondsBetween, describeCpu, sampleCpu } from './lib/cpu';
import { startPortal, type BenchServer } from './lib/servers';
import { resetStatementStats, statementReport } from './lib/statements';

/**
 * Seamless-wallet throughput against PostgreSQL's own yardstick, in one run on one PostgreSQL:
 * BENCH_WALLET_ROUNDS (default 3) interleaved rounds of
 * 1. 8 concurrent vendor clients calling the real portal over HTTP with signed requests, in rounds of
 *    bet, bet, win (each call one operation), each client with BENCH_WALLET_SESSIONS players in play
 *    (default 4; 1 = one request in flight per client);
 * 2. pgbench TPC-B (scale 10, 8 clients, prepared statements) on a database of its own;
 * each round's ratio, their median and spread, and the CPU seconds of the portal, its PostgreSQL and the
 *  load generator (vendor clients or pgbench) in each run (its 2 s warm-up included).
 * Then the books are checked: sums zero, no negative player, balances equal to their entries, every
 * acknowledged call applied exactly once and nothing else, each player's balance as the clients expect.
 * Then the rewards check (issue 14): interleaved rounds of the same play without and with rewards in
 * play for every player (a cashback activity joined, a bonus wallet wagering, the bonus-wagering job
 * working on it), BENCH_REWARD_ROUNDS pairs (default 3); each pair's ratio, the median and the spread.
 * Then the points check (issue 15): interleaved rounds with points earning off and on (the merchant's
 * rates set, the points-earning job crediting every bet from the ledger), BENCH_POINTS_ROUNDS pairs
 * (default 3). Earning is off for every other measurement, so the earlier figures mean what they meant.
 * Then the responsible-gaming check (issue 17): interleaved rounds without and with loss, wager and session
 * limits for every player (the wager-time gate and count on every bet and win), BENCH_RG_ROUNDS pairs.
 * Last lines: wallet_vs_pgbench=<median> spread=<n> rounds=... p99_ms=<n> violations=<n> portal_cpu_s=<n>
 * clients_cpu_s=<n> postgres_cpu_s=<n> postgres_us_per_call=<n>, then wallet_rewards_ratio=<median> ...
 * wallet_points_ratio=<median> ... wallet_rg_ratio=<median> ...
 */
const durationSeconds = Number(process.env.BENCH_DURATION_SECONDS ?? 8);
const warmupSeconds = 2;
const vendorClients = 8;
/**
 * Players in play at once per vendor client: a vendor's server serves many players, each round of one
 * player strictly in order. 1 gives exactly 8 requests in flight, like pgbench's 8 clients.
 */
const sessionsPerClient = Number(process.env.BENCH_WALLET_SESSIONS ?? 4);
const lanes = vendorClients * sessionsPerClient;
const playerCount = Number(process.env.BENCH_WALLET_PLAYERS ?? 800);
const fundsMinor = 100_000_000n;
const vendorCode = 'BGS';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** Runs a command to completion, returning its stdout; fails with its stderr. */
function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${command} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

/** A pgbench TPC-B database (scale 10) of its own on the portal's PostgreSQL; returns its URL. */
async function pgbenchInit(database: Database, portalUrl: string): Promise<string> {
  await database.pool.query('drop database if exists pgbench_tpcb');
  await database.pool.query('create database pgbench_tpcb');
  const url = portalUrl.replace(/\/portal$/, '/pgbench_tpcb');
  await run('pgbench', ['-i', '-s', '10', '-q', url]);
  return url;
}

/** One pgbench TPC-B run: 8 clients, prepared statements, as long as a wallet run is measured. */
async function pgbenchTps(url: string): Promise<number> {
  const output = await run('pgbench', [
    '-c',
    '8',
    '-j',
    '2',
    '-M',
    'prepared',
    '-T',
    String(durationSeconds),
    url,
  ]);
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (!match) throw new Error(`pgbench printed no tps: ${output}`);
  return Number(match[1]);
}

interface Tally {
  operations: number;
  latenciesMs: number[];
  unexpected: string[];
  acknowledged: Set<string>;
  expectedMinor: Map<number, bigint>;
}

/** One vendor client: rounds of bet, bet, win over its own slice of players until `endAt`. */
async function vendorLoop(
  client: SeamlessVendorClient,
  index: number,
  players: SeamlessPlayer[],
  endAt: number,
  tally: Tally,
  record: () => boolean,
  runTag: string,
): Promise<void> {
  const mine = players.filter((_, position) => position % lanes === index);
  let sequence = 0;
  while (Date.now() < endAt) {
    const player = mine[sequence % mine.length]!;
    sequence += 1;
    const roundId = `${runTag}c${index}-r${sequence}`;
    const base = {
      merchantCode: 'demo',
      playerId: String(player.id),
      currency: 'THB',
      roundId,
      gameCode: 'bench-slot',
    };
    const stakes = [BigInt(100 + ((sequence * 37) % 9_900)), BigInt(100 + ((sequence * 53) % 4_900))];
    const winMinor = BigInt((sequence * 7919) % 30_000) + 1n;
    const calls: [string, bigint, () => ReturnType<SeamlessVendorClient['bet']>][] = [
      ...stakes.map((stake, betIndex): [string, bigint, () => ReturnType<SeamlessVendorClient['bet']>] => {
        const transactionId = `${roundId}-b${betIndex}`;
        return [
          transactionId,
          -stake,
          () =>
            client.bet({
              ...base,
              sessionToken: player.sessionToken,
              amount: minorText(stake),
              transactionId,
            }),
        ];
      }),
      [
        `${roundId}-w`,
        winMinor,
        () =>
          client.win({
            ...base,
            amount: minorText(winMinor),
            transactionId: `${roundId}-w`,
            roundClosed: true,
          }),
      ],
    ];
    for (const [transactionId, deltaMinor, send] of calls) {
      const started = performance.now();
      const reply = await send();
      const elapsed = performance.now() - started;
      if (reply.status !== 200) {
        tally.unexpected.push(`${transactionId}: ${reply.status} ${reply.code ?? ''}`);
        continue;
      }
      tally.acknowledged.add(transactionId);
      tally.expectedMinor.set(player.id, (tally.expectedMinor.get(player.id) ?? fundsMinor) + deltaMinor);
      if (record()) {
        tally.operations += 1;
        tally.latenciesMs.push(elapsed);
      }
    }
  }
}

function minorText(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}

function newTally(): Tally {
  return {
    operations: 0,
    latenciesMs: [],
    unexpected: [],
    acknowledged: new Set(),
    expectedMinor: new Map(),
  };
}

async function seedPlayers(database: Database) {
  return seedSeamlessPlayers(database.db, { count: playerCount, fundsMinor, vendorCode, prefix: 'benchw' });
}

/** One measured run of every lane over the players; answers its operations per second. */
async function walletRun(
  portal: BenchServer,
  database: Database,
  players: SeamlessPlayer[],
  tally: Tally,
  runTag = '',
): Promise<number> {
  const { secret } = await database.db
    .selectFrom('vendors')
    .select('secret')
    .where('code', '=', vendorCode)
    .executeTakeFirstOrThrow();
  const clients = Array.from(
    { length: vendorClients },
    () => new SeamlessVendorClient(portal.baseUrl, vendorCode, secret),
  );
  const before = tally.operations;
  const measureFrom = Date.now() + warmupSeconds * 1000;
  const endAt = measureFrom + durationSeconds * 1000;
  await Promise.all(
    Array.from({ length: lanes }, (_, index) =>
      vendorLoop(
        clients[index % vendorClients]!,
        index,
        players,
        endAt,
        tally,
        () => Date.now() >= measureFrom,
        runTag,
      ),
    ),
  );
  return (tally.operations - before) / durationSeconds;
}

const rewardRounds = Number(process.env.BENCH_REWARD_ROUNDS ?? 3);

/**
 * Rewards in play for every player: a cashback activity every player joined (once), and a bonus issued
 * into each bonus wallet with a wagering requirement the run cannot meet, so the bonus-wagering job
 * recomputes their progress from the rounds throughout the run; the merchant spends bonus money first
 * (spending order bonus_first, decision 0030), so bets take the bonus wallet and then the main one.
 */
async function rewardsInPlay(
  database: Database,
  merchantId: number,
  players: SeamlessPlayer[],
  round: number,
  tally: Tally,
) {
  const { db } = database;
  const setOrder = (spendingOrder: 'locked' | 'bonus_first') =>
    db
      .insertInto('reward_settings')
      .values({
        merchant_id: merchantId,
        social_contact_cap_minor: 13_100_000n,
        spending_order: spendingOrder,
      })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ spending_order: spendingOrder }))
      .execute();
  const merchant = { id: merchantId, currency: { code: 'THB', decimals: 2 } } as MerchantConfig;
  let activity = await db
    .selectFrom('reward_activities')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('title', '=', 'Bench cashback')
    .executeTakeFirst();
  if (!activity) {
    activity = await db
      .insertInto('reward_activities')
      .values({
        merchant_id: merchantId,
        announcement_id: null,
        kind: 'cashback',
        title: 'Bench cashback',
        rules: JSON.stringify({
          kind: 'cashback',
          basis: 'net_loss',
          percent: '10.00',
          cap: '100.00',
          period: 'day',
        }),
        starts_at: new Date(),
        ends_at: null,
        new_players_only: false,
        once: 'period',
        requires_join: true,
        issue: 'auto',
        wagering_multiplier: 100,
        wagering_weights: JSON.stringify({ LIVE: 10 }) as unknown as Record<string, number>,
        withdraw_rule: 'forfeit',
        closed_at: null,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('reward_joins')
      .values(players.map((player) => ({ activity_id: activity!.id, member_id: player.id })))
      .execute();
  }
  for (const player of players) {
    await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('reward_claims')
        .values({
          merchant_id: merchantId,
          activity_id: activity.id,
          member_id: player.id,
          period_key: `bench-${round}`,
          amount_minor: 1_000_000n,
          status: 'issued',
          contact_app: null,
          contact_id: null,
          ip: null,
          device: null,
          decided_by: null,
          decided_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await issueBonus(trx, {
        merchant,
        memberId: player.id,
        claimId: claim.id,
        idempotencyKey: `reward:${activity.id}:${player.id}:bench-${round}`,
        amountMinor: 1_000_000n,
        multiplier: 100,
        weights: { LIVE: 10 },
        withdrawRule: 'forfeit',
      });
    });
  }
  await setOrder('bonus_first');
  return {
    /**
     * Takes them out of play again (forfeits what remains of every bonus, spends no more bonus money), for
     * the next run without rewards. What bets spent of a bonus did not leave the main wallet: the clients'
     * expected main balances gain it.
     */
    async end() {
      await setOrder('locked');
      const wallets = await db
        .selectFrom('ledger_accounts')
        .select(['member_id', 'balance_minor'])
        .where('kind', '=', 'player_bonus')
        .where(
          'member_id',
          'in',
          players.map((player) => player.id),
        )
        .execute();
      const left = new Map(wallets.map((wallet) => [wallet.member_id!, wallet.balance_minor]));
      for (const player of players) {
        const spent = 1_000_000n - (left.get(player.id) ?? 0n);
        tally.expectedMinor.set(player.id, (tally.expectedMinor.get(player.id) ?? fundsMinor) + spent);
        await db.transaction().execute((trx) => applyWithdrawalRule(trx, merchant, player.id, true));
      }
    },
  };
}

/** Interleaved pairs of runs without and with rewards; each pair's ratio, their median and spread. */
async function rewardsRatio(
  portal: BenchServer,
  database: Database,
  players: SeamlessPlayer[],
  merchantId: number,
  tally: Tally,
) {
  const ratios: number[] = [];
  for (let round = 1; round <= rewardRounds; round += 1) {
    const plain = await walletRun(portal, database, players, tally, `plain${round}-`);
    const rewards = await rewardsInPlay(database, merchantId, players, round, tally);
    const withRewards = await walletRun(portal, database, players, tally, `rewards${round}-`);
    await rewards.end();
    ratios.push(withRewards / plain);
    console.log(
      `rewards round ${round}: ${plain.toFixed(0)} ops/s without, ${withRewards.toFixed(0)} with rewards in play`,
    );
  }
  const spread = Math.max(...ratios) - Math.min(...ratios);
  return `wallet_rewards_ratio=${median(ratios).toFixed(3)} spread=${spread.toFixed(3)} rounds=${ratios.map((ratio) => ratio.toFixed(3)).join(',')}`;
}

const pointsRounds = Number(process.env.BENCH_POINTS_ROUNDS ?? 3);

/**
 * Points earning on or off for the merchant (the rates of the demo seed: 0.01 point per 1.00 on slots).
 * Its VIP tiers are dropped: a level-up reward would change balances the clients keep count of.
 */
async function setPointsEarning(database: Database, merchantId: number, on: boolean) {
  await database.db.deleteFrom('points_vip_tiers').where('merchant_id', '=', merchantId).execute();
  await database.db
    .insertInto('points_settings')
    .values({ merchant_id: merchantId, earning_enabled: on, slots_rate_e4: 100n, live_rate_e4: 200n })
    .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ earning_enabled: on }))
    .execute();
}

/** How many bets have earned points so far (their points_earnings rows). */
async function pointsEarned(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('points_earnings')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('points_minor', '>', 0n)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Interleaved pairs of runs with points earning off and on; each pair's ratio, their median and spread. */
async function pointsRatio(
  portal: BenchServer,
  database: Database,
  players: SeamlessPlayer[],
  merchantId: number,
  tally: Tally,
) {
  const ratios: number[] = [];
  for (let round = 1; round <= pointsRounds; round += 1) {
    // The seamless routes allow a vendor 120,000 calls a minute; a pair of runs makes about 80,000 at
    // 4,000 a second, so a pause keeps any one-minute window under the limit (a 429 is not a figure).
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    const plain = await walletRun(portal, database, players, tally, `ptsoff${round}-`);
    await setPointsEarning(database, merchantId, true);
    const before = await pointsEarned(database);
    const withPoints = await walletRun(portal, database, players, tally, `ptson${round}-`);
    // Let the job catch up with the run's last bets before earning goes off again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const earned = (await pointsEarned(database)) - before;
    await setPointsEarning(database, merchantId, false);
    ratios.push(withPoints / plain);
    console.log(
      `points round ${round}: ${plain.toFixed(0)} ops/s with earning off, ${withPoints.toFixed(0)} on (${earned} bets earned points)`,
    );
  }
  const spread = Math.max(...ratios) - Math.min(...ratios);
  return `wallet_points_ratio=${median(ratios).toFixed(3)} spread=${spread.toFixed(3)} rounds=${ratios.map((ratio) => ratio.toFixed(3)).join(',')}`;
}

const rgRounds = Number(process.env.BENCH_RG_ROUNDS ?? 4);

/**
 * Responsible-gaming limits for every player (issue 17) or for none: loss and wager limits on all three
 * periods and a session time limit, high enough never to refuse a bench bet, so every bet and win runs
 * the wager-time rule (rg_wager_state) and the count on the wallet row without changing what the clients expect.
 */
async function setRgLimits(database: Database, merchantId: number, players: SeamlessPlayer[], on: boolean) {
  const ids = players.map((player) => player.id);
  await sql`delete from rg_wager_state where member_id = any(${ids}::int[])`.execute(database.db);
  await sql`delete from rg_limits where member_id = any(${ids}::int[])`.execute(database.db);
  // The running windows live on the wallet row (migration 0039): each round counts from nothing.
  await sql`
    update ledger_accounts set rg_session_net_minor = null, rg_day_started_at = null,
      rg_day_wagered_minor = null, rg_day_lost_minor = null, rg_week_started_at = null,
      rg_week_wagered_minor = null, rg_week_lost_minor = null, rg_month_started_at = null,
      rg_month_wagered_minor = null, rg_month_lost_minor = null
    where member_id = any(${ids}::int[]) and rg_session_net_minor is not null`.execute(database.db);
  if (!on) return;
  const high = 1_000_000_000_000_000n;
  await sql`
    insert into rg_limits (member_id, merchant_id, kind, period, amount_minor)
    select m, ${merchantId}::int, k, p, ${high}::bigint
    from unnest(${ids}::int[]) m, unnest(array['loss', 'wager']) k, unnest(array['day', 'week', 'month']) p`.execute(
    database.db,
  );
  await sql`
    insert into rg_wager_state (member_id, merchant_id, loss_day_minor, loss_week_minor, loss_month_minor,
      wager_day_minor, wager_week_minor, wager_month_minor, session_limit_minutes, session_started_at)
    select m, ${merchantId}::int, ${high}::bigint, ${high}::bigint, ${high}::bigint, ${high}::bigint,
      ${high}::bigint, ${high}::bigint, 1440, now()
    from unnest(${ids}::int[]) m`.execute(database.db);
}

/**
 * Interleaved pairs of runs without and with limits for every player (which goes first alternates); each
 * pair's ratio, median, spread.
 */
async function rgRatio(
  portal: BenchServer,
  database: Database,
  players: SeamlessPlayer[],
  merchantId: number,
  tally: Tally,
) {
  const ratios: number[] = [];
  for (let round = 1; round <= rgRounds; round += 1) {
    // As the points rounds: a pause keeps any one-minute window under the vendor's rate limit.
    await new Promise((resolve) => setTimeout(resolve, 35_000));
    // The two runs of a pair swap places every round, so neither always runs on the warmer second turn.
    const limitsFirst = round % 2 === 0;
    let plain = 0;
    if (!limitsFirst) plain = await walletRun(portal, database, players, tally, `rgoff${round}-`);
    await setRgLimits(database, merchantId, players, true);
    const withLimits = await walletRun(portal, database, players, tally, `rgon${round}-`);
    const counted = await sql<{ n: string }>`
      select count(*) as n from ledger_accounts where rg_day_wagered_minor > 0`.execute(database.db);
    await setRgLimits(database, merchantId, players, false);
    if (limitsFirst) plain = await walletRun(portal, database, players, tally, `rgoff${round}-`);
    ratios.push(withLimits / plain);
    console.log(
      `rg round ${round}: ${plain.toFixed(0)} ops/s without limits, ${withLimits.toFixed(0)} with (${counted.rows[0]?.n} players counted)`,
    );
  }
  const spread = Math.max(...ratios) - Math.min(...ratios);
  return `wallet_rg_ratio=${median(ratios).toFixed(3)} spread=${spread.toFixed(3)} rounds=${ratios.map((ratio) => ratio.toFixed(3)).join(',')}`;
}

/** Every way the books can disagree with what the clients were told, counted. */
async function violationsAfter(database: Database, tally: Tally, players: SeamlessPlayer[]): Promise<number> {
  const { db } = database;
  const ledger = await countInvariantViolations(db);
  const stored = await db.selectFrom('seamless_transactions').select(['vendor_tx_id']).execute();
  const storedIds = new Set(stored.map((row) => row.vendor_tx_id));
  const missing = [...tally.acknowledged].filter((id) => !storedIds.has(id)).length;
  const extra = stored.length - tally.acknowledged.size + missing;
  const balances = await mainBalances(db, players);
  const wrongBalances = [...balances].filter(
    ([memberId, balance]) => balance !== (tally.expectedMinor.get(memberId) ?? fundsMinor),
  ).length;
  console.log(
    `checks: unbalanced=${ledger.unbalanced} negative=${ledger.negative} drifting=${ledger.drifting} ` +
      `acknowledged_missing=${missing} unacknowledged_applied=${extra} wrong_balances=${wrongBalances} unexpected_replies=${tally.unexpected.length}`,
  );
  if (tally.unexpected.length > 0)
    console.log(`first unexpected: ${tally.unexpected.slice(0, 3).join('; ')}`);
  return (
    ledger.unbalanced +
    ledger.negative +
    ledger.drifting +
    missing +
    extra +
    wrongBalances +
    tally.unexpected.length
  );
}

const walletRounds = Number(process.env.BENCH_WALLET_ROUNDS ?? 3);

/**
 * Interleaved rounds of the portal's seamless wallet and pgbench TPC-B on the same PostgreSQL (issue 19:
 * one baseline run swung the ratio from 0.98 to 0.61): each round's ratio, their median and spread, the
 * latency percentiles over every wallet run, and the CPU seconds each process used in each run, so the
 * reader sees where the two cores went.
 */
async function walletVsPgbench(
  portal: BenchServer,
  database: Database,
  players: SeamlessPlayer[],
  tally: Tally,
  pgbenchUrl: string,
) {
  const ratios: number[] = [];
  const p99s: number[] = [];
  const cpus: { portal: number; postgres: number; load: number; ops: number }[] = [];
  for (let round = 1; round <= walletRounds; round += 1) {
    // The seamless routes allow a vendor 120,000 calls a minute: a pause between rounds keeps any
    // one-minute window under it even at 4,000 calls a second (a 429 is not a figure).
    if (round > 1) await new Promise((resolve) => setTimeout(resolve, 10_000));
    const from = tally.latenciesMs.length;
    const walletCpuFrom = sampleCpu(portal.child.pid);
    const walletOps = await walletRun(portal, database, players, tally, `main${round}-`);
    const walletCpu = cpuSecondsBetween(walletCpuFrom, sampleCpu(portal.child.pid));
    const pgbenchCpuFrom = sampleCpu(portal.child.pid);
    const tps = await pgbenchTps(pgbenchUrl);
    const pgbenchCpu = cpuSecondsBetween(pgbenchCpuFrom, sampleCpu(portal.child.pid));
    const sorted = tally.latenciesMs.slice(from).sort((a, b) => a - b);
    p99s.push(percentile(sorted, 0.99));
    ratios.push(walletOps / tps);
    // The CPU was read around the warm-up too: count its calls at the measured rate.
    cpus.push({ ...walletCpu, ops: walletOps * (warmupSeconds + durationSeconds) });
    console.log(
      `wallet round ${round}: ${walletOps.toFixed(0)} ops/s over ${durationSeconds}s from ${vendorClients} vendor clients x ${sessionsPerClient} players in play, ` +
        `p50=${percentile(sorted, 0.5).toFixed(1)}ms p99=${percentile(sorted, 0.99).toFixed(1)}ms (${describeCpu(walletCpu)}); ` +
        `pgbench TPC-B s=10 c=8: ${tps.toFixed(0)} tps (${describeCpu(pgbenchCpu)}); ratio ${(walletOps / tps).toFixed(3)}`,
    );
  }
  const all = [...tally.latenciesMs].sort((a, b) => a - b);
  const spread = Math.max(...ratios) - Math.min(...ratios);
  // Where the cores went in the wallet's runs (medians over rounds), and PostgreSQL's CPU per call: the
  // figure that says whether a change made each call cheaper, whatever the machine's other load.
  const cpuOf = (pick: (cpu: (typeof cpus)[number]) => number) => median(cpus.map(pick));
  return {
    p99: percentile(all, 0.99),
    summary:
      `wallet_vs_pgbench=${median(ratios).toFixed(3)} spread=${spread.toFixed(3)} ` +
      `rounds=${ratios.map((ratio) => ratio.toFixed(3)).join(',')} p99_rounds=${p99s.map((p) => p.toFixed(1)).join(',')}`,
    cpu:
      `portal_cpu_s=${cpuOf((cpu) => cpu.portal).toFixed(1)} clients_cpu_s=${cpuOf((cpu) => cpu.load).toFixed(1)} ` +
      `postgres_cpu_s=${cpuOf((cpu) => cpu.postgres).toFixed(1)} ` +
      `postgres_us_per_call=${cpuOf((cpu) => (cpu.postgres / cpu.ops) * 1e6).toFixed(0)}`,
  };
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  // BENCH_WALLET_STATEMENTS=1: where the calls' time and WAL go in PostgreSQL (bench/lib/statements.ts).
  const statements = process.env.BENCH_WALLET_STATEMENTS === '1';
  const portal = await startPortal('wallet', {
    DB_POOL_MAX: '16',
    ...(statements ? { EMBEDDED_PG_STATEMENT_STATS: 'true' } : {}),
  });
  const database = openDatabase({
    url: portal.databaseUrl!,
    poolMax: 4,
    statementTimeoutMs: 120_000,
    applicationName: 'bench',
  });
  try {
    const seeded = await seedPlayers(database);
    const players = seeded.players;
    // Points earning (issue 15) is measured on its own below; every other figure is taken without it.
    await setPointsEarning(database, seeded.merchantId, false);
    const tally = newTally();
    const pgbenchUrl = await pgbenchInit(database, portal.databaseUrl!);
    if (statements) await resetStatementStats(database.db);
    const comparison = await walletVsPgbench(portal, database, players, tally, pgbenchUrl);
    if (statements) for (const line of await statementReport(database.db)) console.log(line);
    const p99 = comparison.p99;
    const violations = await violationsAfter(database, tally, players);
    const summary = `${comparison.summary} p99_ms=${p99.toFixed(1)} violations=${violations} ${comparison.cpu}`;
    const rewards =
      rewardRounds === 0 ? '' : ` ${await rewardsRatio(portal, database, players, seeded.merchantId, tally)}`;
    const afterRewards =
      rewardRounds === 0
        ? ''
        : ` violations_after_rewards=${await violationsAfter(database, tally, players)}`;
    const points =
      pointsRounds === 0 ? '' : ` ${await pointsRatio(portal, database, players, seeded.merchantId, tally)}`;
    const afterPoints =
      pointsRounds === 0 ? '' : ` violations_after_points=${await violationsAfter(database, tally, players)}`;
    const rg = rgRounds === 0 ? '' : ` ${await rgRatio(portal, database, players, seeded.merchantId, tally)}`;
    const afterRg =
      rgRounds === 0 ? '' : ` violations_after_rg=${await violationsAfter(database, tally, players)}`;
    console.log(`${summary}${rewards}${afterRewards}${points}${afterPoints}${rg}${afterRg}`);
  } finally {
    await database.pool.end();
    await portal.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`wallet.bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
