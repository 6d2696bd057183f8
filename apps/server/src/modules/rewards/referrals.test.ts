import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey, ReferralView } from '@portal/contracts';
import { encryptFor } from '../../test/encrypt';
import {
  assertBooksBalance,
  fund,
  loggedInMember,
  operatorToken,
  readyToWithdraw,
  startPaymentsKit,
  type PaymentsKit,
} from '../../test/payments-kit';
import { rewardsClient } from '../../test/rewards-kit';

/**
 * The referral programme through the API (decision 0032): a friend registering with a player's code is
 * linked; the friend and the referrer each claim their reward once, however many claims arrive at once;
 * a self-referral (the referrer's device, address or bank account) pays nothing and says why.
 */
let kit: PaymentsKit;
let ops: string;
let key: PublicKey;
let activityId: string;

const { createActivity, activityOf, claim } = rewardsClient(() => ({ kit, ops }), { startsAgoMs: 3_600_000 });

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
  key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
  activityId = await createActivity({
    title: 'Invite a friend',
    rules: { kind: 'referral', minDeposit: '100.00', referrerReward: '50.00', friendReward: '30.00' },
  });
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

// The referrer logs in as loggedInMember does: from 198.51.100.1 with light-my-request's user agent.
const referrerAddress = '198.51.100.1';
const referrerAgent = 'lightMyRequest';
let sequence = 0;

/** Registers a new player with `referralCode`, from an address and a user agent; answers the reply. */
async function register(referralCode: string, from: { ip: string; userAgent: string }) {
  const response = await kit.testApp.app.inject({ url: '/wps/captcha', headers: { host: 'localhost' } });
  const captchaId = String(response.headers['x-captcha-id']);
  const { answer } = await kit.testApp.database.db
    .selectFrom('captchas')
    .select('answer')
    .where('id', '=', captchaId)
    .executeTakeFirstOrThrow();
  sequence += 1;
  const username = `friend${process.pid % 1000}x${sequence}`;
  const payload = {
    username,
    password: 'Passw0rd',
    confirmPassword: 'Passw0rd',
    termsAccepted: true,
    referralCode,
    captchaId,
    captcha: answer,
  };
  const reply = await kit.call('PUT', '/wps/member/register', {
    body: encryptFor(key, payload),
    ip: from.ip,
    headers: { 'user-agent': from.userAgent },
  });
  const member = await kit.testApp.database.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  return { reply, token: reply.body.value?.token as string, memberId: member?.id ?? 0 };
}

async function referral(token: string): Promise<ReferralView> {
  const reply = await kit.call('GET', '/wps/rewards/referral', { token });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value as ReferralView;
}

let friendAddresses = 0;
const elsewhere = () => ({
  ip: `203.0.113.${(friendAddresses += 1)}`,
  userAgent: `friend-phone-${friendAddresses}`,
});

async function bonusTransfers(memberId: number) {
  return kit.testApp.database.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'amount_minor'])
    .where('kind', '=', 'bonus')
    .where('idempotency_key', 'like', `reward:${activityId}:${memberId}:%`)
    .execute();
}

