import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashEvent, CrashMyBet, CrashState } from '@portal/contracts';
import { crashMultiplierAt, crashPointOf, verifyChainSeed, type Sha256 } from '@portal/contracts/bgs';
import { apiClient } from '../../../test/api-client';
import { buildMember } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { VendorDirectory, openGameSession } from '../../seamless';
import { playerAccount, systemAccount, transfer } from '../../wallet/ledger.service';
import { gameTopic } from '../../push';
import { injectedBgsWallet } from '../bgs-wallet';
import { nodeHmac } from '../fairness';
import { chainSeeds } from './crash-chain';
import { CrashLeader } from './crash-leader';
import * as repo from './crash.repo';

/**
 * BGS Crash end to end through the HTTP calls and the real round leader (fast timing): bets and cash-outs
 * move money exactly once through the seamless wallet, the chain's published hash verifies every round,
 * and a leader that dies mid-flight is replaced by another that settles the round once.
 */

let testApp: TestApp;
let merchantId: number;
const call = apiClient(() => testApp.app);
const events: CrashEvent[] = [];
const sha256: Sha256 = (bytes) =>
  Promise.resolve(new Uint8Array(createHash('sha256').update(bytes).digest()));
let sequence = 0;
const leaders: CrashLeader[] = [];

beforeAll(async () => {
  testApp = await buildTestApp();
  merchantId = (await testApp.app.deps.merchants.resolve('localhost', undefined))!.id;
  // What the HTTP calls publish reaches the test through the app's push hub.
  testApp.app.deps.push.subscribe(gameTopic(merchantId, 'bgs-crash'), (event) => {
    events.push(event as unknown as CrashEvent);
  });
});
afterAll(async () => {
  await Promise.all(leaders.map((leader) => leader.stop()));
  await testApp?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newLeader(pollMs = 50): CrashLeader {
  const db = testApp.database.db;
  const leader = new CrashLeader({
    db,
    wallet: injectedBgsWallet(testApp.app, new VendorDirectory(db)),
    publish: (id, event) => {
      if (id === merchantId) events.push(event);
    },
    log: testApp.app.log,
    merchantById: async (id) => (await testApp.app.deps.merchants.current()).byId.get(id),
    lockKey: 7_040,
    timing: { bettingMs: 700, graceMs: 200, tickMs: 20, pauseMs: 60_000, pollMs, idleMs: 60_000 },
  });
  leaders.push(leader);
  leader.start();
  return leader;
}

/**
 * Publishes a fresh 3-round chain for the merchant whose first round crashes between `min` and `max`
 * (hundredths), so a test knows how long the flight lasts; the previous chain is retired.
 */
async function chainCrashingBetween(min: number, max: number) {
  const db = testApp.database.db;
  for (;;) {
    const topSeed = randomBytes(32).toString('hex');
    const seeds = chainSeeds(topSeed, 3);
    const point = await crashPointOf(nodeHmac, seeds[1]!);
    if (point < min || point > max) continue;
    await db
      .updateTable('crash_chains')
      .set({ exhausted_at: new Date() })
      .where('merchant_id', '=', merchantId)
      .where('exhausted_at', 'is', null)
      .execute();
    await repo.insertChainIfNone(db, { merchantId, length: 3, topSeed, hash: seeds[0]! });
    return { hash: seeds[0]!, seed: seeds[1]!, point };
  }
}

async function player(fundsMinor = 100_000n) {
  const db = testApp.database.db;
  const member = await buildMember(db);
  await transfer(db, {
    debit: systemAccount(merchantId, 'THB', 'deposit_clearing', member.id),
    credit: playerAccount(merchantId, 'THB', member.id),
    amountMinor: fundsMinor,
    kind: 'deposit',
    idempotencyKey: `crash-test-fund:${member.id}`,
  });
  const token = await openGameSession(db, { merchantId, memberId: member.id, vendorCode: 'BGS' });
  return { memberId: member.id, token };
}

function requestId(): string {
  sequence += 1;
  return `crash-${process.pid}-${sequence}-${Date.now()}`;
}

async function state(token: string): Promise<CrashState> {
  return (await call('GET', '/wps/inhouse/crash/state', { token })).body.value as CrashState;
}

async function balance(token: string): Promise<string> {
  return (await call('GET', '/wps/inhouse/session', { token })).body.value.balance as string;
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await read();
    if (value !== undefined) return value;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function roundIn(token: string, phase: 'betting' | 'flying' | 'crashed', roundId?: string) {
  return waitFor(`a round ${phase}`, async () => {
    const current = await state(token);
    const round = current.round;
    if (round && round.phase === phase && (!roundId || round.roundId === roundId)) return round;
    return undefined;
  });
}

async function settled(roundId: string) {
  return waitFor('the round settled', async () => {
    const row = await repo.selectRound(testApp.database.db, merchantId, roundId);
    return row?.status === 'settled' ? row : undefined;
  });
}

/** Seamless transactions of a player's bet in a round, by kind. */
async function moneyCalls(roundId: string, memberId: number) {
  const rows = await testApp.database.db
    .selectFrom('seamless_transactions')
    .select(['kind', 'outcome', 'amount_minor'])
    .where('round_id', '=', `${roundId}:${memberId}`)
    .execute();
  return rows.map((row) => `${row.kind}:${row.outcome}:${row.amount_minor}`).sort();
}

function bet(token: string, roundId: string, amount: string, autoCashout: string | null, id = requestId()) {
  return call('POST', '/wps/inhouse/crash/bet', {
    token,
    body: { requestId: id, roundId, bet: amount, autoCashout },
  });
}

const cashout = (token: string, roundId: string) =>
  call('POST', '/wps/inhouse/crash/cashout', { token, body: { roundId } });

describe('a crash round', () => {
  it('publishes its chain first, takes bets once, pays each cash-out once and verifies from the chain', async () => {
    const chain = await chainCrashingBetween(115, 150);
    const [auto, manual, loser, replay, twice] = await Promise.all([
      player(),
      player(),
      player(),
      player(),
      player(),
    ]);
    const before = await state(auto.token);
    expect(before.chain?.hash).toBe(chain.hash); // published before its first round
    const leader = newLeader();
    const round = await roundIn(auto.token, 'betting');
    expect(round.roundNo).toBe(1);
    expect(round.crashPoint).toBeNull();
    expect(round.seed).toBeNull();

    // Bad input changes nothing.
    expect((await bet(auto.token, round.roundId, '0.5', null)).body.code).toBe('bet_out_of_range');
    expect((await bet(auto.token, round.roundId, '10.00', '1.00')).body.code).toBe('invalid_amount');

    expect((await bet(auto.token, round.roundId, '10.00', '1.10')).body.success).toBe(true);
    expect((await bet(manual.token, round.roundId, '20.00', null)).body.success).toBe(true);
    expect((await bet(loser.token, round.roundId, '30.00', null)).body.success).toBe(true);
    // A replayed bet (same requestId) answers the same bet; another requestId is a second bet: refused.
    const id = requestId();
    const first = await bet(replay.token, round.roundId, '40.00', '100.00', id);
    const again = await bet(replay.token, round.roundId, '40.00', '100.00', id);
    expect(again.body.value.bet).toEqual(first.body.value.bet);
    expect(
      (await bet(replay.token, round.roundId, '40.00', '100.00', id.replace('crash', 'other'))).body.code,
    ).toBe('crash_bet_placed');
    expect((await bet(replay.token, round.roundId, '41.00', '100.00', id)).body.code).toBe(
      'idempotency_conflict',
    );
    expect((await bet(twice.token, round.roundId, '50.00', null)).body.success).toBe(true);
    // Before take-off there is nothing to cash out.
    expect((await cashout(manual.token, round.roundId)).body.code).toBe('round_not_open');

    await roundIn(auto.token, 'flying', round.roundId);
    expect((await bet(loser.token, round.roundId, '10.00', null)).body.code).toBe('crash_bet_placed');
    const late = await player();
    expect((await bet(late.token, round.roundId, '10.00', null)).body.code).toBe('betting_closed');

    // The manual player cashes out once; the other sends two cash-outs at the same moment.
    const manualOut = await cashout(manual.token, round.roundId);
    expect(manualOut.body.success).toBe(true);
    const [a, b] = await Promise.all([
      cashout(twice.token, round.roundId),
      cashout(twice.token, round.roundId),
    ]);
    expect(a.body.value.bet).toEqual(b.body.value.bet);
    const twiceBet = a.body.value.bet as CrashMyBet;
    expect(twiceBet.status).toBe('won');

    const crashed = await roundIn(auto.token, 'crashed', round.roundId);
    expect(crashed.crashPoint).not.toBeNull();
    await settled(round.roundId);
    // The cash-out after the crash loses, and moves nothing.
    expect((await cashout(loser.token, round.roundId)).body.code).toBe('round_crashed');
    await leader.stop();

    // Money: each bet once, each win once, at the multiplier the server time gave.
    const manualBet = manualOut.body.value.bet as CrashMyBet;
    const manualPoint = Math.round(Number(manualBet.cashout) * 100);
    expect(manualPoint).toBeLessThan(chain.point);
    expect(await moneyCalls(round.roundId, manual.memberId)).toEqual([
      'bet:applied:2000',
      `win:applied:${(2000 * manualPoint) / 100}`,
    ]);
    expect(await moneyCalls(round.roundId, auto.memberId)).toEqual(['bet:applied:1000', 'win:applied:1100']);
    expect(await balance(auto.token)).toBe('1001.00');
    expect(await moneyCalls(round.roundId, loser.memberId)).toEqual(['bet:applied:3000']);
    expect(await balance(loser.token)).toBe('970.00');
    expect(await moneyCalls(round.roundId, replay.memberId)).toEqual(['bet:applied:4000']);
    const twicePayout = Math.floor((5000 * Math.round(Number(twiceBet.cashout) * 100)) / 100);
    expect(await moneyCalls(round.roundId, twice.memberId)).toEqual([
      'bet:applied:5000',
      `win:applied:${twicePayout}`,
    ]);

    // Fairness: the revealed seed's crash point is the round's, and it hashes down to the published hash.
    const record = (await call('GET', `/wps/inhouse/crash/rounds/${round.roundId}`)).body.value;
    expect(record.seed).toBe(chain.seed);
    expect(Math.round(Number(record.crashPoint) * 100)).toBe(await crashPointOf(nodeHmac, record.seed));
    expect(await verifyChainSeed(sha256, record.seed, record.roundNo, record.chainHash)).toEqual({
      matches: true,
      previous: chain.hash,
    });

    // The push channel heard the phases and the players, never a crash point before the crash.
    const ofRound = events.filter(
      (event) => (event.type === 'crash.round' ? event.round.roundId : event.roundId) === round.roundId,
    );
    const phases = ofRound.flatMap((event) => (event.type === 'crash.round' ? [event.round.phase] : []));
    expect(phases).toEqual(['betting', 'flying', 'crashed']);
    expect(
      ofRound.every(
        (event) => event.type !== 'crash.round' || event.round.phase === 'crashed' || !event.round.crashPoint,
      ),
    ).toBe(true);
    const cashouts = ofRound.flatMap((event) => (event.type === 'crash.players' ? event.players : []));
    // The leader's auto cash-out, and (through the app's push hub) the players' own cash-outs, once each.
    const heard = [manualBet.cashout, twiceBet.cashout, '1.10'];
    expect(
      cashouts
        .filter((entry) => entry.cashout !== null)
        .map((entry) => entry.cashout)
        .sort(),
    ).toEqual(heard.sort());
  }, 60_000);

  it('decides a cash-out racing the crash by the server time, paying it once or not at all', async () => {
    const chain = await chainCrashingBetween(105, 125);
    const racers = await Promise.all([player(), player(), player(), player()]);
    const leader = newLeader();
    const round = await roundIn(racers[0].token, 'betting');
    for (const racer of racers)
      expect((await bet(racer.token, round.roundId, '10.00', null)).body.success).toBe(true);
    await roundIn(racers[0].token, 'flying', round.roundId);
    const row = (await repo.selectRound(testApp.database.db, merchantId, round.roundId))!;
    const dbNow = await repo.databaseNow(testApp.database.db);
    // Fire each racer's cash-outs around the crash time: 40 ms before it, at it, just after it.
    const untilCrash = row.crash_at!.getTime() - dbNow.getTime();
    const offsets = [-40, -10, 0, 15];
    const answers = await Promise.all(
      racers.map(async (racer, index) => {
        await sleep(untilCrash + offsets[index]!);
        return Promise.all([cashout(racer.token, round.roundId), cashout(racer.token, round.roundId)]);
      }),
    );
    await settled(round.roundId);
    await leader.stop();
    for (const [index, racer] of racers.entries()) {
      const [first, second] = answers[index]!;
      const calls = await moneyCalls(round.roundId, racer.memberId);
      if (first.body.success) {
        const won = first.body.value.bet as CrashMyBet;
        expect(second.body.value.bet).toEqual(won);
        const point = Math.round(Number(won.cashout) * 100);
        expect(point).toBeLessThan(chain.point);
        expect(calls).toEqual(['bet:applied:1000', `win:applied:${(1000 * point) / 100}`]);
      } else {
        expect([first.body.code, second.body.code]).toEqual(['round_crashed', 'round_crashed']);
        expect(calls).toEqual(['bet:applied:1000']);
      }
    }
    expect(crashMultiplierAt(0)).toBe(100);
  }, 60_000);
});

describe('the round leader', () => {
  it('is one instance at a time; when it dies mid-flight another takes over and settles the round once', async () => {
    const chain = await chainCrashingBetween(130, 170);
    const [auto, manual, loser] = await Promise.all([player(), player(), player()]);
    const first = newLeader();
    const second = newLeader();
    const round = await roundIn(auto.token, 'betting');
    await sleep(100);
    expect([first.isLeading, second.isLeading].filter(Boolean)).toHaveLength(1);
    const [leader, standby] = first.isLeading ? [first, second] : [second, first];
    expect((await bet(auto.token, round.roundId, '10.00', '1.20')).body.success).toBe(true);
    expect((await bet(manual.token, round.roundId, '10.00', null)).body.success).toBe(true);
    expect((await bet(loser.token, round.roundId, '10.00', null)).body.success).toBe(true);
    await roundIn(auto.token, 'flying', round.roundId);

    // The leader dies in flight; cash-outs still work (any instance takes them), the standby takes over.
    await leader.kill();
    const manualOut = await cashout(manual.token, round.roundId);
    expect(manualOut.body.success).toBe(true);
    await waitFor('the standby to lead', async () => (standby.isLeading ? true : undefined));
    await settled(round.roundId);
    await standby.stop();

    const record = (await call('GET', `/wps/inhouse/crash/rounds/${round.roundId}`)).body.value;
    expect(Math.round(Number(record.crashPoint) * 100)).toBe(chain.point);
    expect(await moneyCalls(round.roundId, auto.memberId)).toEqual(['bet:applied:1000', 'win:applied:1200']);
    const point = Math.round(Number((manualOut.body.value.bet as CrashMyBet).cashout) * 100);
    expect(await moneyCalls(round.roundId, manual.memberId)).toEqual([
      'bet:applied:1000',
      `win:applied:${(1000 * point) / 100}`,
    ]);
    expect(await moneyCalls(round.roundId, loser.memberId)).toEqual(['bet:applied:1000']);
    const bets = await testApp.database.db
      .selectFrom('crash_bets')
      .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.crash_round_id')
      .select('crash_bets.status')
      .where('crash_rounds.round_id', '=', round.roundId)
      .execute();
    expect(bets.map((row) => row.status).sort()).toEqual(['lost', 'won', 'won']);
  }, 60_000);

  it('finishes a round whose crash passed while nobody led, and refunds a bet whose answer never came', async () => {
    await chainCrashingBetween(105, 115);
    const [auto, stuck] = await Promise.all([player(), player()]);
    const leader = newLeader();
    const round = await roundIn(auto.token, 'betting');
    expect((await bet(auto.token, round.roundId, '10.00', '1.01')).body.success).toBe(true);
    // A bet written but whose wallet call never went out (its process died): it is rolled back at take-off.
    const stuckId = await repo.insertBet(testApp.database.db, {
      roundId: round.roundId,
      merchantId,
      memberId: stuck.memberId,
      requestId: requestId(),
      currency: 'THB',
      betMinor: 1_000n,
      autoCashout: null,
    });
    expect(stuckId).toBeDefined();
    await roundIn(auto.token, 'flying', round.roundId);
    await leader.kill();
    // Nobody leads through the crash time.
    const row = (await repo.selectRound(testApp.database.db, merchantId, round.roundId))!;
    await sleep(Math.max(0, row.crash_at!.getTime() - Date.now()) + 300);
    expect((await repo.selectRound(testApp.database.db, merchantId, round.roundId))!.status).not.toBe(
      'settled',
    );
    const next = newLeader();
    await settled(round.roundId);
    await next.stop();
    expect(await moneyCalls(round.roundId, auto.memberId)).toEqual(['bet:applied:1000', 'win:applied:1010']);
    // The stuck bet: a rollback tombstone, no money moved; its late bet call is refused.
    expect(await moneyCalls(round.roundId, stuck.memberId)).toEqual(['rollback:tombstone:1000']);
    const stuckBet = await repo.selectBetById(testApp.database.db, stuckId!);
    expect(stuckBet.status).toBe('void');
    expect(await balance(stuck.token)).toBe('1000.00');
    await sql`select 1`.execute(testApp.database.db);
  }, 60_000);
});
