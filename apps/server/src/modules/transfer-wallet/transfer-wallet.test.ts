import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { apiClient } from '../../test/api-client';
import { encryptFor } from '../../test/encrypt';
import { buildMember } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { startVendorSimulator, type VendorSimulator } from '../../vendor-sim/simulator';
import * as ledgerRepo from '../wallet/ledger.repo';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { reconcileVendorTransfers } from './reconciliation.service';

let testApp: TestApp;
let sim: VendorSimulator;
let key: PublicKey;
let merchantId: number;
const call = apiClient(() => testApp.app);
const vendor = 'TWSIM';
const secret = 'transfer-wallet-test-secret-0123456789';

beforeAll(async () => {
  // The adapter gives up after 300 ms; the simulator's planned time-outs hang for 1.5 s.
  testApp = await buildTestApp({ VENDOR_TIMEOUT_MS: '300' });
  sim = await startVendorSimulator({ port: 0, vendors: { [vendor]: secret }, hangMs: 1_500 });
  const db = testApp.database.db;
  await db
    .insertInto('vendors')
    .values([
      {
        code: vendor,
        name: 'Test transfer vendor',
        wallet_mode: 'transfer',
        secret,
        api_url: sim.vendorUrl(vendor),
      },
      { code: 'TWSEAM', name: 'Seamless only', wallet_mode: 'seamless', secret, api_url: null },
    ])
    .execute();
  key = (await call('GET', '/wps/system/publicKey')).body.value;
  merchantId = testApp.app.deps.merchants.resolveNow('localhost', undefined)!.id;
});
afterAll(async () => {
  await testApp.close();
  await sim.close();
});

interface Player {
  memberId: number;
  token: string;
  playerId: string;
}

/** A logged-in member of the demo merchant with `depositMinor` in the main wallet. */
async function player(depositMinor = 100_000n): Promise<Player> {
  const member = await buildMember(testApp.database.db);
  const login = await call('POST', '/wps/session/login', {
    body: encryptFor(key, { type: 'username', username: member.username, password: member.password }),
  });
  if (depositMinor > 0n) {
    await transfer(testApp.database.db, {
      debit: systemAccount(merchantId, 'THB', 'deposit_clearing', member.id),
      credit: playerAccount(merchantId, 'THB', member.id),
      amountMinor: depositMinor,
      kind: 'deposit',
      idempotencyKey: `test-deposit-${member.id}`,
    });
  }
  return { memberId: member.id, token: login.body.value.token as string, playerId: `demo:${member.id}` };
}

async function balances(who: Player) {
  const rows = await testApp.database.db
    .selectFrom('ledger_accounts')
    .select(['vendor_code', 'balance_minor'])
    .where('member_id', '=', who.memberId)
    .execute();
  const of = (code: string) => rows.find((row) => row.vendor_code === code)?.balance_minor ?? 0n;
  return {
    main: of(''),
    vendor: of(vendor),
    atVendor: sim.state.balance(vendor, who.playerId, 'THB').balanceMinor,
  };
}

/** Books sum to zero, balances equal their entries, and held money equals the pending transfers. */
async function assertNoMoneyCreatedOrLost() {
  const db = testApp.database.db;
  for (const row of await ledgerRepo.selectBalanceSums(db)) expect(BigInt(row.total)).toBe(0n);
  expect(await ledgerRepo.selectDriftingAccounts(db)).toEqual([]);
  const held = await db
    .selectFrom('ledger_accounts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('balance_minor'), eb.lit(0)).as('total'))
    .where('kind', '=', 'held')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const pendingTransfers = await db
    .selectFrom('vendor_transfers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount_minor'), eb.lit(0)).as('total'))
    .where('state', '=', 'pending')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  // Other modules' holds (withdrawals) live in the same accounts; this file makes none.
  expect(BigInt(held.total)).toBe(BigInt(pendingTransfers.total));
}

function move(who: Player, direction: 'in' | 'out', amount: string, requestId = randomUUID()) {
  return call('POST', '/wps/relay/wallet_transfer', {
    token: who.token,
    body: { vendorCode: vendor, direction, amount, requestId },
  });
}

const reconcile = () =>
  reconcileVendorTransfers(testApp.database.db, testApp.app.deps.vendors, { minAgeMs: 0 });

