import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { apiClient } from '../../test/api-client';
import { encryptFor } from '../../test/encrypt';
import { roundDayMismatches } from '../../test/round-days';
import { buildMember, buildMerchant } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { ensureAccount } from '../wallet/ledger.repo';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { resolveRange } from './history-range';

let testApp: TestApp;
let key: PublicKey;
let merchantId: number;
const call = apiClient(() => testApp.app);
const dayMs = 86_400_000;

beforeAll(async () => {
  testApp = await buildTestApp();
  key = (await call('GET', '/wps/system/publicKey')).body.value;
  merchantId = testApp.app.deps.merchants.resolveNow('localhost', undefined)!.id;
  await testApp.database.db
    .insertInto('vendors')
    .values([
      { code: 'HVA', name: 'A', wallet_mode: 'seamless', secret: 'x'.repeat(32), api_url: null },
      { code: 'HVB', name: 'B', wallet_mode: 'transfer', secret: 'x'.repeat(32), api_url: null },
    ])
    .execute();
});
afterAll(async () => testApp.close());

async function loggedIn() {
  const member = await buildMember(testApp.database.db);
  const login = await call('POST', '/wps/session/login', {
    body: encryptFor(key, { type: 'username', username: member.username, password: member.password }),
  });
  return { memberId: member.id, token: login.body.value.token as string };
}

/** Movements through the ledger: deposit 1000, bet 100, win 50, bonus 20, 300 to vendor HVB. */
async function fundedMember() {
  const who = await loggedIn();
  const main = playerAccount(merchantId, 'THB', who.memberId);
  const house = systemAccount(merchantId, 'THB', 'house', who.memberId, 'HVA');
  const moves = [
    {
      debit: systemAccount(merchantId, 'THB', 'deposit_clearing', who.memberId),
      credit: main,
      amountMinor: 100_000n,
      kind: 'deposit',
    },
    { debit: main, credit: house, amountMinor: 10_000n, kind: 'bet' },
    { debit: house, credit: main, amountMinor: 5_000n, kind: 'win' },
    {
      debit: systemAccount(merchantId, 'THB', 'bonus', who.memberId),
      credit: main,
      amountMinor: 2_000n,
      kind: 'bonus',
    },
    {
      debit: main,
      credit: playerAccount(merchantId, 'THB', who.memberId, 'HVB'),
      amountMinor: 30_000n,
      kind: 'vendor_transfer_in',
    },
  ];
  for (const [index, move] of moves.entries()) {
    await transfer(testApp.database.db, { ...move, idempotencyKey: `history-${who.memberId}-${index}` });
  }
  return who;
}

/**
 * A movement dated in the past. Transfers are stamped now() by the ledger, so this writes the row
 * directly: it is read-only test data for the date filter (balances are not this file's subject).
 */
async function pastDeposit(memberId: number, daysAgo: number) {
  const db = testApp.database.db;
  const credit = await ensureAccount(db, playerAccount(merchantId, 'THB', memberId));
  const debit = await ensureAccount(db, systemAccount(merchantId, 'THB', 'deposit_clearing', memberId));
  await db
    .insertInto('ledger_transfers')
    .values({
      merchant_id: merchantId,
      currency: 'THB',
      debit_account_id: debit,
      credit_account_id: credit,
      amount_minor: 777n,
      kind: 'deposit',
      idempotency_key: `past-${memberId}-${daysAgo}`,
      request_hash: 'test',
      created_at: new Date(Date.now() - daysAgo * dayMs),
    })
    .execute();
}

