import fs from 'node:fs';
import type { PublicKey } from '@portal/contracts';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { SeamlessVendorClient } from '../apps/server/src/modules/seamless/vendor-client';
import { encryptFor } from '../apps/server/src/test/encrypt';
import { seedSeamlessPlayers, type SeamlessPlayer } from '../apps/server/src/test/seamless-players';
import { stopAllChildren } from './lib/child';
import { percentile } from './lib/latency';
import { startPortal, type BenchServer } from './lib/servers';

/**
 * Load and soak (issue 21): a mixed workload for SOAK_MINUTES (default 30) against one portal, watching
 * for what a short bench cannot see: memory that only grows, latency that creeps up.
 *
 * SOAK_USERS (default 8) players at once, each in a loop of weighted actions: browsing as a visitor
 * (whitelabel, menus, lanes, hot games, banners, notices), the game list with the player's token,
 * seamless bets and wins signed as the vendor BGS, reports (bet records, account records, profit), a
 * manual deposit request, and a fresh login (argon2id, the costliest call). Every answer must be a 2xx;
 * any other is counted and shown, and the bench fails if there was one.
 *
 * Each minute prints its request count, latency percentiles, errors and the portal process's resident
 * memory (RSS, sampled every 5 s from /proc). The last line:
 * `soak_rss_slope_mb_per_h=<n> soak_p99_ms_first=<n> soak_p99_ms_last=<n>`: the least-squares slope of
 * RSS over time (samples after the first minute, which is warm-up, when the run has three or more),
 * and the p99 of the first and the last minute.
 *
 * By default the bench starts its own portal (as the other benches do). SOAK_URL aims it at a running
 * one instead; it then needs SOAK_DATABASE_URL (players and their game sessions are seeded there) and,
 * for the RSS figures, SOAK_PID: the portal's process id on this machine, or several separated by
 * commas (the instances behind a proxy), whose resident memory is summed; each one's slope is printed too.
 * To tell a growing JavaScript heap from native memory, each minute also reads the V8 heap in use and
 * the external memory from the portal's /metrics (loopback callers may read it): its own portal's, or
 * those of SOAK_METRICS_URLS (the instances' own addresses, separated by commas), summed; the run ends
 * with `soak_heap_slope_mb_per_h` over those minutes (after the first) before its last line.
 */
const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const users = Number(process.env.SOAK_USERS ?? 8);
const rssSampleMs = 5_000;
const vendorCode = 'BGS';
const fundsMinor = 1_000_000_000n;

type Kind = 'browse' | 'games' | 'bet' | 'report' | 'deposit' | 'login';

/** Each action's weight in a player's loop: mostly reading and betting, a login now and then. */
const weights: [Kind, number][] = [
  ['browse', 30],
  ['games', 15],
  ['bet', 30],
  ['report', 12],
  ['deposit', 8],
  ['login', 5],
];

const browsePaths = [
  '/wps/system/whitelabel',
  '/lgw/games/game_menus?language=EN',
  '/wps/relay/games_lanes?platform=html5-desktop&language=EN',
  '/wps/relay/games_hot?isPlatform=2&platform=W&language=EN',
  '/wps/relay/banner_list?groupName=w_home',
  '/wps/relay/announcement_notices',
];
const reportPaths = [
  '/wps/relay/bet_records?preset=last7&page=1&pageSize=20',
  '/wps/relay/account_records?preset=last7&page=1&pageSize=20',
  '/wps/relay/personal_profit?preset=last7',
];
const gameListPath = '/wps/relay/games_list?clientType=3&platform=W&gameType=RNG&pageNo=1&pageSize=20';

interface Target {
  baseUrl: string;
  database: Database;
  /** The portal's processes (one, or each instance behind a proxy); empty when unknown. */
  pids: number[];
  /** Where each portal process serves /metrics (its own address, not a proxy's); empty when unknown. */
  metricsUrls: string[];
  stop(): Promise<void>;
}

interface Minute {
  latenciesMs: number[];
  byKind: Map<Kind, number[]>;
  errors: number;
}

const newMinute = (): Minute => ({ latenciesMs: [], byKind: new Map(), errors: 0 });

