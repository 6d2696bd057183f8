import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let kit: PaymentsKit;

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

async function withPaymentPassword(password = '135790') {
  const member = await loggedInMember(kit);
  const set = await kit.call('POST', '/wps/member/payment-password', {
    token: member.token,
    body: { password },
  });
  expect(set.status).toBe(200);
  return member;
}

function addAccount(token: string, overrides: Record<string, unknown> = {}) {
  return kit.call('POST', '/wps/member/bank-accounts', {
    token,
    body: {
      bankName: 'Bangkok Bank',
      accountNumber: '9876543210',
      holderName: 'Somchai Jaidee',
      paymentPassword: '135790',
      ...overrides,
    },
  });
}

describe('payment password', () => {
  it('is set once, then changed only with the old one', async () => {
    const { token } = await loggedInMember(kit);
    const status = await kit.call('GET', '/wps/member/payment-password', { token });
    expect(status.body.value).toEqual({ isSet: false, lockedForSeconds: 0 });
    expect(
      (await kit.call('POST', '/wps/member/payment-password', { token, body: { password: '12345' } })).body
        .code,
    ).toBe('validation_failed');
    expect(
      (await kit.call('POST', '/wps/member/payment-password', { token, body: { password: '123456' } }))
        .status,
    ).toBe(200);
    const twice = await kit.call('POST', '/wps/member/payment-password', {
      token,
      body: { password: '654321' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('payment_password_already_set');

    const wrongOld = await kit.call('POST', '/wps/member/payment-password/change', {
      token,
      body: { oldPassword: '000000', newPassword: '654321' },
    });
    expect(wrongOld.status).toBe(403);
    expect(wrongOld.body.code).toBe('payment_password_wrong');
    const changed = await kit.call('POST', '/wps/member/payment-password/change', {
      token,
      body: { oldPassword: '123456', newPassword: '654321' },
    });
    expect(changed.status).toBe(200);
    expect((await addAccount(token, { paymentPassword: '123456' })).body.code).toBe('payment_password_wrong');
    expect((await addAccount(token, { paymentPassword: '654321' })).status).toBe(200);
  });

  it('locks for 15 minutes after five wrong tries, even for the right password', async () => {
    const { token } = await withPaymentPassword();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await addAccount(token, { paymentPassword: '000000' })).body.code).toBe(
        'payment_password_wrong',
      );
    }
    const locked = await addAccount(token);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('payment_password_locked');
    expect(locked.body.value.retryAfterSeconds).toBeGreaterThan(14 * 60);
    const status = await kit.call('GET', '/wps/member/payment-password', { token });
    expect(status.body.value.lockedForSeconds).toBeGreaterThan(14 * 60);
    expect((await kit.call('GET', '/wps/member/bank-accounts', { token })).body.value).toEqual([]);
  });

  it('refuses trial accounts', async () => {
    const token = await trialToken(kit);
    const reply = await kit.call('GET', '/wps/member/payment-password', { token });
    expect(reply.body.code).toBe('in_need_true_account');
  });
});

describe('bank accounts', () => {
  it('need the payment password, list masked, at most five, each once, removable', async () => {
    const noPassword = await loggedInMember(kit);
    expect((await addAccount(noPassword.token)).body.code).toBe('payment_password_not_set');

    const { token } = await withPaymentPassword();
    const added = await addAccount(token);
    expect(added.body.value).toMatchObject({
      bankName: 'Bangkok Bank',
      accountNumberMasked: '******3210',
      holderName: 'Somchai Jaidee',
    });
    expect((await addAccount(token)).body.code).toBe('bank_account_exists');
    expect((await addAccount(token, { accountNumber: '12ab' })).body.code).toBe('validation_failed');
    expect((await addAccount(token, { holderName: '' })).body.code).toBe('validation_failed');
    await Promise.all(
      ['1111111111', '2222222222', '3333333333', '4444444444', '5555555555'].map((accountNumber) =>
        addAccount(token, { accountNumber }),
      ),
    );
    const list = await kit.call('GET', '/wps/member/bank-accounts', { token });
    expect(list.body.value).toHaveLength(5);
    expect(JSON.stringify(list.body.value)).not.toContain('9876543210');
    expect((await addAccount(token, { accountNumber: '6666666666' })).body.code).toBe('bank_account_limit');

    const other = await withPaymentPassword();
    const removeOthers = await kit.call('DELETE', `/wps/member/bank-accounts/${added.body.value.id}`, {
      token: other.token,
    });
    expect(removeOthers.body.code).toBe('bank_account_not_found');
    expect(
      (await kit.call('DELETE', `/wps/member/bank-accounts/${added.body.value.id}`, { token })).status,
    ).toBe(200);
    expect((await kit.call('GET', '/wps/member/bank-accounts', { token })).body.value).toHaveLength(4);
  });
});

