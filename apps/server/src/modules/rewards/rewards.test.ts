import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBooksBalance,
  fund,
  loggedInMember,
  operatorToken,
  readyToWithdraw,
  requestId,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';
import { rewardsClient } from '../../test/rewards-kit';

/**
 * Rewards through the API (decision 0030): activities created by an operator, claimed by players once,
 * paid into the bonus wallet, released by wagering or forfeited by a confirmed withdrawal; the abuse
 * cases of the issue each refused and changing nothing.
 */
let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  // Claims are told apart by address (the same-device rule): the test presents them as a proxy would.
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

const { createActivity, activityOf, claim } = rewardsClient(() => ({ kit, ops }), { startsAgoMs: 3_600_000 });
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

async function bonusWallet(token: string) {
  return (await kit.call('GET', '/wps/rewards/bonuses', { token })).body.value as {
    balance: string;
    withdrawal: string;
    forfeitAmount: string;
    bonuses: { id: string; status: string; wageringDone: string; wageringRequired: string }[];
  };
}

const mainBalance = async (token: string) =>
  (await kit.call('GET', '/wps/v2/wallets/balance', { token })).body.value.balance as string;

/** A round of `game type` staked by the member now (what the seamless wallet records per round). */
async function playRound(memberId: number, stakeMinor: bigint, gameType: 'RNG' | 'LIVE') {
  const db = kit.testApp.database.db;
  const game = await db
    .selectFrom('games')
    .select(['vendor_code', 'game_code'])
    .where('game_type', '=', gameType)
    .limit(1)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('game_rounds')
    .values({
      merchant_id: kit.merchantId,
      vendor_code: game.vendor_code,
      round_id: requestId(),
      member_id: memberId,
      game_code: game.game_code,
      currency: 'THB',
      bet_minor: stakeMinor,
      bet_count: 1,
    })
    .execute();
}

function withdraw(token: string, bankAccountId: number, extra: Record<string, unknown> = {}) {
  return kit.call('POST', '/wps/payments/withdrawals', {
    token,
    body: {
      bankAccountId,
      amount: '100.00',
      paymentPassword: '135790',
      clientRequestId: requestId(),
      ...extra,
    },
  });
}