describe('transfer wallet: main <-> vendor', () => {
  it('moves money in and out, once per request id', async () => {
    const who = await player();
    const requestId = randomUUID();
    const first = await move(who, 'in', '300.00', requestId);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      vendorCode: vendor,
      direction: 'in',
      amount: '300.00',
      state: 'done',
    });
    expect(await balances(who)).toEqual({ main: 70_000n, vendor: 30_000n, atVendor: 30_000n });

    const replay = await move(who, 'in', '300.00', requestId);
    expect(replay.body.value).toEqual(first.body.value);
    const conflict = await move(who, 'in', '200.00', requestId);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('idempotency_conflict');

    expect((await move(who, 'out', '120.50')).body.value.state).toBe('done');
    expect(await balances(who)).toEqual({ main: 82_050n, vendor: 17_950n, atVendor: 17_950n });
    await assertNoMoneyCreatedOrLost();
  });

  it('gives the money back when the vendor refuses, and refuses more than the wallet holds', async () => {
    const who = await player();
    sim.planFault(vendor, { operation: 'in', fault: 'fail' });
    const refused = await move(who, 'in', '100.00');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('vendor_transfer_failed');
    expect(refused.body.value).toMatchObject({ state: 'failed', failureCode: 'simulated_failure' });

    const tooMuch = await move(who, 'in', '1000.01');
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'insufficient_funds', value: { balanceMinor: '100000' } });
    const vendorTooLow = await move(who, 'out', '0.01');
    expect(vendorTooLow.body.code).toBe('insufficient_funds');

    expect(await balances(who)).toEqual({ main: 100_000n, vendor: 0n, atVendor: 0n });
    const list = await call('GET', '/wps/relay/wallet_transfers', { token: who.token });
    expect(list.body.value).toMatchObject({ total: 1, totalPages: 1, items: [{ state: 'failed' }] });
    await assertNoMoneyCreatedOrLost();
  });

  it('leaves a timed-out transfer pending, then reconciliation posts or voids it per the vendor', async () => {
    const who = await player();
    sim.planFault(vendor, { operation: 'in', fault: 'timeout', apply: true });
    const slow = await move(who, 'in', '250.00');
    expect(slow.status).toBe(202);
    expect(slow.body).toMatchObject({ success: true, message: 'processing', value: { state: 'pending' } });
    sim.planFault(vendor, { operation: 'in', fault: 'timeout', apply: false });
    expect((await move(who, 'in', '100.00')).body.value.state).toBe('pending');
    // Both amounts are held: gone from main, not yet in the vendor wallet.
    expect(await balances(who)).toEqual({ main: 65_000n, vendor: 0n, atVendor: 25_000n });
    await assertNoMoneyCreatedOrLost();

    expect(await reconcile()).toMatchObject({ posted: 1, voided: 1 });
    expect(await balances(who)).toEqual({ main: 75_000n, vendor: 25_000n, atVendor: 25_000n });
    const items = (await call('GET', '/wps/relay/wallet_transfers', { token: who.token })).body.value.items;
    expect(items.map((item: { state: string }) => item.state)).toEqual(['failed', 'done']);
    await assertNoMoneyCreatedOrLost();
  });

  it('posts a transfer the vendor did although its answer was lost', async () => {
    const who = await player();
    await move(who, 'in', '500.00');
    sim.planFault(vendor, { operation: 'out', fault: 'drop', apply: true });
    expect((await move(who, 'out', '200.00')).body.value.state).toBe('pending');
    expect(await balances(who)).toEqual({ main: 50_000n, vendor: 30_000n, atVendor: 30_000n });
    expect(await reconcile()).toMatchObject({ posted: 1, voided: 0 });
    expect(await balances(who)).toEqual({ main: 70_000n, vendor: 30_000n, atVendor: 30_000n });
    await assertNoMoneyCreatedOrLost();
  });

  it('keeps a transfer held while the vendor cannot say, and asks again later', async () => {
    const who = await player();
    sim.planFault(vendor, { operation: 'in', fault: 'timeout', apply: true });
    await move(who, 'in', '10.00');
    sim.planFault(vendor, { operation: 'status', fault: 'fail' });
    expect(await reconcile()).toMatchObject({ posted: 0, voided: 0, stillPending: 1 });
    const row = await testApp.database.db
      .selectFrom('vendor_transfers')
      .select(['id', 'attempts', 'next_attempt_at'])
      .where('member_id', '=', who.memberId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the next run leaves it alone; once due, it is posted.
    expect(await reconcile()).toMatchObject({ stillPending: 0, posted: 0 });
    await testApp.database.db
      .updateTable('vendor_transfers')
      .set({ next_attempt_at: new Date(Date.now() - 1_000) })
      .where('id', '=', row.id)
      .execute();
    expect(await reconcile()).toMatchObject({ posted: 1 });
    expect(await balances(who)).toEqual({ main: 99_000n, vendor: 1_000n, atVendor: 1_000n });
    await assertNoMoneyCreatedOrLost();
  });

  it('moves money once when requests race for the same balance or repeat one request id', async () => {
    const who = await player(10_000n);
    const racing = await Promise.all(Array.from({ length: 8 }, () => move(who, 'in', '30.00')));
    const statuses = racing.map((response) => response.body.code ?? response.body.value.state);
    expect(statuses.filter((status) => status === 'done')).toHaveLength(3);
    expect(statuses.filter((status) => status === 'insufficient_funds')).toHaveLength(5);

    const requestId = randomUUID();
    const repeated = await Promise.all(Array.from({ length: 5 }, () => move(who, 'in', '5.00', requestId)));
    for (const response of repeated) expect(response.body.value?.state ?? response.body.code).toBe('done');
    expect(await balances(who)).toEqual({ main: 500n, vendor: 9_500n, atVendor: 9_500n });
    await assertNoMoneyCreatedOrLost();
  });
});