describe('transfers along the hierarchy', () => {
  async function family() {
    const agent = await loggedInMember(kit, { type: 1 });
    const member = await loggedInMember(kit, { parentAgentId: agent.memberId });
    const stranger = await loggedInMember(kit);
    for (const account of [agent, member, stranger]) {
      await kit.call('POST', '/wps/member/payment-password', {
        token: account.token,
        body: { password: '135790' },
      });
    }
    return { agent, member, stranger };
  }

  it('member to own agent and agent to own downline, answering with the new balance, once per id', async () => {
    const { agent, member } = await family();
    await fund(kit, member.memberId, 100_000n);
    expect(
      (await kit.call('GET', '/wps/member/transfer/upline', { token: member.token })).body.value.upline,
    ).toMatchObject({
      id: agent.memberId,
      username: agent.username,
    });
    const clientRequestId = requestId();
    const up = await kit.call('POST', '/wps/member/transfer/upline', {
      token: member.token,
      body: { amount: '250.50', paymentPassword: '135790', clientRequestId },
    });
    expect(up.body.value).toMatchObject({
      amount: '250.50',
      recipient: agent.username,
      balance: '749.50',
      replayed: false,
    });
    const replay = await kit.call('POST', '/wps/member/transfer/upline', {
      token: member.token,
      body: { amount: '250.50', paymentPassword: '135790', clientRequestId },
    });
    expect(replay.body.value).toMatchObject({
      transferId: up.body.value.transferId,
      replayed: true,
      balance: '749.50',
    });
    const conflict = await kit.call('POST', '/wps/member/transfer/upline', {
      token: member.token,
      body: { amount: '1.00', paymentPassword: '135790', clientRequestId },
    });
    expect(conflict.body.code).toBe('idempotency_conflict');
    expect(await balanceOf(kit, agent.token)).toBe('250.50');

    const downlines = await kit.call('GET', '/wps/member/transfer/downlines', { token: agent.token });
    expect(downlines.body.value.items).toEqual([
      { id: member.memberId, username: member.username, nickname: null },
    ]);
    const down = await kit.call('POST', '/wps/member/transfer/downline', {
      token: agent.token,
      body: {
        downlineId: member.memberId,
        amount: '50.00',
        paymentPassword: '135790',
        clientRequestId: requestId(),
      },
    });
    expect(down.body.value).toMatchObject({ balance: '200.50', recipient: member.username });
    expect(await balanceOf(kit, member.token)).toBe('799.50');
  });

  it('refuses everything off the hierarchy, wrong passwords and overdrafts, moving nothing', async () => {
    const { agent, member, stranger } = await family();
    await fund(kit, agent.memberId, 10_000n);
    const send = (token: string, path: string, body: Record<string, unknown>) =>
      kit.call('POST', path, {
        token,
        body: { amount: '10.00', paymentPassword: '135790', clientRequestId: requestId(), ...body },
      });

    const noUpline = await send(stranger.token, '/wps/member/transfer/upline', {});
    expect(noUpline.body.code).toBe('no_upline');
    expect(
      (await send(member.token, '/wps/member/transfer/downline', { downlineId: stranger.memberId })).body
        .code,
    ).toBe('not_agent');
    expect((await kit.call('GET', '/wps/member/transfer/downlines', { token: member.token })).body.code).toBe(
      'not_agent',
    );
    const notMine = await send(agent.token, '/wps/member/transfer/downline', {
      downlineId: stranger.memberId,
    });
    expect(notMine.status).toBe(403);
    expect(notMine.body.code).toBe('not_downline');
    expect(
      (await send(agent.token, '/wps/member/transfer/downline', { downlineId: agent.memberId })).body.code,
    ).toBe('not_downline');
    expect(
      (
        await send(agent.token, '/wps/member/transfer/downline', {
          downlineId: member.memberId,
          paymentPassword: '000000',
        })
      ).body.code,
    ).toBe('payment_password_wrong');
    const overdraft = await send(agent.token, '/wps/member/transfer/downline', {
      downlineId: member.memberId,
      amount: '100.01',
    });
    expect(overdraft.status).toBe(409);
    expect(overdraft.body).toMatchObject({ code: 'insufficient_funds', value: { balanceMinor: '10000' } });
    expect(
      (
        await send(agent.token, '/wps/member/transfer/downline', {
          downlineId: member.memberId,
          amount: '0.001',
        })
      ).body.code,
    ).toBe('invalid_amount');
    expect((await send(member.token, '/wps/member/transfer/upline', {})).body.code).toBe(
      'insufficient_funds',
    );
    expect(await balanceOf(kit, agent.token)).toBe('100.00');
    expect(await balanceOf(kit, member.token)).toBe('0.00');
  });
});