describe('first deposit bonus', () => {
  it('is claimed once after a qualifying deposit, into the bonus wallet, and released by weighted wagering', async () => {
    const id = await createActivity({
      rules: { kind: 'first_deposit', percent: '100.00', cap: '1000.00', minDeposit: '100.00' },
      wagering: { multiplier: 2, weights: { LIVE: 10 } },
    });
    const member = await loggedInMember(kit);
    expect((await activityOf(member.token, id)).status).toBe('signed');
    expect((await claim(member.token, id)).body.code).toBe('activity_nothing_to_claim');

    await fund(kit, member.memberId, 50_000n);
    const offered = await activityOf(member.token, id);
    expect(offered).toMatchObject({ status: 'claim', action: 'claim', amount: '500.00' });
    const unread = await kit.call('GET', '/wps/relay/message_unreadCount', { token: member.token });
    expect(unread.body.value.rewards).toBeGreaterThanOrEqual(1);

    // A double click: two claims at once pay once.
    const [first, second] = await Promise.all([claim(member.token, id), claim(member.token, id)]);
    expect([first.body.value.replayed, second.body.value.replayed].sort()).toEqual([false, true]);
    expect(first.body.value.amount).toBe('500.00');
    let wallet = await bonusWallet(member.token);
    expect(wallet.balance).toBe('500.00');
    expect(wallet.bonuses).toHaveLength(1);
    expect(wallet.bonuses[0]).toMatchObject({ status: 'wagering', wageringRequired: '1000.00' });
    expect(await mainBalance(member.token)).toBe('500.00');
    expect((await activityOf(member.token, id)).status).toBe('issued');

    // Live casino counts 10%: 1,000.00 staked there is 100.00 of wagering; slots count in full.
    await playRound(member.memberId, 100_000n, 'LIVE');
    wallet = await bonusWallet(member.token);
    expect(wallet.bonuses[0]).toMatchObject({ status: 'wagering', wageringDone: '100.00' });
    expect((await activityOf(member.token, id)).status).toBe('process');
    await playRound(member.memberId, 90_000n, 'RNG');
    wallet = await bonusWallet(member.token);
    expect(wallet.bonuses[0]).toMatchObject({ status: 'released', wageringDone: '1000.00' });
    expect(wallet.balance).toBe('0.00');
    expect(await mainBalance(member.token)).toBe('1000.00');
    expect((await activityOf(member.token, id)).status).toBe('claimed');

    const transfers = await kit.testApp.database.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'idempotency_key'])
      .where('idempotency_key', 'like', `%:${member.memberId}:%`)
      .where('kind', 'in', ['bonus', 'bonus_release'])
      .execute();
    expect(transfers.map((row) => row.idempotency_key)).toEqual([`reward:${id}:${member.memberId}:once`]);

    // bonusDetails lists the issue into the bonus wallet and both sides of the release; account records
    // (deposits, withdrawals, transfers) none of them.
    const details = await kit.call('GET', '/wps/relay/bonus_details', { token: member.token });
    const moves = (details.body.value.items as { type: string; amount: string; wallet: string }[]).map(
      (item) => [item.type, item.amount, item.wallet],
    );
    expect(moves.sort()).toEqual(
      [
        ['bonus', '500.00', 'BONUS'],
        ['bonus_release', '-500.00', 'BONUS'],
        ['bonus_release', '500.00', ''],
      ].sort(),
    );
    const records = await kit.call('GET', '/wps/relay/account_records', { token: member.token });
    expect((records.body.value.items as { type: string }[]).map((item) => item.type)).toEqual(['deposit']);
  });

  it('does not pay for a deposit below the minimum, nor to a trial account', async () => {
    const id = await createActivity({
      rules: { kind: 'first_deposit', percent: '50.00', cap: '100.00', minDeposit: '100.00' },
    });
    const member = await loggedInMember(kit);
    await fund(kit, member.memberId, 9_999n);
    expect((await activityOf(member.token, id)).status).toBe('signed');
    expect((await claim(member.token, id)).body.code).toBe('activity_nothing_to_claim');
    const trial = await trialToken(kit);
    expect((await claim(trial, id)).body.code).toBe('in_need_true_account');
  });
});

describe('new-player activities', () => {
  it('refuse a second account claiming from the same device or address', async () => {
    const id = await createActivity({
      rules: { kind: 'social_contact', amount: '20.00' },
      newPlayersOnly: true,
    });
    const [first, second, third, fourth] = [
      await loggedInMember(kit),
      await loggedInMember(kit),
      await loggedInMember(kit),
      await loggedInMember(kit),
    ];
    const contact = { contact: { app: 'zalo', id: 'malee.s' } };
    expect((await claim(first.token, id)).body.code).toBe('activity_contact_required');
    expect((await claim(first.token, id, { contact: { app: 'zalo', id: 'x' } })).body.code).toBe(
      'validation_failed',
    );
    const applied = await claim(first.token, id, contact, { ip: '203.0.113.10', userAgent: 'phone-1' });
    expect(applied.body.value).toMatchObject({ status: 'applying', replayed: false, amount: '20.00' });
    // The same phone from another address, and another phone from the same address.
    expect(
      (await claim(second.token, id, contact, { ip: '203.0.113.11', userAgent: 'phone-1' })).body.code,
    ).toBe('activity_same_device');
    expect(
      (await claim(third.token, id, contact, { ip: '203.0.113.10', userAgent: 'phone-3' })).body.code,
    ).toBe('activity_same_device');
    const own = await claim(fourth.token, id, contact, { ip: '203.0.113.12', userAgent: 'phone-4' });
    expect(own.body.value.status).toBe('applying');
    const claims = await kit.testApp.database.db
      .selectFrom('reward_claims')
      .select('member_id')
      .where('activity_id', '=', BigInt(id))
      .orderBy('id')
      .execute();
    expect(claims.map((row) => row.member_id)).toEqual([first.memberId, fourth.memberId]);
  });

  it('are closed to accounts registered before they started', async () => {
    const member = await loggedInMember(kit);
    const id = await createActivity({
      rules: { kind: 'social_contact', amount: '20.00' },
      newPlayersOnly: true,
      startsAt: new Date(Date.now() + 1_000).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await activityOf(member.token, id)).status).toBe('close');
    expect(
      (await claim(member.token, id, { contact: { app: 'whatsapp', id: '+66812345678' } })).body.code,
    ).toBe('activity_not_eligible');
  });
});

