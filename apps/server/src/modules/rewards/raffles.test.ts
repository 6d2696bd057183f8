import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRaffle, PlayerRaffle, RafflePayload } from '@portal/contracts';
import {
  assertBooksBalance,
  balanceOf,
  loggedInMember,
  operatorToken,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';
import { seedHashOf } from '../lottery';
import { pickWinners } from './draw-algorithms';
import { drawDueRaffles } from './raffles.service';

/**
 * Raffles (decision 0031): tickets from the rollups' day figures, a committed seed, a draw once the
 * window has closed and the rollups caught up, each prize paid once however many runs race, and winners
 * anyone can recompute from the revealed seed and the entries.
 */
let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

const db = () => kit.testApp.database.db;
const day = 86_400_000;

/** A member's figures on the merchant day `daysAgo` days back, as the rollup job adds them. */
async function dayFigures(memberId: number, daysAgo: number, validBetMinor: bigint, depositCount = 0) {
  await sql`
    insert into member_daily (merchant_id, member_id, day, vendor_code, game_type, bet_count, valid_bet_minor,
      deposit_count)
    select m.merchant_id, m.id, merchant_day(now() - make_interval(days => ${daysAgo}), x.gmt_offset_minutes),
      'BGS', '', 1, ${validBetMinor}, ${depositCount}
    from members m join merchants x on x.id = m.merchant_id where m.id = ${memberId}
    on conflict (member_id, day, vendor_code, game_type) do update set
      valid_bet_minor = member_daily.valid_bet_minor + excluded.valid_bet_minor,
      deposit_count = member_daily.deposit_count + excluded.deposit_count`.execute(db());
}

async function createRaffle(payload: Partial<RafflePayload> = {}): Promise<OperatorRaffle> {
  const reply = await kit.call('POST', '/ops/rewards/raffles', {
    token: ops,
    body: {
      title: 'Weekly raffle',
      startsAt: new Date(Date.now() - 3 * day).toISOString(),
      endsAt: new Date(Date.now() - 60_000).toISOString(),
      drawAt: new Date(Date.now() - 60_000).toISOString(),
      tickets: { validBetPerTicket: '100.00', ticketsPerDeposit: 2, maxTicketsPerPlayer: 50 },
      prizes: ['300.00', '200.00', '100.00'],
      ...payload,
    },
  });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value.raffle as OperatorRaffle;
}

async function raffleOf(token: string, id: string): Promise<PlayerRaffle> {
  const reply = await kit.call('GET', `/wps/rewards/raffles/${id}`, { token });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value as PlayerRaffle;
}

describe('picking winners', () => {
  it('weighs by tickets, never draws an entry twice and stops when the entries run out', () => {
    const seed = 'c'.repeat(64);
    expect(pickWinners(seed, [5, 1, 3], 3).sort()).toEqual([0, 1, 2]);
    expect(pickWinners(seed, [5, 1], 4)).toHaveLength(2);
    expect(pickWinners(seed, [4, 0, 2], 2)).not.toContain(1);
    expect(pickWinners(seed, [3, 7, 2, 9], 2)).toEqual(pickWinners(seed, [3, 7, 2, 9], 2));
    // One entry with nearly every ticket wins rank 1 nearly always.
    let heavy = 0;
    for (let index = 0; index < 200; index += 1) {
      if (pickWinners(index.toString(16).padStart(64, '0'), [1, 1_000], 1)[0] === 1) heavy += 1;
    }
    expect(heavy).toBeGreaterThan(190);
  });
});

describe('raffles', () => {
  it('counts tickets, draws once the rollups caught up, pays each prize once and is verifiable', async () => {
    const [rich, middle, small, none] = await Promise.all([1, 2, 3, 4].map(() => loggedInMember(kit)));
    await dayFigures(rich!.memberId, 1, 1_000_000n); // 10,000.00: 100 tickets, capped at 50
    await dayFigures(middle!.memberId, 2, 50_000n, 1); // 5 + 2 tickets
    await dayFigures(small!.memberId, 1, 10_000n); // 1 ticket
    const raffle = await createRaffle();
    expect(raffle).toMatchObject({ state: 'drawing', seed: null, winners: [] });
    const before = await raffleOf(middle!.token, raffle.id);
    expect(before).toMatchObject({ state: 'drawing', myTickets: 7, seed: null, totalTickets: null });
    expect((await raffleOf(none!.token, raffle.id)).myTickets).toBe(0);
    expect((await kit.call('GET', `/wps/rewards/raffles/${raffle.id}/verify`)).body.code).toBe(
      'draw_not_revealed',
    );

    // The rollups have not caught up with the window's end: nothing is drawn.
    await sql`update rollup_cursors set caught_up_at = now() - interval '1 hour' where name = 'ledger'`.execute(
      db(),
    );
    expect(await drawDueRaffles(db(), new Date())).toBe(0);
    await sql`update rollup_cursors set caught_up_at = now() where name = 'ledger'`.execute(db());

    // Two runs at once and a third after: the raffle is drawn and paid once.
    const runs = await Promise.all([drawDueRaffles(db(), new Date()), drawDueRaffles(db(), new Date())]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await drawDueRaffles(db(), new Date())).toBe(0);
    const prizeTransfers = await db()
      .selectFrom('ledger_transfers')
      .select('idempotency_key')
      .where('idempotency_key', 'like', `raffle:${raffle.id}:%`)
      .execute();
    expect(prizeTransfers).toHaveLength(3);

    const drawn = await raffleOf(middle!.token, raffle.id);
    expect(drawn).toMatchObject({ state: 'drawn', myTickets: 7, totalTickets: 58 });
    expect(drawn.winners.map((winner) => winner.rank)).toEqual([1, 2, 3]);
    expect(drawn.winners.map((winner) => winner.prize)).toEqual(['300.00', '200.00', '100.00']);
    expect(drawn.winners.every((winner) => /\*\*\*/.test(winner.player))).toBe(true);
    expect(seedHashOf(drawn.seed!)).toBe(raffle.seedHash);
    // Three entrants, three prizes: each won one, paid to the main wallet (no wagering).
    const balances = await Promise.all([rich, middle, small].map((player) => balanceOf(kit, player!.token)));
    expect(balances.sort()).toEqual(['100.00', '200.00', '300.00']);
    expect(await balanceOf(kit, none!.token)).toBe('0.00');

    const verify = (await kit.call('GET', `/wps/rewards/raffles/${raffle.id}/verify`)).body.value;
    expect(verify).toMatchObject({ hashMatches: true, matches: true });
    // Canonical order: account id ascending.
    const expected = [
      [rich!.memberId, 50],
      [middle!.memberId, 7],
      [small!.memberId, 1],
    ]
      .sort((a, b) => a[0]! - b[0]!)
      .map(([, tickets]) => tickets);
    expect(verify.entries.map((entry: { tickets: number }) => entry.tickets)).toEqual(expected);
    expect(
      pickWinners(
        drawn.seed!,
        verify.entries.map((entry: { tickets: number }) => entry.tickets),
        3,
      ),
    ).toEqual(verify.winners);
  });

  it('leaves prizes undrawn when there are fewer entrants, and lists raffles with my tickets', async () => {
    const player = await loggedInMember(kit);
    const raffle = await createRaffle({
      title: 'Small raffle',
      startsAt: new Date(Date.now() - day).toISOString(),
      endsAt: new Date(Date.now() + day).toISOString(),
      drawAt: new Date(Date.now() + day).toISOString(),
      tickets: { validBetPerTicket: null, ticketsPerDeposit: 3, maxTicketsPerPlayer: 10 },
      prizes: ['50.00', '10.00'],
    });
    await dayFigures(player.memberId, 0, 0n, 5);
    const listed = await kit.call('GET', '/wps/rewards/raffles', { token: player.token });
    const mine = (listed.body.value.raffles as PlayerRaffle[]).find((entry) => entry.id === raffle.id)!;
    expect(mine).toMatchObject({ state: 'open', myTickets: 10, prizes: ['50.00', '10.00'] });
    // Not due yet: the job leaves it.
    expect(await drawDueRaffles(db(), new Date())).toBe(0);
    expect(await drawDueRaffles(db(), new Date(Date.now() + 2 * day))).toBe(0);
  });

  it('refuses trial accounts, bad amounts and an unknown raffle', async () => {
    const trial = await trialToken(kit);
    expect((await kit.call('GET', '/wps/rewards/raffles', { token: trial })).body.code).toBe(
      'in_need_true_account',
    );
    const player = await loggedInMember(kit);
    expect((await kit.call('GET', '/wps/rewards/raffles/999999', { token: player.token })).body.code).toBe(
      'raffle_not_found',
    );
    const bad = await kit.call('POST', '/ops/rewards/raffles', {
      token: ops,
      body: {
        title: 'Bad',
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + day).toISOString(),
        drawAt: new Date(Date.now() + day).toISOString(),
        tickets: { validBetPerTicket: '0.001' },
        prizes: ['10.00'],
      },
    });
    expect(bad.body.code).toBe('invalid_amount');
  });
});
