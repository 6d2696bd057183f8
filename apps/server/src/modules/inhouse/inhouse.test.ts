import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bgsLaunchUrl, type BgsRound } from '@portal/contracts';
import { computeOutcome, minesPayout, type MinesOutcome } from '@portal/contracts/bgs';
import { apiClient } from '../../test/api-client';
import { buildMember } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { openGameSession } from '../seamless/seamless.service';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { nodeHmac } from './fairness';

let testApp: TestApp;
let merchantId: number;
const call = apiClient(() => testApp.app);
let sequence = 0;

beforeAll(async () => {
  testApp = await buildTestApp();
  merchantId = (await testApp.app.deps.merchants.resolve('localhost', undefined))!.id;
});
afterAll(async () => testApp?.close());

/** A member of the demo merchant (THB, 2 decimals) with funds and a live BGS game session. */
async function player(fundsMinor = 100_000n) {
  const db = testApp.database.db;
  const member = await buildMember(db);
  if (fundsMinor > 0n) {
    await transfer(db, {
      debit: systemAccount(merchantId, 'THB', 'deposit_clearing', member.id),
      credit: playerAccount(merchantId, 'THB', member.id),
      amountMinor: fundsMinor,
      kind: 'deposit',
      idempotencyKey: `bgs-test-fund:${member.id}`,
    });
  }
  const token = await openGameSession(db, { merchantId, memberId: member.id, vendorCode: 'BGS' });
  return { memberId: member.id, token, username: member.username, password: member.password };
}

function requestId(): string {
  sequence += 1;
  return `req-${process.pid}-${sequence}-${Date.now()}`;
}

async function balance(token: string): Promise<string> {
  const reply = await call('GET', '/wps/inhouse/session', { token });
  return reply.body.value.balance as string;
}

async function roundsOf(token: string): Promise<BgsRound[]> {
  return (await call('GET', '/wps/inhouse/rounds?pageSize=50', { token })).body.value.items as BgsRound[];
}

describe('game session', () => {
  it('is required, must be a live BGS session, and a player session token is not one', async () => {
    const { token } = await player();
    expect((await call('GET', '/wps/inhouse/session')).body.code).toBe('game_session_invalid');
    const wrong = await call('GET', '/wps/inhouse/session', { token: 'x'.repeat(43) });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'game_session_invalid']);
    const expired = await openGameSession(testApp.database.db, {
      merchantId,
      memberId: (await player()).memberId,
      vendorCode: 'BGS',
      ttlMs: -1000,
    });
    expect(
      (
        await call('POST', '/wps/inhouse/slot/spin', {
          token: expired,
          body: { requestId: requestId(), bet: '1.00' },
        })
      ).status,
    ).toBe(401);
    const info = await call('GET', '/wps/inhouse/session', { token });
    expect(info.status).toBe(200);
    // The games' names are the catalogue's: the tile's name is the game's heading.
    expect(info.body.value.gameNames).toMatchObject({
      'bgs-slot': 'BGS Fortune Reels',
      'bgs-dice': 'BGS Dice',
    });
  });

  it('builds the launch URL the catalogue returns', () => {
    expect(bgsLaunchUrl('bgs-slot', 'a-b_c')).toBe('/bgs/play/bgs-slot?session=a-b_c');
  });
});

describe('slot through the seamless wallet', () => {
  it('moves the bet and the win exactly once per round, and a repeat answers the same round', async () => {
    const { token, memberId } = await player(100_000n);
    const before = await call('GET', '/wps/inhouse/session', { token });
    expect(before.body.value).toMatchObject({ balance: '1000.00', currency: 'THB', currencyDecimals: 2 });
    expect(before.body.value.limits['bgs-slot']).toEqual({
      minBet: '1.00',
      maxBet: '1000.00',
      betStep: '0.10',
    });
    const id = requestId();
    const first = await call('POST', '/wps/inhouse/slot/spin', {
      token,
      body: { requestId: id, bet: '10.00' },
    });
    expect(first.status).toBe(200);
    const round = first.body.value.round as BgsRound;
    expect(round).toMatchObject({ status: 'settled', bet: '10.00', nonce: 0, serverSeed: null });
    const expected = (100_000 - 1_000 + Math.round(Number(round.payout) * 100)) / 100;
    expect(Number(first.body.value.balance)).toBe(expected);

    const again = await call('POST', '/wps/inhouse/slot/spin', {
      token,
      body: { requestId: id, bet: '10.00' },
    });
    expect(again.body.value.round.roundId).toBe(round.roundId);
    expect(Number(await balance(token))).toBe(expected);
    const conflict = await call('POST', '/wps/inhouse/slot/spin', {
      token,
      body: { requestId: id, bet: '20.00' },
    });
    expect([conflict.status, conflict.body.code]).toEqual([409, 'idempotency_conflict']);

    // The seamless records: one bet, a win only when it paid, all for this round.
    const records = await testApp.database.db
      .selectFrom('seamless_transactions')
      .select(['vendor_tx_id', 'kind', 'amount_minor'])
      .where('member_id', '=', memberId)
      .where('vendor_code', '=', 'BGS')
      .orderBy('id')
      .execute();
    expect(records[0]).toEqual({ vendor_tx_id: `${round.roundId}:bet`, kind: 'bet', amount_minor: 1_000n });
    expect(records.length).toBe(round.payout === '0.00' ? 1 : 2);
  });

  it('plays concurrent spins on distinct nonces and keeps the books', async () => {
    const { token } = await player(100_000n);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/wps/inhouse/slot/spin', { token, body: { requestId: requestId(), bet: '5.00' } }),
      ),
    );
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    const rounds = replies.map((reply) => reply.body.value.round as BgsRound);
    expect(new Set(rounds.map((r) => r.nonce))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7]));
    const paid = rounds.reduce((sum, r) => sum + Math.round(Number(r.payout) * 100), 0);
    expect(Math.round(Number(await balance(token)) * 100)).toBe(100_000 - 8 * 500 + paid);
  });
});