describe('referral', () => {
  it('links a friend who registers with the code; each side is paid once, even for parallel claims', async () => {
    const referrer = await loggedInMember(kit);
    const mine = await referral(referrer.token);
    expect(mine.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(mine.link).toBe(`http://localhost/register?referralCode=${mine.code}`);
    expect(mine).toMatchObject({ friends: [], friendCount: 0, earned: '0.00' });
    expect(mine.activity).toMatchObject({
      id: activityId,
      minDeposit: '100.00',
      claimable: null,
      waiting: 0,
    });
    // The code is the member's for good.
    expect((await referral(referrer.token)).code).toBe(mine.code);

    // Codes are read in capitals, whatever the friend typed.
    const friend = await register(mine.code.toLowerCase(), elsewhere());
    expect(friend.reply.body.success, JSON.stringify(friend.reply.body)).toBe(true);
    let view = await referral(referrer.token);
    expect(view.friends).toEqual([
      expect.objectContaining({ status: 'registered', reward: null, name: expect.stringContaining('***') }),
    ]);
    expect((await claim(referrer.token, activityId)).body.code).toBe('activity_nothing_to_claim');

    await fund(kit, friend.memberId, 10_000n);
    view = await referral(referrer.token);
    expect(view.friends[0]).toMatchObject({ status: 'qualified', reward: '50.00' });
    expect(view.activity).toMatchObject({ claimable: '50.00', waiting: 1 });
    expect(await activityOf(referrer.token, activityId)).toMatchObject({ status: 'claim', amount: '50.00' });

    const claims = await Promise.all([1, 2, 3].map(() => claim(referrer.token, activityId)));
    expect(claims.map((reply) => reply.body.value?.replayed).sort()).toEqual([false, true, true]);
    expect(claims[0]!.body.value.amount).toBe('50.00');
    expect((await claim(referrer.token, activityId)).body.code).toBe('activity_nothing_to_claim');
    view = await referral(referrer.token);
    expect(view.friends[0]).toMatchObject({ status: 'rewarded', reward: '50.00' });
    expect(view).toMatchObject({ earned: '50.00', friendCount: 1, activity: { claimable: null } });

    // The friend's own reward, once.
    expect((await referral(friend.token)).activity).toMatchObject({ claimable: '30.00', waiting: 1 });
    const own = await Promise.all([claim(friend.token, activityId), claim(friend.token, activityId)]);
    expect(own.map((reply) => reply.body.value?.replayed).sort()).toEqual([false, true]);
    expect((await referral(friend.token)).earned).toBe('30.00');
    expect((await activityOf(friend.token, activityId)).status).toBe('claimed');

    expect((await bonusTransfers(referrer.memberId)).map((row) => row.idempotency_key)).toEqual([
      `reward:${activityId}:${referrer.memberId}:friend:${friend.memberId}`,
    ]);
    expect(await bonusTransfers(friend.memberId)).toEqual([
      { idempotency_key: `reward:${activityId}:${friend.memberId}:once`, amount_minor: 3_000n },
    ]);
  });

  it('refuses an unknown code and registers nobody', async () => {
    const attempt = await register('NOPE2345', elsewhere());
    expect(attempt.reply).toMatchObject({ status: 400, body: { code: 'referral_code_error' } });
    expect(attempt.memberId).toBe(0);
  });

  it("pays nothing for a friend on the referrer's device or address, and says which", async () => {
    const referrer = await loggedInMember(kit);
    const { code } = await referral(referrer.token);
    const sameDevice = await register(code, { ip: '203.0.113.200', userAgent: referrerAgent });
    const sameAddress = await register(code, { ip: referrerAddress, userAgent: 'another-phone' });
    for (const friend of [sameDevice, sameAddress]) {
      expect(friend.reply.body.success, JSON.stringify(friend.reply.body)).toBe(true);
      await fund(kit, friend.memberId, 50_000n);
      expect((await claim(friend.token, activityId)).body.code).toBe('activity_nothing_to_claim');
    }
    const view = await referral(referrer.token);
    expect(view.friends.map((friend) => friend.status).sort()).toEqual([
      'refused_same_device',
      'refused_same_ip',
    ]);
    expect(view.activity).toMatchObject({ claimable: null, waiting: 0 });
    expect((await claim(referrer.token, activityId)).body.code).toBe('activity_nothing_to_claim');
    expect(await bonusTransfers(referrer.memberId)).toEqual([]);
  });

  it("refuses a friend who adds the referrer's bank account, before either side claims", async () => {
    const referrer = await loggedInMember(kit);
    const { code } = await referral(referrer.token);
    const friend = await register(code, elsewhere());
    await readyToWithdraw(kit, referrer.token);
    await fund(kit, friend.memberId, 20_000n);
    expect((await referral(referrer.token)).friends[0]!.status).toBe('qualified');
    // The same account number as readyToWithdraw gave the referrer.
    await readyToWithdraw(kit, friend.token);
    expect((await referral(referrer.token)).friends[0]!.status).toBe('refused_same_payment_account');
    expect((await claim(referrer.token, activityId)).body.code).toBe('activity_nothing_to_claim');
    expect((await claim(friend.token, activityId)).body.code).toBe('activity_nothing_to_claim');
    expect([
      ...(await bonusTransfers(referrer.memberId)),
      ...(await bonusTransfers(friend.memberId)),
    ]).toEqual([]);

    const listed = await kit.call('GET', '/ops/rewards/referrals?status=refused&pageSize=100', {
      token: ops,
    });
    const rows = listed.body.value.items as { friendId: number; refused: string; referrerPaid: string }[];
    expect(rows.find((row) => row.friendId === friend.memberId)).toMatchObject({
      refused: 'same_payment_account',
      referrerPaid: '0.00',
    });
    const counted = await kit.call('GET', '/ops/rewards/referrals?status=counted', { token: ops });
    expect(
      (counted.body.value.items as { refused: string | null }[]).every((row) => row.refused === null),
    ).toBe(true);
  });

  it('is not offered while the merchant’s referral promotion is off; a code is then only kept', async () => {
    const { db } = kit.testApp.database;
    const referrer = await loggedInMember(kit);
    const { code } = await referral(referrer.token);
    const setPromotion = async (on: boolean) => {
      const merchant = await db
        .selectFrom('merchants')
        .select('modules')
        .where('id', '=', kit.merchantId)
        .executeTakeFirstOrThrow();
      const modules = { ...(merchant.modules as Record<string, boolean>), referralPromotion: on };
      await db
        .updateTable('merchants')
        .set({ modules: JSON.stringify(modules) })
        .where('id', '=', kit.merchantId)
        .execute();
      kit.testApp.app.deps.merchants.invalidate();
    };
    await setPromotion(false);
    try {
      const off = await kit.call('GET', '/wps/rewards/referral', { token: referrer.token });
      expect(off).toMatchObject({ status: 403, body: { code: 'referral_off' } });
      const friend = await register(code, elsewhere());
      expect(friend.reply.body.success).toBe(true);
      const link = await db
        .selectFrom('referrals')
        .select('friend_id')
        .where('friend_id', '=', friend.memberId)
        .executeTakeFirst();
      expect(link).toBeUndefined();
    } finally {
      await setPromotion(true);
    }
    expect((await referral(referrer.token)).friendCount).toBe(0);
  });
});
