import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, lotteryPayoutMinor } from '@portal/contracts';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/database';
import { runLotteryJob } from '../../jobs/lottery.job';
import { openGeoIp } from '../../lib/geoip';
import { closeDraw, dueDraw, openTestDraw } from '../../test/lottery-kit';
import {
  assertBooksBalance,
  balanceOf,
  fund,
  loggedInMember,
  requestId,
  startPaymentsKit,
  type PaymentsKit,
} from '../../test/payments-kit';
import { testConfig } from '../../test/test-app';
import { deriveResult } from './lottery-draw';
import { runLottery } from './lottery-settlement.service';
import { LotteryWallet } from './lottery-wallet';

/**
 * Settlement exactly once with two server instances on one database: both run the advisory-locked job at
 * the same moment, and, to prove the unique keys hold even without the lock, both also run the work
 * directly, all four concurrently. Every payout must arrive once and every bet end settled once.
 */
let kit: PaymentsKit;
let secondDatabase: Database;
let secondApp: FastifyInstance;

beforeAll(async () => {
  kit = await startPaymentsKit();
  secondDatabase = openDatabase({ url: kit.testApp.database.url, poolMax: 5, statementTimeoutMs: 30_000 });
  secondApp = await buildApp({
    config: testConfig(),
    database: secondDatabase,
    geoIp: await openGeoIp(undefined),
  });
});
afterAll(async () => {
  await secondApp.close();
  await secondDatabase.close();
  await kit.close();
});

interface PlacedBet {
  betType: 'TWO_DIGIT' | 'THREE_DIGIT' | 'BIG' | 'SMALL';
  pick: string | null;
  stakeMinor: bigint;
}

describe('settlement', () => {
  it('pays every winning bet exactly once with two instances settling at the same moment', async () => {
    const db = kit.testApp.database.db;
    const draw = await openTestDraw(db, 'LOTT');
    // The test reads the secret seed from the database to know the result in advance and make winners.
    const result = deriveResult(draw.seed, 'LOTT', draw.draw_no);
    const lastTwo = Number(result.slice(-2));
    const players = [];
    for (let index = 0; index < 8; index += 1) {
      const player = await loggedInMember(kit);
      await fund(kit, player.memberId, 100_000n);
      const bets: PlacedBet[] = [
        {
          betType: 'TWO_DIGIT',
          pick: index % 2 === 0 ? result.slice(-2) : String((lastTwo + 1) % 100).padStart(2, '0'),
          stakeMinor: 100n + BigInt(index),
        },
        {
          betType: 'THREE_DIGIT',
          pick: index === 3 ? result : String((Number(result) + 7) % 1000).padStart(3, '0'),
          stakeMinor: 250n,
        },
        { betType: index % 3 === 0 ? 'SMALL' : 'BIG', pick: null, stakeMinor: 1_000n },
      ];
      for (const bet of bets) {
        const reply = await kit.call('POST', '/wps/relay/lottery_bet', {
          token: player.token,
          body: {
            requestId: requestId(),
            gameCode: 'LOTT',
            numero: draw.draw_no,
            betType: bet.betType,
            pick: bet.pick,
            amount: formatMinor(bet.stakeMinor, 2),
          },
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
      players.push({ ...player, bets });
    }
    await closeDraw(db, draw.id);
    await dueDraw(db, draw.id);

    const firstWallet = new LotteryWallet(db);
    const secondWallet = new LotteryWallet(secondDatabase.db);
    const runs = await Promise.all([
      runLotteryJob(db, kit.testApp.app.deps.merchants, firstWallet),
      runLotteryJob(secondDatabase.db, secondApp.deps.merchants, secondWallet),
      runLottery(db, kit.testApp.app.deps.merchants, firstWallet),
      runLottery(secondDatabase.db, secondApp.deps.merchants, secondWallet),
    ]);
    expect(runs.slice(0, 2).filter((run) => run === null).length).toBeLessThanOrEqual(1);

    let winningBets = 0;
    for (const player of players) {
      let expectedMinor = 100_000n;
      for (const bet of player.bets) {
        const payout = lotteryPayoutMinor(bet.betType, bet.pick, result, bet.stakeMinor);
        if (payout > 0n) winningBets += 1;
        expectedMinor += payout - bet.stakeMinor;
      }
      expect(await balanceOf(kit, player.token)).toBe(formatMinor(expectedMinor, 2));
    }
    expect(winningBets).toBeGreaterThanOrEqual(8);

    const wins = await db
      .selectFrom('seamless_transactions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('vendor_tx_id', 'like', 'LOTTERY-WIN-%')
      .executeTakeFirstOrThrow();
    expect(Number(wins.count)).toBe(winningBets);
    const statuses = await db
      .selectFrom('lottery_bets')
      .select(['status'])
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('draw_id', '=', draw.id)
      .groupBy('status')
      .execute();
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, Number(row.count)]));
    expect(byStatus).toEqual({ won: winningBets, lost: 24 - winningBets });
    const settlements = await db
      .selectFrom('lottery_settlements')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(settlements.count)).toBe(24);
    const settled = await db
      .selectFrom('lottery_draws')
      .select(['status', 'result'])
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'settled', result });

    const openRounds = await db
      .selectFrom('game_rounds')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('round_id', 'like', 'LOTTERY-%')
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    expect(Number(openRounds.count)).toBe(0); // won rounds closed by the win, lost ones by settlement

    // Later runs find nothing of this draw left to do. (They may draw another demo draw that fell due on
    // the wall clock meanwhile; its bets, none here, are its own.)
    expect(await runLottery(db, kit.testApp.app.deps.merchants, firstWallet)).toMatchObject({
      settledBets: 0,
    });
    const settlementsAfter = await db
      .selectFrom('lottery_settlements')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(settlementsAfter.count)).toBe(24);
    await assertBooksBalance(kit);
  });

  it('voids a bet left pending by a crash: no debit stays, and a late debit is refused', async () => {
    const db = kit.testApp.database.db;
    const player = await loggedInMember(kit);
    await fund(kit, player.memberId, 1_000n);
    const draw = await openTestDraw(db, 'SEA');
    // The bet row was written, then the process died before the wallet call.
    const pending = await db
      .insertInto('lottery_bets')
      .values({
        merchant_id: kit.merchantId,
        member_id: player.memberId,
        draw_id: draw.id,
        bet_type: 'BIG',
        pick: null,
        stake_minor: 500n,
        odds_hundredths: 195,
        currency: 'THB',
        request_id: requestId(),
        request_hash: 'crashed',
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await dueDraw(db, draw.id);
    await runLotteryJob(db, kit.testApp.app.deps.merchants, new LotteryWallet(db));
    const row = await db
      .selectFrom('lottery_bets')
      .select(['status'])
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('void');
    expect(await balanceOf(kit, player.token)).toBe('10.00');
    // A debit arriving after the void (a retry of the crashed request) finds the rollback tombstone.
    const merchant = (await kit.testApp.app.deps.merchants.findByCode('demo'))!;
    await expect(
      new LotteryWallet(db).bet(merchant, {
        betId: pending.id,
        memberId: player.memberId,
        vendorCode: 'SEA_LOTTO',
        gameCode: 'SEA',
        stakeMinor: 500n,
      }),
    ).rejects.toMatchObject({ code: 'bet_rolled_back' });
    expect(await balanceOf(kit, player.token)).toBe('10.00');
    await assertBooksBalance(kit);
  });
});