/** The portal to load: SOAK_URL's, or one started here on its own embedded PostgreSQL. */
async function openTarget(): Promise<Target> {
  const poolOptions = { poolMax: 4, statementTimeoutMs: 120_000, applicationName: 'bench-soak' };
  if (process.env.SOAK_URL) {
    const url = process.env.SOAK_DATABASE_URL;
    if (!url) throw new Error('SOAK_URL needs SOAK_DATABASE_URL (the players are seeded there)');
    const pids = (process.env.SOAK_PID ?? '').split(',').filter(Boolean).map(Number);
    if (pids.some((pid) => !Number.isInteger(pid) || pid <= 0))
      throw new Error(`SOAK_PID must be process ids separated by commas: ${process.env.SOAK_PID}`);
    const metricsUrls = (process.env.SOAK_METRICS_URLS ?? '').split(',').filter(Boolean);
    const database = openDatabase({ url, ...poolOptions });
    return { baseUrl: process.env.SOAK_URL, database, pids, metricsUrls, stop: () => database.pool.end() };
  }
  const portal: BenchServer = await startPortal('soak');
  const database = openDatabase({ url: portal.databaseUrl!, ...poolOptions });
  return {
    baseUrl: portal.baseUrl,
    database,
    pids: portal.child.pid === undefined ? [] : [portal.child.pid],
    metricsUrls: [portal.baseUrl],
    async stop() {
      await database.pool.end();
      await portal.stop();
    },
  };
}

/** The resident memory of a process in MB, from /proc (undefined when it cannot be read). */
function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The processes' resident memory summed (undefined when there are none or one cannot be read). */
function totalRssMb(pids: number[]): number | undefined {
  const each = pids.map(rssMb);
  if (each.length === 0 || each.some((rss) => rss === undefined)) return undefined;
  return each.reduce<number>((sum, rss) => sum + rss!, 0);
}

/** Whether the run has said once that /metrics could not be read. */
let heapWarned = false;

/** The V8 heap in use and the external memory of the portals, in MB, summed (undefined if one fails). */
async function heapMb(urls: string[]): Promise<{ heap: number; external: number } | undefined> {
  if (urls.length === 0) return undefined;
  try {
    const texts = await Promise.all(
      urls.map(async (url) => {
        // The instance's address, with or without the /metrics path.
        const reply = await fetch(`${url.replace(/\/(metrics)?\/?$/, '')}/metrics`);
        if (!reply.ok) throw new Error(`/metrics answered ${reply.status}`);
        return reply.text();
      }),
    );
    const sum = (name: string) =>
      texts.reduce((total, text) => {
        const match = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
        if (!match) throw new Error(`/metrics has no ${name}`);
        return total + Number(match[1]) / 1024 / 1024;
      }, 0);
    return { heap: sum('nodejs_heap_size_used_bytes'), external: sum('nodejs_external_memory_bytes') };
  } catch (error) {
    if (!heapWarned) console.error(`soak: no heap figures (${(error as Error).message})`);
    heapWarned = true;
    return undefined;
  }
}

/** The least-squares slope of y over x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}

function pickKind(random: number): Kind {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random * total;
  for (const [kind, weight] of weights) {
    left -= weight;
    if (left < 0) return kind;
  }
  return 'browse';
}

/** One simulated player: its account, session and the round counter of its bets. */
interface Player {
  seeded: SeamlessPlayer;
  username: string;
  token: string;
  rounds: number;
}

/** The shared means of every player's loop. */
interface Context {
  baseUrl: string;
  key: PublicKey;
  /** The seeded players' username prefix; their one password is `<prefix>-not-for-login`. */
  prefix: string;
  password: string;
  channelId: number;
  vendor: SeamlessVendorClient;
  ip: (index: number) => string;
}