describe('vendor balance sync and transfer all', () => {
  it('books wins and losses at the vendor once per vendor state, then empties every vendor wallet', async () => {
    const who = await player();
    await move(who, 'in', '400.00');
    sim.state.adjust(vendor, who.playerId, 'THB', 12_345n);
    const read = () => call('GET', '/wps/relay/wallet_vendors', { token: who.token });
    const first = await read();
    expect(first.body.value.main).toBe('600.00');
    expect(first.body.value.vendors).toContainEqual({
      vendorCode: vendor,
      name: 'Test transfer vendor',
      balance: '523.45',
      pending: 0,
    });
    await read();
    const settlements = () =>
      testApp.database.db
        .selectFrom('ledger_transfers')
        .select('amount_minor')
        .where('kind', '=', 'vendor_settlement')
        .where('idempotency_key', 'like', `vendor-settlement:${who.memberId}:%`)
        .execute();
    expect(await settlements()).toHaveLength(1);

    sim.state.adjust(vendor, who.playerId, 'THB', -20_000n);
    const consolidated = await call('GET', '/wps/member/info/funds/consolidated', { token: who.token });
    expect(consolidated.body.value).toMatchObject({ main: '600.00', total: '923.45' });
    expect(await settlements()).toHaveLength(2);

    const all = await call('POST', '/wps/relay/wallet_transferAll', {
      token: who.token,
      body: { requestId: randomUUID() },
    });
    expect(all.body.value.transfers).toEqual([
      expect.objectContaining({ direction: 'out', amount: '323.45', state: 'done' }),
    ]);
    expect(await balances(who)).toEqual({ main: 92_345n, vendor: 0n, atVendor: 0n });
    await assertNoMoneyCreatedOrLost();
  });

  it('books nothing while a transfer of that vendor is pending', async () => {
    const who = await player();
    await move(who, 'in', '100.00');
    sim.planFault(vendor, { operation: 'in', fault: 'timeout', apply: true });
    await move(who, 'in', '50.00');
    const read = await call('GET', '/wps/relay/wallet_vendors', { token: who.token });
    expect(read.body.value.vendors).toContainEqual(
      expect.objectContaining({ vendorCode: vendor, balance: '100.00', pending: 1 }),
    );
    await reconcile();
    const after = await call('GET', '/wps/relay/wallet_vendors', { token: who.token });
    expect(after.body.value.vendors).toContainEqual(
      expect.objectContaining({ vendorCode: vendor, balance: '150.00', pending: 0 }),
    );
    await assertNoMoneyCreatedOrLost();
  });
});

describe('transfer wallet input and access', () => {
  it('refuses bad amounts, unknown and seamless vendors, and callers without a session', async () => {
    const who = await player();
    for (const amount of ['0', '0.00', '-1.00', '1.234', 'abc', '100000000000000000']) {
      const response = await move(who, 'in', amount);
      expect(response.status, amount).toBe(400);
    }
    const unknown = await call('POST', '/wps/relay/wallet_transfer', {
      token: who.token,
      body: { vendorCode: 'NOPE', direction: 'in', amount: '1.00', requestId: randomUUID() },
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'vendor_not_found' } });
    const seamless = await call('POST', '/wps/relay/wallet_transfer', {
      token: who.token,
      body: { vendorCode: 'TWSEAM', direction: 'in', amount: '1.00', requestId: randomUUID() },
    });
    expect(seamless).toMatchObject({ status: 409, body: { code: 'vendor_not_transfer_mode' } });
    expect((await move({ ...who, token: '' }, 'in', '1.00')).status).toBe(401);
    expect(await balances(who)).toEqual({ main: 100_000n, vendor: 0n, atVendor: 0n });
  });

  it('holds money going in to the wager-time rule of a seamless bet, and never money coming out', async () => {
    const who = await player();
    expect((await move(who, 'in', '100.00')).status).toBe(200);
    // A wager limit of 50.00 a day: a transfer in of more than that is refused and moves nothing.
    const limit = await call('PUT', '/wps/rg/limits', {
      token: who.token,
      body: { kind: 'wager', period: 'day', amount: '50.00' },
    });
    expect(limit.status).toBe(200);
    const over = await move(who, 'in', '50.01');
    expect(over).toMatchObject({ status: 403, body: { code: 'rg_limit_reached' } });
    expect(await balances(who)).toEqual({ main: 90_000n, vendor: 10_000n, atVendor: 10_000n });
    expect((await move(who, 'in', '50.00')).status).toBe(200);
    expect((await move(who, 'out', '150.00')).body.value.state).toBe('done');
    expect(await balances(who)).toEqual({ main: 100_000n, vendor: 0n, atVendor: 0n });
    await assertNoMoneyCreatedOrLost();
  });

  it('shows each member only their own transfers', async () => {
    const one = await player();
    const other = await player();
    await move(one, 'in', '1.00');
    const list = await call('GET', '/wps/relay/wallet_transfers', { token: other.token });
    expect(list.body.value).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });
});
