import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithdrawalReceiptJob, withdrawalReceiptLockKey } from '../../jobs/withdrawal-receipt.job';
import {
  assertBooksBalance,
  balanceOf,
  fund,
  loggedInMember,
  operatorToken,
  pngBase64,
  readyToWithdraw,
  requestId,
  startPaymentsKit,
  type PaymentsKit,
} from '../../test/payments-kit';

let kit: PaymentsKit;
let admin: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  admin = await operatorToken(kit);
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

/** A member with 1,000.00, a payment password and a bank account. */
async function readyMember() {
  const member = await loggedInMember(kit);
  await fund(kit, member.memberId, 100_000n);
  return { ...member, bankAccountId: await readyToWithdraw(kit, member.token) };
}

function withdraw(member: { token: string; bankAccountId: number }, overrides: Record<string, unknown> = {}) {
  return kit.call('POST', '/wps/payments/withdrawals', {
    token: member.token,
    body: {
      bankAccountId: member.bankAccountId,
      amount: '300.00',
      paymentPassword: '135790',
      clientRequestId: requestId(),
      ...overrides,
    },
  });
}

const approve = (id: string) => kit.call('POST', `/ops/payments/withdrawals/${id}/approve`, { token: admin });
const confirm = (token: string, id: string, body: Record<string, unknown>) =>
  kit.call('POST', `/wps/payments/withdrawals/${id}/confirm`, { token, body });

describe('withdrawal requests', () => {
  it('hold the amount at once; a rejection returns it, a payout sends it to clearing', async () => {
    const member = await readyMember();
    const created = await withdraw(member);
    expect(created.body.value).toMatchObject({
      balance: '700.00',
      replayed: false,
      withdrawal: { status: 'pending', amount: '300.00', accountNumberMasked: '******1234', bankName: 'SCB' },
    });
    const rejected = await kit.call(
      'POST',
      `/ops/payments/withdrawals/${created.body.value.withdrawal.id}/reject`,
      {
        token: admin,
        body: { reason: 'Name does not match' },
      },
    );
    expect(rejected.body.value.withdrawal).toMatchObject({ status: 'rejected', accountNumber: '5550001234' });
    expect(await balanceOf(kit, member.token)).toBe('1000.00');

    const second = await withdraw(member, { amount: '400.00' });
    const id = second.body.value.withdrawal.id as string;
    const paid = await approve(id);
    expect(paid.body.value).toMatchObject({ replayed: false, withdrawal: { status: 'disbursed' } });
    expect(Date.parse(paid.body.value.withdrawal.receiptDeadlineAt) - Date.now()).toBeGreaterThan(
      29 * 60_000,
    );
    expect((await approve(id)).body.value.replayed).toBe(true);
    const lateReject = await kit.call('POST', `/ops/payments/withdrawals/${id}/reject`, {
      token: admin,
      body: { reason: 'x' },
    });
    expect(lateReject.body.code).toBe('already_decided');
    expect(await balanceOf(kit, member.token)).toBe('600.00');
  });

  it('are created once per client request id and refuse bad input with nothing held', async () => {
    const member = await readyMember();
    const clientRequestId = requestId();
    const [first, second] = await Promise.all([
      withdraw(member, { clientRequestId }),
      withdraw(member, { clientRequestId }),
    ]);
    expect(second.body.value.withdrawal.id).toBe(first.body.value.withdrawal.id);
    expect([first.body.value.replayed, second.body.value.replayed].sort()).toEqual([false, true]);
    expect((await withdraw(member, { clientRequestId, amount: '301.00' })).body.code).toBe(
      'idempotency_conflict',
    );
    expect(await balanceOf(kit, member.token)).toBe('700.00');

    expect((await withdraw(member, { amount: '99.99' })).body.code).toBe('amount_out_of_range');
    expect((await withdraw(member, { amount: '50000.01' })).body.code).toBe('amount_out_of_range');
    expect((await withdraw(member, { amount: '800.00' })).body.code).toBe('insufficient_funds');
    expect((await withdraw(member, { paymentPassword: '000000' })).body.code).toBe('payment_password_wrong');
    expect((await withdraw(member, { bankAccountId: 999_999 })).body.code).toBe('bank_account_not_found');
    const other = await readyMember();
    expect((await withdraw(member, { bankAccountId: other.bankAccountId })).body.code).toBe(
      'bank_account_not_found',
    );
    expect(await balanceOf(kit, member.token)).toBe('700.00');
    const list = await kit.call('GET', '/wps/payments/withdrawals', { token: member.token });
    expect(list.body.value.total).toBe(1);
  });

  it('hold exactly once when approve and reject race', async () => {
    const member = await readyMember();
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await withdraw(member, { amount: '100.00' })).body.value.withdrawal.id);
    await Promise.all(
      ids.flatMap((id) => [
        approve(id),
        kit.call('POST', `/ops/payments/withdrawals/${id}/reject`, {
          token: admin,
          body: { reason: 'race' },
        }),
      ]),
    );
    const list = await kit.call('GET', '/wps/payments/withdrawals', { token: member.token });
    const rejected = list.body.value.items.filter(
      (item: { status: string }) => item.status === 'rejected',
    ).length;
    expect(await balanceOf(kit, member.token)).toBe(`${700 + rejected * 100}.00`);
  });
});