async function request(
  context: Context,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown; ip: string },
): Promise<{ status: number; body: { value?: unknown; code?: string } }> {
  const response = await fetch(`${context.baseUrl}${path}`, {
    method,
    headers: {
      host: 'localhost',
      'x-forwarded-for': options.ip,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: { value?: unknown; code?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = {};
  }
  return { status: response.status, body };
}

/** A login of the player; answers its session token. */
async function login(context: Context, username: string, ip: string): Promise<string> {
  const body = encryptFor(context.key, { type: 'username', username, password: context.password });
  const reply = await request(context, 'POST', '/wps/session/login', { body, ip });
  const token = (reply.body.value as { token?: string } | undefined)?.token;
  if (reply.status !== 200 || !token)
    throw new Error(`login of ${username}: ${reply.status} ${reply.body.code}`);
  return token;
}

/** One action of a player; answers whether every reply was a 2xx (a bet is a bet and its win). */
async function act(context: Context, player: Player, kind: Kind, index: number): Promise<boolean> {
  const ip = context.ip(index);
  const pick = <T>(list: T[]) => list[player.rounds % list.length]!;
  player.rounds += 1;
  if (kind === 'browse') return ok(await request(context, 'GET', pick(browsePaths), { ip }));
  if (kind === 'games') return ok(await request(context, 'GET', gameListPath, { token: player.token, ip }));
  if (kind === 'report')
    return ok(await request(context, 'GET', pick(reportPaths), { token: player.token, ip }));
  if (kind === 'login') {
    player.token = await login(context, player.username, ip);
    return true;
  }
  if (kind === 'deposit') {
    const body = {
      channelId: context.channelId,
      amount: '100.00',
      reference: `SOAK${player.seeded.id}R${player.rounds}`,
      clientRequestId: `soak-${player.seeded.id}-${player.rounds}-${Date.now()}`,
    };
    return ok(await request(context, 'POST', '/wps/payments/deposits', { token: player.token, body, ip }));
  }
  const base = {
    merchantCode: 'demo',
    playerId: String(player.seeded.id),
    currency: 'THB',
    roundId: `soak-${player.seeded.id}-${player.rounds}-${Date.now()}`,
    gameCode: 'soak-slot',
  };
  const bet = await context.vendor.bet({
    ...base,
    sessionToken: player.seeded.sessionToken,
    amount: '1.00',
    transactionId: `${base.roundId}-b`,
  });
  const win = await context.vendor.win({
    ...base,
    amount: '0.50',
    transactionId: `${base.roundId}-w`,
    roundClosed: true,
  });
  return bet.status === 200 && win.status === 200;
}

const ok = (reply: { status: number }) => reply.status >= 200 && reply.status < 300;

/** Players seeded with money and a BGS game session (one shared password), each logged in once. */
async function preparePlayers(target: Target, context: Context): Promise<Player[]> {
  const seeded = await seedSeamlessPlayers(target.database.db, {
    count: users,
    fundsMinor,
    vendorCode,
    prefix: context.prefix,
  });
  const players: Player[] = [];
  for (const [index, one] of seeded.players.entries()) {
    const username = `${context.prefix}${index + 1}`;
    players.push({
      seeded: one,
      username,
      token: await login(context, username, context.ip(index)),
      rounds: 0,
    });
  }
  return players;
}

/** The manual bank channel players deposit through (the demo seed's). */
async function manualChannel(context: Context, token: string): Promise<number> {
  const reply = await request(context, 'GET', '/wps/payments/channels', { token, ip: context.ip(0) });
  const channels = (reply.body.value ?? []) as { id: number; type: string }[];
  const channel = channels.find((one) => one.type === 'manual_bank');
  if (!channel) throw new Error(`no manual bank channel: ${reply.status} ${JSON.stringify(reply.body)}`);
  return channel.id;
}

/** Prints one minute's line; answers its p99. */
function reportMinute(index: number, minute: Minute, rss: number | undefined): number {
  const sorted = minute.latenciesMs.sort((a, b) => a - b);
  const p99 = percentile(sorted, 0.99);
  const kinds = weights
    .map(([kind]) => {
      const values = (minute.byKind.get(kind) ?? []).sort((a, b) => a - b);
      return `${kind}_p99=${percentile(values, 0.99).toFixed(1)}`;
    })
    .join(' ');
  console.log(
    `minute ${index}: actions=${sorted.length} per_s=${(sorted.length / 60).toFixed(1)} ` +
      `p50_ms=${percentile(sorted, 0.5).toFixed(1)} p95_ms=${percentile(sorted, 0.95).toFixed(1)} ` +
      `p99_ms=${p99.toFixed(1)} errors=${minute.errors} rss_mb=${rss === undefined ? 'n/a' : rss.toFixed(1)} ${kinds}`,
  );
  return p99;
}

/** Every player's loop until `endAt`, the minutes' tallies filled as answers arrive. */
async function load(context: Context, players: Player[], endAt: number, minuteOf: () => Minute) {
  let random = 0x2545f491;
  const next = () => {
    // xorshift: the same mix of actions on every run.
    random ^= random << 13;
    random ^= random >>> 17;
    random ^= random << 5;
    return (random >>> 0) / 0x1_0000_0000;
  };
  let sequence = 0;
  await Promise.all(
    players.map(async (player) => {
      while (Date.now() < endAt) {
        const kind = pickKind(next());
        sequence += 1;
        const started = performance.now();
        let fine = false;
        try {
          fine = await act(context, player, kind, sequence);
        } catch (error) {
          if (minuteOf().errors < 3) console.error(`soak: ${kind}: ${String(error)}`);
        }
        const elapsedMs = performance.now() - started;
        const minute = minuteOf();
        minute.latenciesMs.push(elapsedMs);
        const ofKind = minute.byKind.get(kind) ?? [];
        ofKind.push(elapsedMs);
        minute.byKind.set(kind, ofKind);
        if (!fine) minute.errors += 1;
      }
    }),
  );
}

async function main(): Promise<void> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAllChildren().finally(() => process.exit(130)));
  }
  const target = await openTarget();
  try {
    const { secret } = await target.database.db
      .selectFrom('vendors')
      .select('secret')
      .where('code', '=', vendorCode)
      .executeTakeFirstOrThrow();
    const keyReply = await fetch(`${target.baseUrl}/wps/system/publicKey`, {
      headers: { host: 'localhost' },
    });
    const prefix = `soak${Date.now() % 1_000_000}x`;
    const context: Context = {
      baseUrl: target.baseUrl,
      key: ((await keyReply.json()) as { value: PublicKey }).value,
      prefix,
      password: `${prefix}-not-for-login`,
      channelId: 0,
      vendor: new SeamlessVendorClient(target.baseUrl, vendorCode, secret),
      // Addresses from 198.18.0.0/15 (benchmarking), so per-address limits see many clients.
      ip: (index) => `198.18.${(index >> 8) & 255}.${index & 255}`,
    };
    const players = await preparePlayers(target, context);
    context.channelId = await manualChannel(context, players[0]!.token);
    console.log(
      `soak: ${minutes} min, ${users} players against ${target.baseUrl} (pid ${target.pids.join(',') || 'unknown'})`,
    );

    const startedAt = Date.now();
    const minutesTallied: Minute[] = [newMinute()];
    const minuteOf = () => minutesTallied[minutesTallied.length - 1]!;
    const rssSamples: [number, number][] = [];
    const rssSamplesEach = target.pids.map((): [number, number][] => []);
    const p99s: number[] = [];
    const sampler = setInterval(() => {
      const hours = (Date.now() - startedAt) / 3_600_000;
      const rss = totalRssMb(target.pids);
      if (rss !== undefined) rssSamples.push([hours, rss]);
      target.pids.forEach((pid, index) => {
        const one = rssMb(pid);
        if (one !== undefined) rssSamplesEach[index]!.push([hours, one]);
      });
    }, rssSampleMs);
    const heapSamples: [number, number][] = [];
    const readHeap = async (index: number) => {
      const memory = await heapMb(target.metricsUrls);
      if (!memory) return;
      heapSamples.push([(Date.now() - startedAt) / 3_600_000, memory.heap]);
      console.log(
        `minute ${index} memory: heap_used_mb=${memory.heap.toFixed(1)} external_mb=${memory.external.toFixed(1)}`,
      );
    };
    let heapRead = Promise.resolve();
    const ticker = setInterval(() => {
      const index = minutesTallied.length;
      p99s.push(reportMinute(index, minuteOf(), totalRssMb(target.pids)));
      minutesTallied.push(newMinute());
      heapRead = readHeap(index);
    }, 60_000);
    await load(context, players, startedAt + minutes * 60_000, minuteOf);
    clearInterval(sampler);
    clearInterval(ticker);
    await heapRead; // the last minute's memory line before the summary lines
    if (minuteOf().latenciesMs.length > 0 && p99s.length < minutes) {
      p99s.push(reportMinute(minutesTallied.length, minuteOf(), totalRssMb(target.pids)));
    }

    const errors = minutesTallied.reduce((sum, minute) => sum + minute.errors, 0);
    const actions = minutesTallied.reduce((sum, minute) => sum + minute.latenciesMs.length, 0);
    // The first minute is warm-up (JIT, caches, pools filling): left out of the slope when there is more.
    const steady = (samples: [number, number][]) =>
      minutes >= 3 ? samples.filter(([hours]) => hours >= 1 / 60) : samples;
    const rssSlope = target.pids.length === 0 ? Number.NaN : slope(steady(rssSamples));
    if (heapSamples.length > 0) {
      console.log(`soak_heap_slope_mb_per_h=${slope(steady(heapSamples)).toFixed(1)}`);
    }
    console.log(`soak: ${actions} actions, ${errors} errors, ${rssSamples.length} RSS samples`);
    if (target.pids.length > 1) {
      const each = target.pids.map(
        (pid, index) => `pid ${pid} ${slope(steady(rssSamplesEach[index]!)).toFixed(1)} MB/h`,
      );
      console.log(`soak: RSS slope of each process: ${each.join(', ')}`);
    }
    console.log(
      `soak_rss_slope_mb_per_h=${rssSlope.toFixed(1)} soak_p99_ms_first=${(p99s[0] ?? 0).toFixed(1)} ` +
        `soak_p99_ms_last=${(p99s.at(-1) ?? 0).toFixed(1)}`,
    );
    if (errors > 0) process.exitCode = 1;
  } finally {
    await target.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`soak.bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
