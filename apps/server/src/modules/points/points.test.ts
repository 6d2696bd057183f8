import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointsItemPayload, PointsSettings } from '@portal/contracts';
import {
  assertBooksBalance,
  balanceOf,
  loggedInMember,
  operatorToken,
  readyToWithdraw,
  requestId,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';
import { pointsAccount, pointsCurrency, systemAccount, transfer } from '../wallet/ledger.service';

/**
 * Points and the points mall through the API (decision 0033): the mall's refusals (each with nothing
 * held), races between redeems and between an approval and a rejection, auto-approval, bonus items,
 * convert, the records and the redeem history, and the VIP level in member info.
 */
let kit: PaymentsKit;
let ops: string;

const settings: PointsSettings = {
  earningEnabled: true,
  rates: { live: '0.02', lottery: '0.01', poker: '0.01', slots: '0.01', sports: '0.01', deposit: '0.005' },
  convertRatio: '100',
  convertEnabled: true,
  autoApproveMax: '50.00',
  vipBasis: 'points',
  vipTiers: [
    { level: 1, name: 'Silver', threshold: '100', levelUpReward: '10.00' },
    { level: 2, name: 'Gold', threshold: '1000', levelUpReward: null },
  ],
};

const cashItem: PointsItemPayload = {
  kind: 'cash',
  name: 'Cash 10.00',
  pointsPerUnit: '1000',
  amountPerUnit: '10.00',
  minUnits: 1,
  maxUnits: 5,
};

beforeAll(async () => {
  kit = await startPaymentsKit();
  ops = await operatorToken(kit);
  const saved = await kit.call('PUT', '/ops/points/settings', { token: ops, body: settings });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
});
afterAll(async () => kit.close());

async function createItem(payload: PointsItemPayload): Promise<string> {
  const reply = await kit.call('POST', '/ops/points/items', { token: ops, body: payload });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value.item.id as string;
}

/** Gives a member points as the points job would (issuer -> player). */
async function givePoints(memberId: number, points: bigint) {
  await transfer(kit.testApp.database.db, {
    debit: systemAccount(kit.merchantId, pointsCurrency, 'points_issuer', memberId),
    credit: pointsAccount(kit.merchantId, memberId),
    amountMinor: points * 100n,
    kind: 'points_deposit',
    idempotencyKey: `test-points:${requestId()}`,
  });
}

async function pointsOf(token: string) {
  return (await kit.call('GET', '/wps/relay/points_balance', { token })).body.value as {
    balance: string;
    held: string;
    owed: string;
    vip: { level: number; name: string | null };
  };
}

async function playerWithPoints(points: bigint) {
  const member = await loggedInMember(kit);
  await readyToWithdraw(kit, member.token);
  await givePoints(member.memberId, points);
  return member;
}

function redeem(token: string, body: Record<string, unknown>) {
  return kit.call('POST', '/wps/relay/points_redeem', {
    token,
    body: { clientRequestId: requestId(), units: 1, paymentPassword: '135790', ...body },
  });
}

describe('the points mall', () => {
  it('shows the rules and the items', async () => {
    const itemId = await createItem(cashItem);
    const config = await kit.call('GET', '/wps/relay/points_config');
    expect(config.body.value).toMatchObject({
      earningEnabled: true,
      rates: { live: '0.02', deposit: '0.005' },
      convertEnabled: true,
      convertRatio: '100.00',
      vipTiers: [{ level: 1, name: 'Silver', threshold: '100.00', levelUpReward: '10.00' }, { level: 2 }],
    });
    const member = await loggedInMember(kit);
    const mall = await kit.call('GET', '/wps/relay/points_reward', { token: member.token });
    expect(mall.body.value.items).toContainEqual(
      expect.objectContaining({ id: itemId, kind: 'cash', pointsPerUnit: '1000.00', amountPerUnit: '10.00' }),
    );
  });

  it('refuses a redeem of more points than held, an unknown item, units out of range and goods without an address, holding nothing', async () => {
    const itemId = await createItem(cashItem);
    const voucher = await createItem({ kind: 'voucher', name: 'Cinema voucher', pointsPerUnit: '50' });
    const member = await playerWithPoints(1500n);
    const tooMany = await redeem(member.token, { itemId, units: 2 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('points_insufficient');
    const unknown = await redeem(member.token, { itemId: '999999' });
    expect(unknown.body.code).toBe('points_item_not_found');
    const outside = await redeem(member.token, { itemId, units: 6 });
    expect(outside.body.code).toBe('points_units_out_of_range');
    const noAddress = await redeem(member.token, { itemId: voucher, phone: '0812345678' });
    expect(noAddress.body.code).toBe('points_address_required');
    expect(await pointsOf(member.token)).toMatchObject({ balance: '1500.00', held: '0.00' });
    const history = await kit.call('GET', '/wps/relay/points_redeemHistory', { token: member.token });
    expect(history.body.value.total).toBe(0);
  });

  it('refuses a trial account', async () => {
    const token = await trialToken(kit);
    const reply = await redeem(token, { itemId: '1' });
    expect(reply.body.code).toBe('in_need_true_account');
  });

  it('asks the withdraw password where cash leaves, and locks after wrong tries like payments', async () => {
    const itemId = await createItem(cashItem);
    const member = await playerWithPoints(5000n);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await redeem(member.token, { itemId, paymentPassword: '000000' });
      expect(wrong.body.code).toBe('payment_password_wrong');
    }
    const locked = await redeem(member.token, { itemId });
    expect(locked.body.code).toBe('payment_password_locked');
    expect(await pointsOf(member.token)).toMatchObject({ balance: '5000.00', held: '0.00' });
  });

  it('lets one of two parallel redeems through when together they exceed the balance', async () => {
    const itemId = await createItem({ ...cashItem, amountPerUnit: '100.00' });
    const member = await playerWithPoints(1500n);
    const replies = await Promise.all([redeem(member.token, { itemId }), redeem(member.token, { itemId })]);
    const codes = replies.map((reply) => (reply.body.success ? 'ok' : reply.body.code)).sort();
    expect(codes).toEqual(['ok', 'points_insufficient']);
    expect(await pointsOf(member.token)).toMatchObject({ balance: '500.00', held: '1000.00' });
    await assertBooksBalance(kit);
  });

  it('answers a repeated request id with the first redeem', async () => {
    const itemId = await createItem({ ...cashItem, amountPerUnit: '100.00' });
    const member = await playerWithPoints(3000n);
    const body = { itemId, clientRequestId: requestId() };
    const first = await redeem(member.token, body);
    const again = await redeem(member.token, body);
    expect(again.body.value).toEqual({ ...first.body.value, replayed: true });
    expect(await pointsOf(member.token)).toMatchObject({ balance: '2000.00', held: '1000.00' });
  });

  it('applies exactly one of an approval and a rejection sent at once', async () => {
    const itemId = await createItem({ ...cashItem, amountPerUnit: '100.00' });
    for (let round = 0; round < 3; round += 1) {
      const member = await playerWithPoints(1000n);
      const before = await balanceOf(kit, member.token);
      const made = await redeem(member.token, { itemId });
      expect(made.body.value.redeem.status).toBe('in_process');
      const reference = made.body.value.redeem.reference as string;
      const decide = (decision: string) =>
        kit.call('POST', `/ops/points/redeems/${reference}/decision`, { token: ops, body: { decision } });
      const replies = await Promise.all([decide('approve'), decide('reject')]);
      const winners = replies.filter((reply) => reply.body.success);
      expect(winners).toHaveLength(1);
      expect(replies.find((reply) => !reply.body.success)!.body.code).toBe('points_redeem_decided');
      const status = winners[0]!.body.value.redeem.status as string;
      const points = await pointsOf(member.token);
      if (status === 'approved') {
        expect(points).toMatchObject({ balance: '0.00', held: '0.00' });
        expect(Number(await balanceOf(kit, member.token))).toBe(Number(before) + 100);
      } else {
        expect(points).toMatchObject({ balance: '1000.00', held: '0.00' });
        expect(await balanceOf(kit, member.token)).toBe(before);
      }
      // The same decision again replays; the books balance.
      const again = await decide(status === 'approved' ? 'approve' : 'reject');
      expect(again.body.value.replayed).toBe(true);
    }
    await assertBooksBalance(kit);
  });

  it('approves a small cash redeem at once and pays a bonus item into the bonus wallet', async () => {
    const small = await createItem({ ...cashItem, amountPerUnit: '5.00', pointsPerUnit: '500' });
    const bonus = await createItem({
      kind: 'bonus',
      name: 'Bonus 20.00',
      pointsPerUnit: '200',
      amountPerUnit: '20.00',
      wageringMultiplier: 3,
    });
    const member = await playerWithPoints(2000n);
    const at = await redeem(member.token, { itemId: small, units: 2 });
    expect(at.body.value.redeem).toMatchObject({
      status: 'approved',
      units: 2,
      pointsRequirement: '1000.00',
      amountRequirement: '10.00',
      paymentAccount: 'main',
    });
    expect(await balanceOf(kit, member.token)).toBe('10.00');
    const made = await redeem(member.token, { itemId: bonus });
    expect(made.body.value.redeem.status).toBe('in_process');
    const reference = made.body.value.redeem.reference as string;
    const approved = await kit.call('POST', `/ops/points/redeems/${reference}/decision`, {
      token: ops,
      body: { decision: 'approve', remark: 'enjoy' },
    });
    expect(approved.body.value.redeem).toMatchObject({
      status: 'approved',
      remark: 'enjoy',
      paymentAccount: 'bonus',
    });
    const wallet = await kit.call('GET', '/wps/rewards/bonuses', { token: member.token });
    expect(wallet.body.value.bonuses[0]).toMatchObject({ amount: '20.00', wageringRequired: '60.00' });
    const history = await kit.call('GET', '/wps/relay/points_redeemHistory', { token: member.token });
    expect(history.body.value.items.map((item: { itemName: string }) => item.itemName)).toEqual([
      'Bonus 20.00',
      'Cash 10.00',
    ]);
    await assertBooksBalance(kit);
  });

  it('takes a voucher with its address and phone, and gives its points back on rejection', async () => {
    const voucher = await createItem({
      kind: 'voucher',
      name: 'Cinema voucher',
      pointsPerUnit: '50',
      stock: 1,
    });
    const member = await playerWithPoints(100n);
    const made = await redeem(member.token, {
      itemId: voucher,
      paymentPassword: undefined,
      receivingAddress: '99 Sukhumvit Road, Bangkok',
      phone: '+66 81 234 5678',
    });
    expect(made.body.value.redeem).toMatchObject({
      status: 'in_process',
      receivingAddress: '99 Sukhumvit Road, Bangkok',
    });
    // The only unit is taken: the item is out of stock until the redeem is rejected.
    const second = await redeem(member.token, {
      itemId: voucher,
      receivingAddress: '99 Sukhumvit Road, Bangkok',
      phone: '+66 81 234 5678',
    });
    expect(second.body.code).toBe('points_item_unavailable');
    const reference = made.body.value.redeem.reference as string;
    await kit.call('POST', `/ops/points/redeems/${reference}/decision`, {
      token: ops,
      body: { decision: 'reject', remark: 'address outside the delivery area' },
    });
    expect(await pointsOf(member.token)).toMatchObject({ balance: '100.00', held: '0.00' });
    const records = await kit.call('GET', '/wps/relay/points_records', { token: member.token });
    expect(
      records.body.value.items.map((row: { type: string; changedPoints: string; pointsBalance: string }) => [
        row.type,
        row.changedPoints,
        row.pointsBalance,
      ]),
    ).toEqual([
      ['redeem_released', '50.00', '100.00'],
      ['redeem', '-50.00', '50.00'],
      ['deposit', '100.00', '100.00'],
    ]);
    expect(records.body.value.items[0].remark).toBe('Cinema voucher');
  });

  it('converts points to balance when the merchant enables it', async () => {
    const member = await playerWithPoints(250n);
    const converted = await kit.call('POST', '/wps/relay/points_convert', {
      token: member.token,
      body: { clientRequestId: requestId(), points: '250', paymentPassword: '135790' },
    });
    expect(converted.body.value).toMatchObject({ points: '250.00', amount: '2.50', pointsBalance: '0.00' });
    expect(await balanceOf(kit, member.token)).toBe('2.50');
    const tooMany = await kit.call('POST', '/wps/relay/points_convert', {
      token: member.token,
      body: { clientRequestId: requestId(), points: '1', paymentPassword: '135790' },
    });
    expect(tooMany.body.code).toBe('points_insufficient');
    await kit.call('PUT', '/ops/points/settings', {
      token: ops,
      body: { ...settings, convertEnabled: false },
    });
    const off = await kit.call('POST', '/wps/relay/points_convert', {
      token: member.token,
      body: { clientRequestId: requestId(), points: '1', paymentPassword: '135790' },
    });
    expect(off.body.code).toBe('points_convert_off');
    await kit.call('PUT', '/ops/points/settings', { token: ops, body: settings });
    await assertBooksBalance(kit);
  });

  it('shows the VIP level and its name in member info, and pays each level-up reward once', async () => {
    const member = await loggedInMember(kit);
    const db = kit.testApp.database.db;
    await db
      .insertInto('points_members')
      .values({ member_id: member.memberId, merchant_id: kit.merchantId, earned_minor: 150_00n })
      .execute();
    // Saving the settings recomputes the levels (as the points job does for the members it counts).
    await kit.call('PUT', '/ops/points/settings', { token: ops, body: settings });
    await kit.call('PUT', '/ops/points/settings', { token: ops, body: settings });
    const info = await kit.call('GET', '/wps/member/info', { token: member.token });
    expect(info.body.value.vip).toEqual({ level: 1, name: 'Silver' });
    expect(await balanceOf(kit, member.token)).toBe('10.00');
    expect((await pointsOf(member.token)).vip).toEqual({ level: 1, name: 'Silver' });

    // An activity for VIP level 2 and above refuses a level 1 member and takes a level 2 one.
    const activity = await kit.call('POST', '/ops/rewards/activities', {
      token: ops,
      body: {
        title: 'Gold sign-in',
        rules: { kind: 'sign_in', amounts: ['1.00'] },
        startsAt: new Date(Date.now() - 60_000).toISOString(),
        minVipLevel: 2,
      },
    });
    expect(activity.body.value.activity.minVipLevel).toBe(2);
    const claimUrl = `/wps/rewards/activities/${activity.body.value.activity.id}/claim`;
    const refused = await kit.call('POST', claimUrl, { token: member.token, body: {} });
    expect(refused.body.code).toBe('activity_not_eligible');
    await db
      .updateTable('points_members')
      .set({ earned_minor: 1_000_00n })
      .where('member_id', '=', member.memberId)
      .execute();
    await kit.call('PUT', '/ops/points/settings', { token: ops, body: settings });
    const claimed = await kit.call('POST', claimUrl, { token: member.token, body: {} });
    expect(claimed.body.success, JSON.stringify(claimed.body)).toBe(true);
  });
});