describe('operator review', () => {
  it('pays an approved claim once and nothing for a rejected one', async () => {
    const id = await createActivity({ rules: { kind: 'social_contact', amount: '30.00' } });
    const [a, b] = [await loggedInMember(kit), await loggedInMember(kit)];
    await claim(a.token, id, { contact: { app: 'zalo', id: 'player.a' } });
    await claim(b.token, id, { contact: { app: 'whatsapp', id: '+66800000000' } });
    expect((await activityOf(a.token, id)).status).toBe('applying');
    const queue = await kit.call('GET', '/ops/rewards/claims?status=applying&pageSize=100', { token: ops });
    const items = queue.body.value.items as { id: string; memberId: number; status: string }[];
    expect(items.every((item) => item.status === 'applying')).toBe(true);
    const mine = items.filter((item) => [a.memberId, b.memberId].includes(item.memberId));
    expect(mine).toHaveLength(2);
    const claimOf = (memberId: number) => mine.find((item) => item.memberId === memberId)!.id;
    const decide = (claimId: string, decision: 'approve' | 'reject') =>
      kit.call('POST', `/ops/rewards/claims/${claimId}/decision`, { token: ops, body: { decision } });
    const approvals = await Promise.all([
      decide(claimOf(a.memberId), 'approve'),
      decide(claimOf(a.memberId), 'approve'),
    ]);
    expect(approvals.map((reply) => reply.body.value.replayed).sort()).toEqual([false, true]);
    expect((await decide(claimOf(a.memberId), 'reject')).body.code).toBe('claim_decided');
    expect((await decide(claimOf(b.memberId), 'reject')).body.value.claim.status).toBe('rejected');
    // Without wagering the bonus is released to the main wallet at once.
    expect((await bonusWallet(a.token)).bonuses[0]).toMatchObject({ status: 'released', amount: '30.00' });
    expect(await mainBalance(a.token)).toBe('30.00');
    expect((await bonusWallet(b.token)).bonuses).toEqual([]);
    expect(await mainBalance(b.token)).toBe('0.00');
    expect((await activityOf(b.token, id)).status).toBe('rejected');
  });

  it('keeps contact bonuses within the merchant cap', async () => {
    const reply = await kit.call('POST', '/ops/rewards/activities', {
      token: ops,
      body: {
        title: 'Too much',
        startsAt: hourAgo(),
        rules: { kind: 'social_contact', amount: '131000.01' },
      },
    });
    expect(reply.body.code).toBe('activity_over_cap');
  });

  it('compares an activity window as instants, whatever their offsets', async () => {
    const create = (startsAt: string, endsAt: string) =>
      kit.call('POST', '/ops/rewards/activities', {
        token: ops,
        body: { title: 'Window', startsAt, endsAt, rules: { kind: 'sign_in', amounts: ['1.00'] } },
      });
    // 03:00 UTC to 05:00 UTC, though "05" sorts before "10" as text.
    const ok = await create('2026-12-01T10:00:00+07:00', '2026-12-01T05:00:00Z');
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    const reversed = await create('2026-12-01T10:00:00Z', '2026-12-01T12:00:00+07:00');
    expect(reversed.body.code).toBe('validation_failed');
  });
});