describe('transactionHistory and account records', () => {
  it('lists every movement of the member signed from their side, newest first, filtered by type', async () => {
    const who = await fundedMember();
    const all = await call('GET', '/wps/relay/wallet_history', { token: who.token });
    expect(all.status).toBe(200);
    expect(all.body.value).toMatchObject({ total: 6, page: 1, pageSize: 20, totalPages: 1 });
    const items = all.body.value.items as { type: string; amount: string; wallet: string }[];
    expect(items.map((item) => [item.type, item.amount, item.wallet])).toEqual([
      ['vendor_transfer_in', '-300.00', ''],
      ['vendor_transfer_in', '300.00', 'HVB'],
      ['bonus', '20.00', ''],
      ['win', '50.00', ''],
      ['bet', '-100.00', ''],
      ['deposit', '1000.00', ''],
    ]);
    const bets = await call('GET', '/wps/relay/wallet_history?type=bet', { token: who.token });
    expect(bets.body.value.items).toHaveLength(1);

    const records = await call('GET', '/wps/relay/account_records', { token: who.token });
    expect(records.body.value.items.map((item: { type: string }) => item.type)).toEqual([
      'vendor_transfer_in',
      'vendor_transfer_in',
      'deposit',
    ]);
    const noGames = await call('GET', '/wps/relay/account_records?type=bet', { token: who.token });
    expect(noGames.body.value).toMatchObject({ items: [], total: 0 });

    const bonus = await call('GET', '/wps/relay/bonus_details', { token: who.token });
    expect(bonus.body.value.items).toEqual([expect.objectContaining({ type: 'bonus', amount: '20.00' })]);
  });

  it('pages with a total page count and caps the page size at 100', async () => {
    const who = await fundedMember();
    const second = await call('GET', '/wps/relay/wallet_history?page=2&pageSize=4', { token: who.token });
    expect(second.body.value).toMatchObject({ page: 2, pageSize: 4, total: 6, totalPages: 2 });
    expect(second.body.value.items.map((item: { type: string }) => item.type)).toEqual(['bet', 'deposit']);
    expect((await call('GET', '/wps/relay/wallet_history?pageSize=101', { token: who.token })).status).toBe(
      400,
    );
    expect((await call('GET', '/wps/relay/wallet_history?page=0', { token: who.token })).status).toBe(400);
  });

  it('filters by presets and dates in the merchant calendar and refuses bad ranges', async () => {
    const who = await loggedIn();
    await pastDeposit(who.memberId, 10);
    await pastDeposit(who.memberId, 40);
    const read = async (query: string) =>
      (await call('GET', `/wps/relay/wallet_history?${query}`, { token: who.token })).body.value
        .total as number;
    expect(await read('preset=today')).toBe(0);
    expect(await read('preset=last7')).toBe(0);
    expect(await read('preset=last30')).toBe(1);
    expect(await read('')).toBe(0);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * dayMs).toISOString().slice(0, 10);
    expect(await read(`from=${day(45)}&to=${day(5)}`)).toBe(2);
    for (const query of [
      `from=${day(1)}&to=${day(3)}`,
      'from=2020-02-30',
      `from=${day(400)}`,
      'preset=next7',
      'type=Bad!',
    ]) {
      expect(
        (await call('GET', `/wps/relay/wallet_history?${query}`, { token: who.token })).status,
        query,
      ).toBe(400);
    }
  });

  it('shows a member nothing of other members or merchants, and needs a session', async () => {
    await fundedMember();
    const other = await buildMerchant(testApp.database.db, { currency_code: 'THB' });
    const stranger = await buildMember(testApp.database.db, { merchantId: other.id });
    await transfer(testApp.database.db, {
      debit: systemAccount(other.id, 'THB', 'deposit_clearing', stranger.id),
      credit: playerAccount(other.id, 'THB', stranger.id),
      amountMinor: 5n,
      kind: 'deposit',
      idempotencyKey: 'stranger-deposit',
    });
    const fresh = await loggedIn();
    const read = await call('GET', '/wps/relay/wallet_history?preset=last30', { token: fresh.token });
    expect(read.body.value).toMatchObject({ items: [], total: 0, totalPages: 0 });
    expect((await call('GET', '/wps/relay/wallet_history')).status).toBe(401);
  });
});