describe('bad input moves nothing', () => {
  it.each([
    ['/wps/inhouse/slot/spin', { bet: '0.50' }, 'bet_out_of_range'],
    ['/wps/inhouse/slot/spin', { bet: '1.05' }, 'invalid_bet_step'],
    ['/wps/inhouse/slot/spin', { bet: '1.001' }, 'invalid_amount'],
    ['/wps/inhouse/slot/spin', { bet: '-5' }, 'invalid_amount'],
    ['/wps/inhouse/dice/roll', { bet: '1.00', target: 9900, direction: 'under' }, 'validation_failed'],
    ['/wps/inhouse/dice/roll', { bet: '6000.00', target: 5000, direction: 'under' }, 'bet_out_of_range'],
    ['/wps/inhouse/mines/start', { bet: '1.00', mineCount: 25 }, 'validation_failed'],
  ])('%s %j -> %s', async (url, body, code) => {
    const { token } = await player(1_000_000n);
    const reply = await call('POST', url, { token, body: { requestId: requestId(), ...body } });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(code);
    expect(await balance(token)).toBe('10000.00');
    expect(await roundsOf(token)).toHaveLength(0);
  });

  it('refuses a bet above the balance, records the round as refused and moves nothing', async () => {
    const { token } = await player(500n);
    const reply = await call('POST', '/wps/inhouse/dice/roll', {
      token,
      body: { requestId: requestId(), bet: '10.00', target: 5000, direction: 'over' },
    });
    expect([reply.status, reply.body.code]).toEqual([409, 'insufficient_funds']);
    expect(await balance(token)).toBe('5.00');
    const [round] = await roundsOf(token);
    expect(round).toMatchObject({ status: 'refused', failureCode: 'insufficient_funds', payout: '0.00' });
  });
});

describe('mines', () => {
  async function minesOf(roundId: string): Promise<number[]> {
    const row = await testApp.database.db
      .selectFrom('bgs_rounds')
      .select('outcome')
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    return (row.outcome as MinesOutcome).mines;
  }

  it('takes the bet at the start, hides the board, pays the cash-out once', async () => {
    const { token } = await player(100_000n);
    const start = await call('POST', '/wps/inhouse/mines/start', {
      token,
      body: { requestId: requestId(), bet: '10.00', mineCount: 3 },
    });
    expect(start.status).toBe(200);
    const round = start.body.value.round as BgsRound;
    expect(round).toMatchObject({ status: 'open', outcome: null, cashoutValue: null });
    expect(start.body.value.balance).toBe('990.00');
    const nothing = await call('POST', '/wps/inhouse/mines/cashout', {
      token,
      body: { roundId: round.roundId },
    });
    expect(nothing.body.code).toBe('nothing_to_cash_out');
    const busy = await call('POST', '/wps/inhouse/mines/start', {
      token,
      body: { requestId: requestId(), bet: '10.00', mineCount: 3 },
    });
    expect(busy.body.code).toBe('round_in_progress');
    expect((await call('POST', '/wps/inhouse/seed/rotate', { token })).body.code).toBe('round_in_progress');

    const mines = await minesOf(round.roundId);
    const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
    const step1 = await call('POST', '/wps/inhouse/mines/reveal', {
      token,
      body: { roundId: round.roundId, tile: safe[0] },
    });
    expect(step1.body.value.round).toMatchObject({ status: 'open', reveals: [safe[0]], outcome: null });
    const twice = await call('POST', '/wps/inhouse/mines/reveal', {
      token,
      body: { roundId: round.roundId, tile: safe[0] },
    });
    expect(twice.body.code).toBe('tile_already_revealed');
    await call('POST', '/wps/inhouse/mines/reveal', {
      token,
      body: { roundId: round.roundId, tile: safe[1] },
    });
    const active = await call('GET', '/wps/inhouse/mines/active', { token });
    expect(active.body.value.round.roundId).toBe(round.roundId);

    const payout = minesPayout(1_000n, 3, 2);
    const [cash, cashAgain] = await Promise.all([
      call('POST', '/wps/inhouse/mines/cashout', { token, body: { roundId: round.roundId } }),
      call('POST', '/wps/inhouse/mines/cashout', { token, body: { roundId: round.roundId } }),
    ]);
    expect(cash.body.value.round).toMatchObject({ status: 'settled', outcome: { game: 'bgs-mines', mines } });
    expect(cashAgain.body.value.round.payout).toBe(cash.body.value.round.payout);
    expect(Math.round(Number(await balance(token)) * 100)).toBe(99_000 + Number(payout));
    expect((await call('GET', '/wps/inhouse/mines/active', { token })).body.value.round).toBeNull();
  });

  it('ends on a mine with no win', async () => {
    const { token } = await player(100_000n);
    const start = await call('POST', '/wps/inhouse/mines/start', {
      token,
      body: { requestId: requestId(), bet: '10.00', mineCount: 5 },
    });
    const roundId = start.body.value.round.roundId as string;
    const [mine] = await minesOf(roundId);
    const hit = await call('POST', '/wps/inhouse/mines/reveal', { token, body: { roundId, tile: mine } });
    expect(hit.body.value.round).toMatchObject({ status: 'settled', payout: '0.00' });
    expect(hit.body.value.balance).toBe('990.00');
    const late = await call('POST', '/wps/inhouse/mines/cashout', { token, body: { roundId } });
    expect(late.body.code).toBe('round_not_open');
  });
});

