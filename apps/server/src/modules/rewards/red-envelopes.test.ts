import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorRedEnvelope, PlayerRedEnvelope, RedEnvelopePayload } from '@portal/contracts';
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
import { splitPool } from './draw-algorithms';

/**
 * Red envelopes through the API (decision 0031): the split is committed before the first claim, sums to
 * the pool and is recomputed from the revealed seed; each player claims once, however many calls race;
 * a claim after the last share is `red_envelope_empty` and moves nothing; trial accounts are refused.
 */
let kit: PaymentsKit;
let ops: string;
let addresses = 0;

beforeAll(async () => {
  // Claims are rate-limited per address: each call comes from its own, as through a proxy.
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

const hour = 3_600_000;

async function createEnvelope(payload: Partial<RedEnvelopePayload> = {}): Promise<OperatorRedEnvelope> {
  const reply = await kit.call('POST', '/ops/rewards/red-envelopes', {
    token: ops,
    body: {
      title: 'Lucky red envelope',
      pool: '100.00',
      shares: 5,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
      ...payload,
    },
  });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value.envelope as OperatorRedEnvelope;
}

const claim = (token: string, id: string) =>
  kit.call('POST', `/wps/rewards/red-envelopes/${id}/claim`, {
    token,
    ip: `203.0.113.${(addresses += 1) % 250}`,
  });

async function envelopeOf(token: string, id: string): Promise<PlayerRedEnvelope> {
  const reply = await kit.call('GET', '/wps/rewards/red-envelopes', { token });
  expect(reply.body.success).toBe(true);
  return (reply.body.value.envelopes as PlayerRedEnvelope[]).find((envelope) => envelope.id === id)!;
}

const transferCount = async () =>
  Number(
    (
      await kit.testApp.database.db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the split', () => {
  it('is a sum of at least one minor unit per share, exactly the pool, and deterministic from the seed', () => {
    const seed = 'a'.repeat(64);
    for (const [pool, shares] of [
      [10_000n, 5],
      [7n, 7],
      [1_000_003n, 1000],
      [99_999_999_999n, 3],
    ] as const) {
      const split = splitPool(seed, pool, shares);
      expect(split).toHaveLength(shares);
      expect(split.every((amount) => amount >= 1n)).toBe(true);
      expect(split.reduce((sum, amount) => sum + amount, 0n)).toBe(pool);
      expect(splitPool(seed, pool, shares)).toEqual(split);
    }
    expect(splitPool('b'.repeat(64), 10_000n, 5)).not.toEqual(splitPool(seed, 10_000n, 5));
  });
});

describe('red envelopes', () => {
  it('commits the split before the first claim, pays each claimer a share once and reveals the seed when empty', async () => {
    const envelope = await createEnvelope({ pool: '100.00', shares: 3 });
    expect(envelope).toMatchObject({ state: 'open', claimed: 0, seed: null });
    expect(envelope.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const players = await Promise.all([1, 2, 3, 4].map(() => loggedInMember(kit)));
    const shown = await envelopeOf(players[0]!.token, envelope.id);
    expect(shown).toMatchObject({ state: 'open', sharesLeft: 3, seed: null, myAmount: null });
    expect((await kit.call('GET', `/wps/rewards/red-envelopes/${envelope.id}/verify`)).body.code).toBe(
      'draw_not_revealed',
    );

    const amounts: string[] = [];
    for (const player of players.slice(0, 3)) {
      const reply = await claim(player.token, envelope.id);
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
      expect(reply.body.value.replayed).toBe(false);
      amounts.push(reply.body.value.amount as string);
      // Multiplier 0: released to the main wallet at once.
      expect(await balanceOf(kit, player.token)).toBe(reply.body.value.amount);
    }
    expect(amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0)).toBe(10_000);

    // The fourth player: the pool is empty, a clear answer, and nothing moves.
    const before = await transferCount();
    const late = await claim(players[3]!.token, envelope.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('red_envelope_empty');
    expect(await transferCount()).toBe(before);
    expect(await balanceOf(kit, players[3]!.token)).toBe('0.00');

    const emptied = await envelopeOf(players[0]!.token, envelope.id);
    expect(emptied).toMatchObject({ state: 'empty', sharesLeft: 0, myAmount: amounts[0] });
    expect(seedHashOf(emptied.seed!)).toBe(envelope.seedHash);
    const verify = await kit.call('GET', `/wps/rewards/red-envelopes/${envelope.id}/verify`);
    expect(verify.body.value).toMatchObject({ hashMatches: true, matches: true, shares: amounts });
    const recomputed = splitPool(emptied.seed!, 10_000n, 3).map((minor) => (Number(minor) / 100).toFixed(2));
    expect(recomputed).toEqual(amounts);
  });

  it('pays once when one player sends 20 claims at once', async () => {
    const envelope = await createEnvelope({ pool: '50.00', shares: 10 });
    const player = await loggedInMember(kit);
    const replies = await Promise.all(Array.from({ length: 20 }, () => claim(player.token, envelope.id)));
    expect(replies.every((reply) => reply.body.success)).toBe(true);
    expect(replies.filter((reply) => reply.body.value.replayed === false)).toHaveLength(1);
    const amount = replies[0]!.body.value.amount as string;
    expect(new Set(replies.map((reply) => reply.body.value.amount))).toEqual(new Set([amount]));
    expect(await balanceOf(kit, player.token)).toBe(amount);
    expect((await envelopeOf(player.token, envelope.id)).sharesLeft).toBe(9);
  });

  it('gives every share once when more players than shares claim at once; the rest get red_envelope_empty', async () => {
    const envelope = await createEnvelope({ pool: '10.00', shares: 4 });
    const players = await Promise.all(Array.from({ length: 9 }, () => loggedInMember(kit)));
    const replies = await Promise.all(players.map((player) => claim(player.token, envelope.id)));
    const won = replies.filter((reply) => reply.body.success);
    expect(won).toHaveLength(4);
    expect(replies.filter((reply) => reply.body.code === 'red_envelope_empty')).toHaveLength(5);
    expect(new Set(won.map((reply) => reply.body.value.shareIndex))).toEqual(new Set([0, 1, 2, 3]));
    const paid = won.reduce((sum, reply) => sum + Math.round(Number(reply.body.value.amount) * 100), 0);
    expect(paid).toBe(1_000);
    const listed = await kit.call('GET', '/ops/rewards/red-envelopes', { token: ops });
    const mine = (listed.body.value.envelopes as OperatorRedEnvelope[]).find((row) => row.id === envelope.id);
    expect(mine).toMatchObject({ claimed: 4, paid: '10.00', state: 'empty' });
  });

  it('pays into the bonus wallet with wagering when the envelope asks for it', async () => {
    const envelope = await createEnvelope({
      title: 'Wagered envelope',
      pool: '20.00',
      shares: 2,
      wagering: { multiplier: 5, weights: {} },
    });
    const player = await loggedInMember(kit);
    const reply = await claim(player.token, envelope.id);
    expect(reply.body.success).toBe(true);
    expect(await balanceOf(kit, player.token)).toBe('0.00');
    const wallet = (await kit.call('GET', '/wps/rewards/bonuses', { token: player.token })).body.value;
    expect(wallet.balance).toBe(reply.body.value.amount);
    expect(wallet.bonuses[0]).toMatchObject({ activityTitle: 'Wagered envelope', status: 'wagering' });
  });

  it('refuses trial accounts, envelopes not started or ended, and a pool smaller than its shares', async () => {
    const open = await createEnvelope();
    const trial = await trialToken(kit);
    const refused = await claim(trial, open.id);
    expect(refused.body.code).toBe('in_need_true_account');

    const player = await loggedInMember(kit);
    const later = await createEnvelope({
      startsAt: new Date(Date.now() + hour).toISOString(),
      endsAt: new Date(Date.now() + 2 * hour).toISOString(),
    });
    expect((await claim(player.token, later.id)).body.code).toBe('red_envelope_not_started');
    const ended = await createEnvelope({
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    expect((await claim(player.token, ended.id)).body.code).toBe('red_envelope_closed');
    // Ended: the seed is revealed even though no share was claimed.
    const verify = await kit.call('GET', `/wps/rewards/red-envelopes/${ended.id}/verify`);
    expect(verify.body.value).toMatchObject({ hashMatches: true, matches: true });
    expect((await claim(player.token, '999999')).body.code).toBe('red_envelope_not_found');

    const tooSmall = await kit.call('POST', '/ops/rewards/red-envelopes', {
      token: ops,
      body: {
        title: 'Too small',
        pool: '0.03',
        shares: 4,
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + hour).toISOString(),
      },
    });
    expect(tooSmall.body.code).toBe('invalid_amount');
  });
});