describe('betting records and personal profit', () => {
  it('lists rounds per vendor and sums bets, wins and profit per vendor', async () => {
    const who = await loggedIn();
    const other = await loggedIn();
    const round = (
      memberId: number,
      vendor: string,
      id: string,
      bet: bigint,
      win: bigint,
      refund = 0n,
      daysAgo = 0,
    ) => ({
      merchant_id: merchantId,
      vendor_code: vendor,
      round_id: id,
      member_id: memberId,
      game_code: `${vendor}-slots`,
      currency: 'THB',
      bet_minor: bet,
      win_minor: win,
      refund_minor: refund,
      bet_count: 1,
      status: 'closed' as const,
      started_at: new Date(Date.now() - daysAgo * dayMs - 60_000),
    });
    await testApp.database.db
      .insertInto('game_rounds')
      .values([
        round(who.memberId, 'HVA', 'r1', 1_000n, 0n),
        round(who.memberId, 'HVA', 'r2', 2_000n, 5_000n),
        round(who.memberId, 'HVB', 'r3', 500n, 0n, 500n),
        round(who.memberId, 'HVB', 'r4', 700n, 0n, 0n, 20),
        round(other.memberId, 'HVA', 'r5', 9_000n, 0n),
      ])
      .execute();

    const records = await call('GET', '/wps/relay/bet_records', { token: who.token });
    expect(records.body.value).toMatchObject({ total: 3, totalPages: 1 });
    expect(records.body.value.items[0]).toMatchObject({
      roundId: 'r3',
      bet: '5.00',
      refund: '5.00',
      profit: '0.00',
    });
    const onlyA = await call('GET', '/wps/relay/bet_records?vendorCode=HVA', { token: who.token });
    expect(onlyA.body.value.items.map((item: { roundId: string }) => item.roundId)).toEqual(['r2', 'r1']);

    const profit = await call('GET', '/wps/relay/personal_profit?preset=last30', { token: who.token });
    expect(profit.body.value.vendors).toEqual([
      { vendorCode: 'HVA', rounds: 2, bet: '30.00', win: '50.00', refund: '0.00', profit: '20.00' },
      { vendorCode: 'HVB', rounds: 2, bet: '12.00', win: '0.00', refund: '5.00', profit: '-7.00' },
    ]);
    expect(profit.body.value.total).toEqual({
      rounds: 4,
      bet: '42.00',
      win: '50.00',
      refund: '5.00',
      profit: '13.00',
    });
  });

  it("names each round's game and vendor as the catalogue does, codes for what it does not list", async () => {
    const who = await loggedIn();
    const round = (vendor: string, game: string, id: string) => ({
      merchant_id: merchantId,
      vendor_code: vendor,
      round_id: id,
      member_id: who.memberId,
      game_code: game,
      currency: 'THB',
      bet_minor: 100n,
      win_minor: 0n,
      refund_minor: 0n,
      bet_count: 1,
      status: 'closed' as const,
      started_at: new Date(Date.now() - 60_000),
    });
    await testApp.database.db
      .insertInto('game_rounds')
      .values([round('BGS', 'bgs-dice', 'n1'), round('HVC', 'gone-game', 'n2')])
      .execute();
    const records = await call('GET', '/wps/relay/bet_records', { token: who.token });
    const byRound = Object.fromEntries(
      records.body.value.items.map((item: { roundId: string }) => [item.roundId, item]),
    );
    expect(byRound.n1).toMatchObject({
      vendorCode: 'BGS',
      vendorName: 'BGS Originals',
      gameCode: 'bgs-dice',
      gameName: 'BGS Dice',
    });
    expect(byRound.n2).toMatchObject({ vendorName: 'HVC', gameName: 'gone-game' });
  });

  it('merges the pages of several vendors newest first, and keeps the day figures with every write', async () => {
    const who = await loggedIn();
    const vendors = ['HVA', 'HVB', 'BGS'];
    // 25 rounds, a minute apart, the vendors taking turns unevenly; two days, so two day rows per vendor.
    const rows = Array.from({ length: 25 }, (_, index) => ({
      merchant_id: merchantId,
      vendor_code: vendors[(index * index) % 3]!,
      round_id: `m${index}`,
      member_id: who.memberId,
      game_code: 'g',
      currency: 'THB',
      bet_minor: BigInt(100 + index),
      bet_count: 1,
      started_at: new Date(Date.now() - (index < 20 ? index * 60_000 : dayMs + index * 60_000)),
    }));
    await testApp.database.db.insertInto('game_rounds').values(rows).execute();
    const newestFirst = rows.map((row) => row.round_id);
    const seen: string[] = [];
    for (const pageNo of [1, 2, 3]) {
      const page = await call('GET', `/wps/relay/bet_records?preset=last7&page=${pageNo}&pageSize=10`, {
        token: who.token,
      });
      expect(page.body.value).toMatchObject({ total: 25, totalPages: 3 });
      seen.push(...page.body.value.items.map((item: { roundId: string }) => item.roundId));
    }
    expect(seen).toEqual(newestFirst);
    const hvb = await call('GET', '/wps/relay/bet_records?vendorCode=HVB&pageSize=50', { token: who.token });
    expect(hvb.body.value.total).toBe(rows.filter((row) => row.vendor_code === 'HVB').length);

    // A win, a refund, a round deleted and one moved to another vendor: the day figures follow each.
    const db = testApp.database.db;
    await db.updateTable('game_rounds').set({ win_minor: 900n }).where('round_id', '=', 'm3').execute();
    await db.updateTable('game_rounds').set({ refund_minor: 101n }).where('round_id', '=', 'm1').execute();
    await db.updateTable('game_rounds').set({ status: 'open' }).where('round_id', '=', 'm2').execute();
    await db.deleteFrom('game_rounds').where('round_id', '=', 'm4').execute();
    await db.updateTable('game_rounds').set({ vendor_code: 'HVC' }).where('round_id', '=', 'm5').execute();
    expect(await roundDayMismatches(db, who.memberId)).toEqual([]);
    const profit = await call('GET', '/wps/relay/personal_profit?preset=last7', { token: who.token });
    expect(profit.body.value.total).toMatchObject({ rounds: 24, win: '9.00', refund: '1.01' });
  });

  it('answers empty pages for a member without rounds', async () => {
    const who = await loggedIn();
    expect((await call('GET', '/wps/relay/bet_records', { token: who.token })).body.value).toMatchObject({
      items: [],
      total: 0,
    });
    const profit = await call('GET', '/wps/relay/personal_profit', { token: who.token });
    expect(profit.body.value).toMatchObject({ vendors: [], total: { rounds: 0, profit: '0.00' } });
  });
});