describe('provably fair', () => {
  it('commits to the server seed, reveals it on rotation, and every round recomputes from it', async () => {
    const { token } = await player(1_000_000n);
    const seed = (
      await call('POST', '/wps/inhouse/seed/client', { token, body: { clientSeed: 'my-lucky_seed' } })
    ).body.value;
    expect(seed).toMatchObject({ clientSeed: 'my-lucky_seed', nonce: 0 });
    expect(
      (await call('POST', '/wps/inhouse/seed/client', { token, body: { clientSeed: 'bad seed!' } })).status,
    ).toBe(400);
    for (let index = 0; index < 3; index += 1) {
      await call('POST', '/wps/inhouse/slot/spin', { token, body: { requestId: requestId(), bet: '1.00' } });
      await call('POST', '/wps/inhouse/dice/roll', {
        token,
        body: {
          requestId: requestId(),
          bet: '1.00',
          target: 4000 + index,
          direction: index % 2 ? 'over' : 'under',
        },
      });
    }
    const mines = await call('POST', '/wps/inhouse/mines/start', {
      token,
      body: { requestId: requestId(), bet: '1.00', mineCount: 24 },
    });
    const minesRound = mines.body.value.round as BgsRound;
    // With 24 mines the single safe tile is unknown to the player; reveal tile 0 (a mine or the safe one).
    await call('POST', '/wps/inhouse/mines/reveal', {
      token,
      body: { roundId: minesRound.roundId, tile: 0 },
    });
    const rotation = (await call('POST', '/wps/inhouse/seed/rotate', { token })).body.value;
    expect(rotation.revealed).toMatchObject({
      serverSeedHash: seed.serverSeedHash,
      clientSeed: 'my-lucky_seed',
      nonce: 7,
    });
    const revealedHash = createHash('sha256')
      .update(Buffer.from(rotation.revealed.serverSeed, 'hex'))
      .digest('hex');
    expect(revealedHash).toBe(seed.serverSeedHash);
    expect(rotation.current.serverSeedHash).not.toBe(seed.serverSeedHash);
    expect(rotation.current.nonce).toBe(0);

    const rounds = await roundsOf(token);
    expect(rounds).toHaveLength(7);
    for (const round of rounds) {
      expect(round.serverSeed).toBe(rotation.revealed.serverSeed);
      const verified = await call('POST', '/wps/inhouse/verify', {
        body: {
          serverSeed: round.serverSeed,
          clientSeed: round.clientSeed,
          nonce: round.nonce,
          params: round.params,
        },
      });
      expect(verified.body.value.serverSeedHash).toBe(round.serverSeedHash);
      expect(verified.body.value.outcome).toEqual(round.outcome);
      const local = await computeOutcome(nodeHmac, {
        serverSeed: round.serverSeed!,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
        params: round.params,
      });
      expect(local).toEqual(round.outcome);
    }
    const single = await call('GET', `/wps/inhouse/rounds/${rounds[0]!.roundId}`, { token });
    expect(single.body.value.roundId).toBe(rounds[0]!.roundId);
    const other = await player();
    expect(
      (await call('GET', `/wps/inhouse/rounds/${rounds[0]!.roundId}`, { token: other.token })).status,
    ).toBe(404);
  });
});
