import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDraw, dueDraw, openTestDraw } from '../../test/lottery-kit';
import {
  assertBooksBalance,
  balanceOf,
  fund,
  loggedInMember,
  requestId,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';
import { runLotteryJob } from '../../jobs/lottery.job';
import { LotteryWallet } from './lottery-wallet';
import { openScheduledDraws } from './lottery-settlement.service';
import { drawNumberOf, scheduledDraws } from './lottery-draw';

let kit: PaymentsKit;
const db = () => kit.testApp.database.db;
const runJob = () => runLotteryJob(db(), kit.testApp.app.deps.merchants, new LotteryWallet(db()));

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => kit.close());

/** What anyone can do with the revealed seed, written here without the server's code. */
function independentResult(seed: string, gameCode: string, drawNo: string): string {
  for (let counter = 0; ; counter += 1) {
    const bytes = createHmac('sha256', seed).update(`${gameCode}:${drawNo}:${counter}`).digest();
    for (let offset = 0; offset < 32; offset += 4) {
      const word = bytes.readUInt32BE(offset);
      if (word < 4_294_967_000) return String(word % 1000).padStart(3, '0');
    }
  }
}

describe('schedule and menus', () => {
  it('aligns draws to the interval and closes betting before the draw', () => {
    const [current, next] = scheduledDraws(new Date('2026-11-22T18:03:20Z'), 300, 30);
    expect(current?.drawsAt.toISOString()).toBe('2026-11-22T18:05:00.000Z');
    expect(current?.closesAt.toISOString()).toBe('2026-11-22T18:04:30.000Z');
    expect(current?.opensAt.toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect(current?.drawNo).toBe('202611221805');
    expect(next?.drawNo).toBe('202611221810');
    expect(drawNumberOf(new Date('2026-01-02T03:04:00Z'))).toBe('202601020304');
  });

  it('lists the lotteries with committed current draws, prize mode ELOTT and the odds', async () => {
    await openScheduledDraws(db());
    await openScheduledDraws(db()); // a second instance doing the same makes no second row
    const menu = await kit.call('GET', '/lgw/vn/games/game_menu');
    expect(menu.status).toBe(200);
    expect(menu.body.value.prizeMode).toBe('ELOTT');
    const codes = menu.body.value.games.map((game: { gameCode: string }) => game.gameCode);
    expect(codes).toEqual(['LOTT', 'ELOTT', 'VN', 'SEA']);
    for (const game of menu.body.value.games) {
      expect(game.currentDraw.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(game.currentDraw.seed).toBeNull();
      expect(game.currentDraw.result).toBeNull();
    }
    const { count } = await db()
      .selectFrom('lottery_draws')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(8); // current and next of four lotteries, once
    expect(menu.body.value.betTypes).toContainEqual({ betType: 'BIG', oddsHundredths: 195, pickDigits: 0 });

    const opened = await kit.call('GET', '/lotto/lgw/games/opened/numero?gameCode=VN');
    expect(opened.body.value.current.numero).toMatch(/^\d{12}$/);
    expect((await kit.call('GET', '/lotto/lgw/games/opened/numero?gameCode=XX')).status).toBe(400);
  });

  it('keeps the recent menu to lotteries the member bet on, and needs a session', async () => {
    expect((await kit.call('GET', '/lgw/vn/games/game_menu/recent')).status).toBe(401);
    const player = await loggedInMember(kit);
    const empty = await kit.call('GET', '/lgw/vn/games/game_menu/recent', { token: player.token });
    expect(empty.body.value.games).toEqual([]);
    await fund(kit, player.memberId, 10_000n);
    const draw = await openTestDraw(db(), 'SEA');
    await bet(player.token, { gameCode: 'SEA', numero: draw.draw_no, betType: 'BIG', amount: '1.00' });
    const recent = await kit.call('GET', '/lgw/vn/games/game_menu/recent', { token: player.token });
    expect(recent.body.value.games.map((game: { gameCode: string }) => game.gameCode)).toEqual(['SEA']);
  });
});

async function bet(token: string, body: Record<string, unknown>) {
  return kit.call('POST', '/wps/relay/lottery_bet', { token, body: { requestId: requestId(), ...body } });
}

describe('contracts', () => {
  it('documents every lottery call in the OpenAPI document', async () => {
    const document = (await kit.testApp.app.inject({ url: '/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/lgw/vn/games/game_menu',
        '/lgw/vn/games/game_menu/recent',
        '/lotto/lgw/games/opened/numero',
        '/lgw/vn/numeros/opened/game',
        '/wps/relay/lottery_bet',
        '/wps/relay/lottery_myBets',
        '/wps/relay/lottery_draw',
        '/wps/relay/lottery_verify',
      ]),
    );
  });
});

describe('commit-reveal', () => {
  it('publishes the hash before betting closes and the seed after the draw; anyone can verify', async () => {
    const draw = await openTestDraw(db(), 'LOTT');
    const query = `gameCode=LOTT&numero=${draw.draw_no}`;
    const before = await kit.call('GET', `/wps/relay/lottery_draw?${query}`);
    expect(before.body.value).toMatchObject({
      status: 'open',
      seed: null,
      result: null,
      seedHash: draw.seed_hash,
    });
    expect((await kit.call('GET', `/wps/relay/lottery_verify?${query}`)).body.code).toBe('draw_not_revealed');

    await closeDraw(db(), draw.id);
    const closed = await kit.call('GET', `/wps/relay/lottery_draw?${query}`);
    expect(closed.body.value).toMatchObject({ status: 'closed', seed: null });

    await dueDraw(db(), draw.id);
    expect(await runJob()).not.toBeNull();
    const after = (await kit.call('GET', `/wps/relay/lottery_draw?${query}`)).body.value;
    expect(after.status).toBe('settled');
    expect(createHash('sha256').update(after.seed).digest('hex')).toBe(draw.seed_hash);
    expect(after.result).toBe(independentResult(after.seed, 'LOTT', draw.draw_no));

    const verification = (await kit.call('GET', `/wps/relay/lottery_verify?${query}`)).body.value;
    expect(verification).toMatchObject({ hashMatches: true, recomputedResult: after.result, valid: true });
    const results = await kit.call('GET', '/lgw/vn/numeros/opened/game?gameCode=LOTT&page=1&pageSize=50');
    expect(results.body.value.items).toContainEqual(
      expect.objectContaining({ numero: draw.draw_no, seed: after.seed }),
    );
    expect((await kit.call('GET', '/lgw/vn/numeros/opened/game?gameCode=LOTT&pageSize=51')).status).toBe(400);
  });
});

describe('betting', () => {
  it('debits the stake once per request id and lists the bet', async () => {
    const player = await loggedInMember(kit);
    await fund(kit, player.memberId, 10_000n);
    const draw = await openTestDraw(db(), 'ELOTT');
    const body = {
      requestId: requestId(),
      gameCode: 'ELOTT',
      numero: draw.draw_no,
      betType: 'TWO_DIGIT',
      pick: '07',
      amount: '12.50',
    };
    const first = await kit.call('POST', '/wps/relay/lottery_bet', { token: player.token, body });
    expect(first.status).toBe(200);
    expect(first.body.value.balance).toBe('87.50');
    expect(first.body.value.bet).toMatchObject({
      status: 'placed',
      pick: '07',
      amount: '12.50',
      oddsHundredths: 9000,
    });
    const again = await kit.call('POST', '/wps/relay/lottery_bet', { token: player.token, body });
    expect(again.body.value.bet.id).toBe(first.body.value.bet.id);
    expect(await balanceOf(kit, player.token)).toBe('87.50');
    const changed = await kit.call('POST', '/wps/relay/lottery_bet', {
      token: player.token,
      body: { ...body, amount: '13.00' },
    });
    expect(changed.body.code).toBe('idempotency_conflict');

    const mine = await kit.call('GET', '/wps/relay/lottery_myBets?gameCode=ELOTT', { token: player.token });
    expect(mine.body.value.total).toBe(1);
    expect(mine.body.value.items[0]).toMatchObject({ numero: draw.draw_no, status: 'placed', payout: null });
    const ledgerBet = await db()
      .selectFrom('seamless_transactions')
      .select(['vendor_code', 'amount_minor'])
      .where('vendor_tx_id', '=', `LOTTERY-BET-${first.body.value.bet.id}`)
      .execute();
    expect(ledgerBet).toEqual([{ vendor_code: 'LOTT', amount_minor: 1250n }]);
  });

  it('closes betting on time: a bet after closesAt is refused and moves nothing', async () => {
    const player = await loggedInMember(kit);
    await fund(kit, player.memberId, 5_000n);
    const draw = await openTestDraw(db(), 'VN');
    expect(
      (await bet(player.token, { gameCode: 'VN', numero: draw.draw_no, betType: 'SMALL', amount: '1.00' }))
        .status,
    ).toBe(200);
    await closeDraw(db(), draw.id);
    const late = await bet(player.token, {
      gameCode: 'VN',
      numero: draw.draw_no,
      betType: 'SMALL',
      amount: '1.00',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('betting_closed');
    expect(await balanceOf(kit, player.token)).toBe('49.00');
  });

  it('refuses bad bets without moving money or leaving placed bets', async () => {
    const player = await loggedInMember(kit);
    await fund(kit, player.memberId, 500n);
    const draw = await openTestDraw(db(), 'LOTT');
    const base = { gameCode: 'LOTT', numero: draw.draw_no };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, betType: 'TWO_DIGIT', pick: '123', amount: '1.00' }, 400, 'invalid_pick'],
      [{ ...base, betType: 'BIG', pick: '12', amount: '1.00' }, 400, 'invalid_pick'],
      [{ ...base, betType: 'BIG', amount: '0.50' }, 400, 'invalid_amount'],
      [{ ...base, betType: 'BIG', amount: '10000.01' }, 400, 'invalid_amount'],
      [{ ...base, betType: 'BIG', amount: '1.001' }, 400, 'invalid_amount'],
      [{ ...base, betType: 'BIG', amount: '6.00' }, 409, 'insufficient_funds'],
      [{ ...base, numero: '209912312359', betType: 'BIG', amount: '1.00' }, 404, 'draw_not_found'],
      [{ ...base, betType: 'PAIR', amount: '1.00' }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const reply = await bet(player.token, body);
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await balanceOf(kit, player.token)).toBe('5.00');
    const rows = await db()
      .selectFrom('lottery_bets')
      .select(['status', 'refusal_code'])
      .where('member_id', '=', player.memberId)
      .execute();
    expect(rows).toEqual([{ status: 'refused', refusal_code: 'insufficient_funds' }]);

    expect((await bet('', { ...base, betType: 'BIG', amount: '1.00' })).status).toBe(401);
    const trial = await bet(await trialToken(kit), { ...base, betType: 'BIG', amount: '1.00' });
    expect([trial.status, trial.body.code]).toEqual([403, 'in_need_true_account']);
    await assertBooksBalance(kit);
  });
});