describe('resolveRange', () => {
  it('counts days in the merchant calendar', () => {
    const now = Date.parse('2026-03-10T20:00:00Z');
    // At GMT+7 it is already 11 March: today starts at 10 March 17:00 UTC.
    const today = resolveRange({ preset: 'today' }, 420, now);
    expect(today).toMatchObject({ fromDay: '2026-03-11', toDay: '2026-03-11' });
    expect(today.fromInclusive.toISOString()).toBe('2026-03-10T17:00:00.000Z');
    expect(resolveRange({ preset: 'last30' }, 0, now)).toMatchObject({
      fromDay: '2026-02-09',
      toDay: '2026-03-10',
    });
    expect(resolveRange({ to: '2026-01-07' }, 0, now)).toMatchObject({
      fromDay: '2026-01-01',
      toDay: '2026-01-07',
    });
  });

  it('refuses what is not a calendar date and ranges over a year, at any offset', () => {
    const now = Date.parse('2026-03-10T20:00:00Z');
    for (const to of ['2026-02-30', '2026-2-03', '2026-03-10T00:00']) {
      expect(() => resolveRange({ to }, 420, now), to).toThrow(
        expect.objectContaining({ code: 'invalid_date' }),
      );
    }
    expect(() => resolveRange({ from: '2026-03-10', to: '2026-03-09' }, 420, now)).toThrow(
      expect.objectContaining({ code: 'invalid_range' }),
    );
    expect(resolveRange({ from: '2025-03-10', to: '2026-03-10' }, -210, now)).toMatchObject({
      fromInclusive: new Date('2025-03-10T03:30:00Z'),
      toExclusive: new Date('2026-03-11T03:30:00Z'),
    });
    expect(() => resolveRange({ from: '2025-03-09', to: '2026-03-10' }, -210, now)).toThrow(
      expect.objectContaining({ code: 'invalid_range' }),
    );
  });
});
