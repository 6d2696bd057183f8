import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBooksBalance,
  balanceOf,
  jpegBase64,
  loggedInMember,
  operatorToken,
  pngBase64,
  requestId,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';

let kit: PaymentsKit;
let admin: string;
let manualChannelId: number;

beforeAll(async () => {
  kit = await startPaymentsKit();
  admin = await operatorToken(kit);
  const { token } = await loggedInMember(kit);
  const channels = (await kit.call('GET', '/wps/payments/channels', { token })).body.value;
  manualChannelId = channels.find((channel: { type: string }) => channel.type === 'manual_bank').id;
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

function manualDeposit(token: string, overrides: Record<string, unknown> = {}) {
  return kit.call('POST', '/wps/payments/deposits', {
    token,
    body: {
      channelId: manualChannelId,
      amount: '500.00',
      reference: 'KB-778812',
      clientRequestId: requestId(),
      ...overrides,
    },
  });
}

describe('payment channels', () => {
  it('lists the demo channels with the receiving account and limits', async () => {
    const { token } = await loggedInMember(kit);
    const reply = await kit.call('GET', '/wps/payments/channels', { token });
    expect(reply.body.value).toEqual([
      expect.objectContaining({
        type: 'manual_bank',
        name: 'Bank transfer',
        minAmount: '100.00',
        maxAmount: '50000.00',
        bankName: 'Kasikorn Bank',
        accountNumber: '1234567890',
        accountHolder: 'Demo Portal Co., Ltd.',
      }),
      expect.objectContaining({
        type: 'gateway',
        minAmount: '100.00',
        maxAmount: '50000.00',
        bankName: null,
      }),
    ]);
  });

  it('refuses visitors and trial accounts', async () => {
    expect((await kit.call('GET', '/wps/payments/channels')).status).toBe(401);
    const trial = await trialToken(kit);
    const reply = await kit.call('POST', '/wps/payments/deposits', {
      token: trial,
      body: { channelId: manualChannelId, amount: '500.00', reference: 'x', clientRequestId: requestId() },
    });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('in_need_true_account');
  });
});

describe('manual deposits', () => {
  it('are pending until an operator approves; the money arrives once', async () => {
    const { token } = await loggedInMember(kit);
    const created = await manualDeposit(token, { proofImage: pngBase64 });
    expect(created.body.value).toMatchObject({
      status: 'pending',
      amount: '500.00',
      hasProof: true,
      checkoutUrl: null,
    });
    const id = created.body.value.id as string;
    expect(await balanceOf(kit, token)).toBe('0.00');

    const queue = await kit.call('GET', '/ops/payments/deposits?status=pending', { token: admin });
    expect(queue.body.value.items.map((item: { id: string }) => item.id)).toContain(id);

    const proof = await kit.testApp.app.inject({
      method: 'GET',
      url: `/ops/payments/deposits/${id}/proof`,
      headers: { host: 'localhost', authorization: `Bearer ${admin}` },
    });
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.rawPayload.equals(Buffer.from(pngBase64, 'base64'))).toBe(true);

    const approved = await kit.call('POST', `/ops/payments/deposits/${id}/approve`, { token: admin });
    expect(approved.body.value).toMatchObject({ replayed: false, deposit: { status: 'approved' } });
    const again = await kit.call('POST', `/ops/payments/deposits/${id}/approve`, { token: admin });
    expect(again.body.value).toMatchObject({ replayed: true, deposit: { status: 'approved' } });
    expect(await balanceOf(kit, token)).toBe('500.00');

    const reject = await kit.call('POST', `/ops/payments/deposits/${id}/reject`, {
      token: admin,
      body: { reason: 'late' },
    });
    expect(reject.status).toBe(409);
    expect(reject.body.code).toBe('already_decided');
    expect(await balanceOf(kit, token)).toBe('500.00');
    const mine = await kit.call('GET', `/wps/payments/deposits/${id}`, { token });
    expect(mine.body.value.status).toBe('approved');
  });

  it('is created once per client request id; another body with the same id is a conflict', async () => {
    const { token } = await loggedInMember(kit);
    const clientRequestId = requestId();
    const first = await manualDeposit(token, { clientRequestId });
    const second = await manualDeposit(token, { clientRequestId });
    expect(second.body.value.id).toBe(first.body.value.id);
    const other = await manualDeposit(token, { clientRequestId, amount: '600.00' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('idempotency_conflict');
    const list = await kit.call('GET', '/wps/payments/deposits', { token });
    expect(list.body.value.total).toBe(1);
  });

  it('checks amounts against the channel limits and the currency decimals', async () => {
    const { token } = await loggedInMember(kit);
    const low = await manualDeposit(token, { amount: '99.99' });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      code: 'amount_out_of_range',
      value: { min: '100.00', max: '50000.00' },
    });
    expect((await manualDeposit(token, { amount: '50000.01' })).body.code).toBe('amount_out_of_range');
    expect((await manualDeposit(token, { amount: '100.001' })).body.code).toBe('invalid_amount');
    expect((await manualDeposit(token, { amount: '0' })).body.code).toBe('invalid_amount');
    expect((await manualDeposit(token, { amount: '-100' })).body.code).toBe('validation_failed');
    expect((await manualDeposit(token, { amount: 100 })).body.code).toBe('validation_failed');
    expect((await manualDeposit(token, { reference: undefined })).body.code).toBe('validation_failed');
    expect((await manualDeposit(token, { channelId: 999_999 })).body.code).toBe('channel_unavailable');
    expect((await manualDeposit(token, { clientRequestId: 'short' })).body.code).toBe('validation_failed');
    expect((await kit.call('GET', '/wps/payments/deposits', { token })).body.value.total).toBe(0);
  });

  it('accepts JPEG proofs and refuses lying or oversized images by content, not by name', async () => {
    const { token } = await loggedInMember(kit);
    expect((await manualDeposit(token, { proofImage: jpegBase64 })).body.value.hasProof).toBe(true);
    const gif = Buffer.from('GIF89a fake image named proof.png').toString('base64');
    const lying = await manualDeposit(token, { proofImage: gif });
    expect(lying.status).toBe(400);
    expect(lying.body.code).toBe('invalid_image');
    const html = Buffer.from('<script>alert(1)</script>').toString('base64');
    expect((await manualDeposit(token, { proofImage: html })).body.code).toBe('invalid_image');
    const big = Buffer.concat([Buffer.from(pngBase64, 'base64'), Buffer.alloc(5 * 1024 * 1024)]).toString(
      'base64',
    );
    const tooLarge = await manualDeposit(token, { proofImage: big });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('image_too_large');
    expect((await kit.call('GET', '/wps/payments/deposits', { token })).body.value.total).toBe(1);
  });

  it('moves the money once when approve and reject race', async () => {
    const { token } = await loggedInMember(kit);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) ids.push((await manualDeposit(token)).body.value.id);
    const results = await Promise.all(
      ids.flatMap((id) => [
        kit.call('POST', `/ops/payments/deposits/${id}/approve`, { token: admin }),
        kit.call('POST', `/ops/payments/deposits/${id}/reject`, { token: admin, body: { reason: 'race' } }),
        kit.call('POST', `/ops/payments/deposits/${id}/approve`, { token: admin }),
      ]),
    );
    const statuses = await Promise.all(
      ids.map(
        async (id) => (await kit.call('GET', `/wps/payments/deposits/${id}`, { token })).body.value.status,
      ),
    );
    const approvedCount = statuses.filter((status) => status === 'approved').length;
    expect(await balanceOf(kit, token)).toBe(`${approvedCount * 500}.00`);
    for (const result of results) expect([200, 409]).toContain(result.status);
  });

  it('lets only finance and admin operators decide, and only with a live operator session', async () => {
    const { token } = await loggedInMember(kit);
    const id = (await manualDeposit(token)).body.value.id as string;
    const { createOperator } = await import('../operators/operators.service');
    await createOperator(kit.testApp.database.db, {
      merchantId: kit.merchantId,
      username: 'support1',
      password: 'Support123',
      role: 'support',
    });
    const support = await operatorToken(kit, 'support1', 'Support123');
    expect((await kit.call('GET', '/ops/payments/deposits', { token: support })).status).toBe(200);
    const refused = await kit.call('POST', `/ops/payments/deposits/${id}/approve`, { token: support });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('operator_role_forbidden');
    // A player's token is not an operator's.
    expect((await kit.call('POST', `/ops/payments/deposits/${id}/approve`, { token })).status).toBe(401);
    expect((await kit.call('DELETE', '/ops/session', { token: support })).status).toBe(200);
    expect((await kit.call('GET', '/ops/payments/deposits', { token: support })).status).toBe(401);
    const noReason = await kit.call('POST', `/ops/payments/deposits/${id}/reject`, {
      token: admin,
      body: { reason: ' ' },
    });
    expect(noReason.body.code).toBe('validation_failed');
    const rejected = await kit.call('POST', `/ops/payments/deposits/${id}/reject`, {
      token: admin,
      body: { reason: 'No such transfer on the statement' },
    });
    expect(rejected.body.value.deposit).toMatchObject({
      status: 'rejected',
      rejectReason: 'No such transfer on the statement',
    });
    expect(await balanceOf(kit, token)).toBe('0.00');
  });
});