describe('confirmation after payout', () => {
  it('received is final; nothing more can be claimed', async () => {
    const member = await readyMember();
    const id = (await withdraw(member)).body.value.withdrawal.id as string;
    expect((await confirm(member.token, id, { outcome: 'received' })).body.code).toBe('invalid_confirmation');
    await approve(id);
    expect((await confirm(member.token, id, { outcome: 'received' })).body.value.status).toBe('received');
    expect((await confirm(member.token, id, { outcome: 'received' })).body.value.status).toBe('received');
    expect((await confirm(member.token, id, { outcome: 'not_received' })).body.code).toBe(
      'invalid_confirmation',
    );
    const stranger = await readyMember();
    expect((await confirm(stranger.token, id, { outcome: 'received' })).body.code).toBe(
      'withdrawal_not_found',
    );
  });

  it('not received records the claim with its proof; the operator returns the money once', async () => {
    const member = await readyMember();
    const id = (await withdraw(member)).body.value.withdrawal.id as string;
    await approve(id);
    const claim = await confirm(member.token, id, { outcome: 'not_received', proofImage: pngBase64 });
    expect(claim.body.value).toMatchObject({
      status: 'not_received',
      missingAmount: '300.00',
      hasClaimProof: true,
    });
    expect(await balanceOf(kit, member.token)).toBe('700.00');
    const proof = await kit.testApp.app.inject({
      method: 'GET',
      url: `/ops/payments/withdrawals/${id}/proof`,
      headers: { host: 'localhost', authorization: `Bearer ${admin}` },
    });
    expect(proof.headers['content-type']).toBe('image/png');

    const returned = await kit.call('POST', `/ops/payments/withdrawals/${id}/return`, { token: admin });
    expect(returned.body.value).toMatchObject({ replayed: false, withdrawal: { status: 'returned' } });
    expect(
      (await kit.call('POST', `/ops/payments/withdrawals/${id}/return`, { token: admin })).body.value
        .replayed,
    ).toBe(true);
    expect(await balanceOf(kit, member.token)).toBe('1000.00');
    expect((await confirm(member.token, id, { outcome: 'all_received' })).body.code).toBe(
      'invalid_confirmation',
    );
  });

  it('partially received keeps the remainder; all received closes it and nothing can be returned', async () => {
    const member = await readyMember();
    const id = (await withdraw(member)).body.value.withdrawal.id as string;
    await approve(id);
    expect(
      (await confirm(member.token, id, { outcome: 'partially_received', remainder: '300.00' })).body.code,
    ).toBe('invalid_amount');
    expect(
      (await confirm(member.token, id, { outcome: 'partially_received', remainder: '0.001' })).body.code,
    ).toBe('invalid_amount');
    const gif = Buffer.from('GIF89a').toString('base64');
    expect(
      (
        await confirm(member.token, id, {
          outcome: 'partially_received',
          remainder: '50.00',
          proofImage: gif,
        })
      ).body.code,
    ).toBe('invalid_image');
    const partial = await confirm(member.token, id, { outcome: 'partially_received', remainder: '120.50' });
    expect(partial.body.value).toMatchObject({ status: 'partially_received', missingAmount: '120.50' });
    expect((await confirm(member.token, id, { outcome: 'all_received' })).body.value.status).toBe(
      'all_received',
    );
    const refused = await kit.call('POST', `/ops/payments/withdrawals/${id}/return`, { token: admin });
    expect(refused.body.code).toBe('invalid_confirmation');
    expect(await balanceOf(kit, member.token)).toBe('700.00');

    const second = (await withdraw(member)).body.value.withdrawal.id as string;
    await approve(second);
    await confirm(member.token, second, { outcome: 'partially_received', remainder: '120.50' });
    await kit.call('POST', `/ops/payments/withdrawals/${second}/return`, { token: admin });
    expect(await balanceOf(kit, member.token)).toBe('520.50');
  });

  it('unanswered payouts become forced-received at the deadline, by one job instance, and then nothing is returned', async () => {
    const db = kit.testApp.database.db;
    const member = await readyMember();
    const due = (await withdraw(member)).body.value.withdrawal.id as string;
    const notDue = (await withdraw(member)).body.value.withdrawal.id as string;
    await approve(due);
    await approve(notDue);
    await db
      .updateTable('withdrawals')
      .set({ receipt_deadline_at: new Date(Date.now() - 1000) })
      .where('id', '=', BigInt(due))
      .execute();
    // Past the deadline a claim is refused even before the job has run.
    expect((await confirm(member.token, due, { outcome: 'not_received' })).body.code).toBe(
      'receipt_window_closed',
    );

    // Another instance holds the job's lock: this one does nothing.
    const changedWhileLocked = await db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(${withdrawalReceiptLockKey})`.execute(other);
      try {
        return await runWithdrawalReceiptJob(db);
      } finally {
        await sql`select pg_advisory_unlock(${withdrawalReceiptLockKey})`.execute(other);
      }
    });
    expect(changedWhileLocked).toBeNull();
    expect(await runWithdrawalReceiptJob(db)).toBe(1);
    expect(await runWithdrawalReceiptJob(db)).toBe(0);

    const list = (await kit.call('GET', '/wps/payments/withdrawals', { token: member.token })).body.value
      .items;
    const statusOf = (id: string) => list.find((item: { id: string }) => item.id === id).status;
    expect(statusOf(due)).toBe('forced_received');
    expect(statusOf(notDue)).toBe('disbursed');
    expect((await confirm(member.token, due, { outcome: 'all_received' })).body.code).toBe(
      'invalid_confirmation',
    );
    expect(
      (await kit.call('POST', `/ops/payments/withdrawals/${due}/return`, { token: admin })).body.code,
    ).toBe('invalid_confirmation');
    expect(await balanceOf(kit, member.token)).toBe('400.00');
  });
});