describe('withdrawals while wagering is unmet', () => {
  it('are refused or forfeit the bonus once confirmed, as the activity says', async () => {
    const refuse = await createActivity({
      rules: { kind: 'reload_deposit', percent: '10.00', cap: '100.00', minDeposit: '10.00' },
      wagering: { multiplier: 5, weights: {} },
      withdrawRule: 'refuse',
    });
    const member = await loggedInMember(kit);
    await fund(kit, member.memberId, 100_000n);
    await fund(kit, member.memberId, 50_000n);
    expect((await claim(member.token, refuse)).body.value.amount).toBe('50.00');
    const bank = await readyToWithdraw(kit, member.token);
    expect((await bonusWallet(member.token)).withdrawal).toBe('refused');
    expect((await withdraw(member.token, bank)).body.code).toBe('wagering_unmet');
    expect(await mainBalance(member.token)).toBe('1500.00');

    // Wagering met: the bonus is released, and the withdrawal goes through.
    await playRound(member.memberId, 25_000n, 'RNG');
    const done = await withdraw(member.token, bank);
    expect(done.body.success, JSON.stringify(done.body)).toBe(true);
    expect(await mainBalance(member.token)).toBe('1450.00');

    const forfeit = await createActivity({
      rules: { kind: 'sign_in', amounts: ['5.00', '6.00'] },
      wagering: { multiplier: 10, weights: {} },
      withdrawRule: 'forfeit',
    });
    expect((await claim(member.token, forfeit)).body.value.amount).toBe('5.00');
    const wallet = await bonusWallet(member.token);
    expect(wallet).toMatchObject({ withdrawal: 'forfeits', forfeitAmount: '5.00', balance: '5.00' });
    const unconfirmed = await withdraw(member.token, bank);
    expect(unconfirmed.body.code).toBe('bonus_forfeit_unconfirmed');
    expect((await bonusWallet(member.token)).balance).toBe('5.00');
    const confirmed = await withdraw(member.token, bank, { forfeitBonus: true });
    expect(confirmed.body.success).toBe(true);
    const after = await bonusWallet(member.token);
    expect(after).toMatchObject({ balance: '0.00', withdrawal: 'free' });
    expect(after.bonuses[0]!.status).toBe('forfeited');
    expect(await mainBalance(member.token)).toBe('1350.00');
  });
});

describe('sign-in and cashback', () => {
  it('pays the sign-in once a day; cashback waits for joining and a closed period', async () => {
    const signIn = await createActivity({ rules: { kind: 'sign_in', amounts: ['2.00', '4.00'] } });
    const member = await loggedInMember(kit);
    const activity = await activityOf(member.token, signIn);
    expect(activity).toMatchObject({ status: 'claim', amount: '2.00', streak: 1 });
    await claim(member.token, signIn);
    expect((await claim(member.token, signIn)).body.value).toMatchObject({
      replayed: true,
      status: 'claimed',
    });

    const cashback = await createActivity({
      rules: { kind: 'cashback', basis: 'net_loss', percent: '10.00', cap: '50.00', period: 'day' },
      requiresJoin: true,
      once: 'period',
    });
    expect(await activityOf(member.token, cashback)).toMatchObject({ status: 'join', action: 'join' });
    expect((await claim(member.token, cashback)).body.code).toBe('activity_not_eligible');
    const joined = await kit.call('POST', `/wps/rewards/activities/${cashback}/join`, {
      token: member.token,
    });
    expect(joined.body.value).toMatchObject({ status: 'signed', action: null });
    // Joined today: yesterday's losses are not this player's to claim back.
    expect((await claim(member.token, cashback)).body.code).toBe('activity_nothing_to_claim');
  });
});

describe('operator activities', () => {
  it('lists them with claims and what they paid, and closes them', async () => {
    const id = await createActivity({ rules: { kind: 'sign_in', amounts: ['1.00'] } });
    const member = await loggedInMember(kit);
    await claim(member.token, id);
    const list = await kit.call('GET', '/ops/rewards/activities', { token: ops });
    const row = (list.body.value.activities as { id: string; claims: number; paid: string }[]).find(
      (candidate) => candidate.id === id,
    );
    expect(row).toMatchObject({ claims: 1, paid: '1.00' });
    const closed = await kit.call('POST', `/ops/rewards/activities/${id}/close`, { token: ops });
    expect(closed.body.value.activity.closed).toBe(true);
    expect((await activityOf(member.token, id)).status).toBe('close');
    expect((await claim(member.token, id)).body.code).toBe('activity_not_open');
  });
});
