import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client';
import { buildMember } from '../../test/factories';
import { assertLedgerBalances } from '../../test/payments-kit';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { openGameSession } from '../seamless/seamless.service';
import { signedHeaders } from '../seamless/signature';
import type { MerchantConfig } from '../system';
import { rollUpLedger } from '../agents/rollup.service';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { applyWithdrawalRule, bonusWallet, issueBonus, refreshWagering } from './bonus-wallet';
import { testOperatorToken } from '../../test/operator-login';

/**
 * The bonus wallet's spending order (decision 0030, amended; migration 0023): a merchant whose bets spend
 * bonus money takes a bet from the main and bonus wallets in its order, reports main + bonus to vendors,
 * refunds a rollback to each wallet and releases or forfeits what remains of a bonus.
 */
let testApp: TestApp;
let merchantId: number;
let merchant: MerchantConfig;
let secret: string;
let admin: string;
const call = apiClient(() => testApp.app);

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  merchant = { id: merchantId, currency: { code: 'THB', decimals: 2 } } as MerchantConfig;
  secret = (
    await db.selectFrom('vendors').select('secret').where('code', '=', 'BGS').executeTakeFirstOrThrow()
  ).secret;
  admin = await testOperatorToken(testApp);
});
afterAll(async () => testApp.close());

type Order = 'locked' | 'real_first' | 'bonus_first';

async function setOrder(spendingOrder: Order) {
  const reply = await call('PUT', '/ops/rewards/settings', {
    token: admin,
    body: { socialContactCap: '131000.00', spendingOrder },
  });
  expect(reply.body.value).toMatchObject({ spendingOrder });
}

interface Player {
  id: number;
  sessionToken: string;
}

let grantSequence = 0;
/** A player with `mainMinor` in the main wallet and one bonus per amount (oldest first), still wagering. */
async function player(mainMinor: bigint, bonuses: bigint[], multiplier = 50): Promise<Player> {
  const db = testApp.database.db;
  const { id } = await buildMember(db);
  await transfer(db, {
    debit: systemAccount(merchantId, 'THB', 'deposit_clearing', id),
    credit: playerAccount(merchantId, 'THB', id),
    amountMinor: mainMinor,
    kind: 'deposit',
    idempotencyKey: `spend-fund-${id}`,
  });
  for (const amountMinor of bonuses) {
    grantSequence += 1;
    await db.transaction().execute((trx) =>
      issueBonus(trx, {
        merchant,
        memberId: id,
        claimId: null,
        title: 'Spending test',
        idempotencyKey: `spend-bonus-${id}-${grantSequence}`,
        amountMinor,
        multiplier,
        weights: {},
        withdrawRule: 'forfeit',
      }),
    );
  }
  return { id, sessionToken: await openGameSession(db, { merchantId, memberId: id, vendorCode: 'BGS' }) };
}

async function send(path: string, body: object) {
  const payload = JSON.stringify(body);
  const reply = await testApp.app.inject({
    method: 'POST',
    url: `/vendor/v1/seamless/${path}`,
    payload,
    headers: signedHeaders('BGS', secret, payload),
  });
  return reply.json<{ success: boolean; code?: string; value: { balance: string } | null }>();
}

const common = (who: Player) => ({
  merchantCode: 'demo',
  playerId: String(who.id),
  currency: 'THB',
  gameCode: 'slot-1',
});
const bet = (who: Player, tx: string, amount: string, gameCode = 'slot-1') =>
  send('bet', {
    ...common(who),
    gameCode,
    sessionToken: who.sessionToken,
    amount,
    transactionId: tx,
    roundId: `r-${tx}`,
  });
const rollback = (who: Player, tx: string, amount: string) =>
  send('rollback', {
    ...common(who),
    amount,
    transactionId: `${tx}-rb`,
    betTransactionId: tx,
    roundId: `r-${tx}`,
  });
const win = (who: Player, tx: string, amount: string) =>
  send('win', { ...common(who), amount, transactionId: `${tx}-win`, roundId: `r-${tx}` });

/** The player's main and bonus wallets. */
async function wallets(who: Player) {
  const rows = await testApp.database.db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance_minor'])
    .where('member_id', '=', who.id)
    .where('currency', '=', 'THB')
    .execute();
  const of = (kind: string) => rows.find((row) => row.kind === kind)?.balance_minor ?? 0n;
  return { main: of('player_main'), bonus: of('player_bonus') };
}

async function stored(tx: string) {
  return testApp.database.db
    .selectFrom('seamless_transactions')
    .select(['amount_minor', 'bonus_minor', 'ledger_transfer_id', 'bonus_transfer_id'])
    .where('vendor_tx_id', '=', tx)
    .executeTakeFirst();
}

async function transfersOf(tx: string) {
  const rows = await testApp.database.db
    .selectFrom('ledger_transfers')
    .select(['idempotency_key', 'amount_minor'])
    .where('idempotency_key', 'like', `seamless:BGS:${tx}%`)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.idempotency_key, row.amount_minor]);
}

async function grantsOf(who: Player) {
  return testApp.database.db
    .selectFrom('bonus_grants')
    .select(['amount_minor', 'status', 'settled_minor', 'settle_transfer_id'])
    .where('member_id', '=', who.id)
    .orderBy('id')
    .execute();
}

describe('the reward settings', () => {
  it('keep the spending order: locked by default, unchanged when a write leaves it out', async () => {
    const read = await call('GET', '/ops/rewards/settings', { token: admin });
    expect(read.body.value).toEqual({ socialContactCap: '131000.00', spendingOrder: 'locked' });
    await setOrder('real_first');
    const kept = await call('PUT', '/ops/rewards/settings', {
      token: admin,
      body: { socialContactCap: '90000.00' },
    });
    expect(kept.body.value).toEqual({ socialContactCap: '90000.00', spendingOrder: 'real_first' });
    const refused = await call('PUT', '/ops/rewards/settings', {
      token: admin,
      body: { socialContactCap: '90000.00', spendingOrder: 'sometimes' },
    });
    expect(refused.status).toBe(400);
    await setOrder('locked');
  });
});

describe('bets of a merchant that spends bonus money', () => {
  it('bonus_first takes the bonus wallet first, then main, in two keyed transfers', async () => {
    await setOrder('bonus_first');
    const who = await player(10_000n, [3_000n]);
    const answer = await bet(who, `bf-${who.id}`, '50.00');
    expect(answer).toMatchObject({ success: true, value: { balance: '80.00' } });
    expect(await wallets(who)).toEqual({ main: 8_000n, bonus: 0n });
    expect(await transfersOf(`bf-${who.id}`)).toEqual([
      [`seamless:BGS:bf-${who.id}`, 2_000n],
      [`seamless:BGS:bf-${who.id}#bonus`, 3_000n],
    ]);
    expect(await stored(`bf-${who.id}`)).toMatchObject({ amount_minor: 5_000n, bonus_minor: 3_000n });
    // A small bet is all bonus: one transfer, from the bonus wallet.
    const small = await player(10_000n, [3_000n]);
    await bet(small, `bf-small-${small.id}`, '10.00');
    expect(await wallets(small)).toEqual({ main: 10_000n, bonus: 2_000n });
    expect(await transfersOf(`bf-small-${small.id}`)).toEqual([
      [`seamless:BGS:bf-small-${small.id}#bonus`, 1_000n],
    ]);
    expect(await stored(`bf-small-${small.id}`)).toMatchObject({
      ledger_transfer_id: null,
      bonus_minor: 1_000n,
    });
    await assertLedgerBalances(testApp.database.db);
  });

  it('real_first takes the main wallet first, then bonus; wins go to the main wallet', async () => {
    await setOrder('real_first');
    const who = await player(10_000n, [3_000n]);
    expect(await bet(who, `rf-${who.id}`, '50.00')).toMatchObject({ value: { balance: '80.00' } });
    expect(await wallets(who)).toEqual({ main: 5_000n, bonus: 3_000n });
    expect(await bet(who, `rf2-${who.id}`, '70.00')).toMatchObject({ value: { balance: '10.00' } });
    expect(await wallets(who)).toEqual({ main: 0n, bonus: 1_000n });
    expect(await stored(`rf2-${who.id}`)).toMatchObject({ bonus_minor: 2_000n });
    expect(await win(who, `rf2-${who.id}`, '15.00')).toMatchObject({ value: { balance: '25.00' } });
    expect(await wallets(who)).toEqual({ main: 1_500n, bonus: 1_000n });
    // The vendor's balance call answers main + bonus too.
    expect(
      await send('balance', { merchantCode: 'demo', playerId: String(who.id), currency: 'THB' }),
    ).toMatchObject({
      value: { balance: '25.00' },
    });
    await assertLedgerBalances(testApp.database.db);
  });

  it('a rollback refunds each wallet what the bet took from it', async () => {
    await setOrder('bonus_first');
    const who = await player(10_000n, [3_000n]);
    await bet(who, `rb-${who.id}`, '50.00');
    expect(await rollback(who, `rb-${who.id}`, '50.00')).toMatchObject({
      success: true,
      value: { balance: '130.00' },
    });
    expect(await wallets(who)).toEqual({ main: 10_000n, bonus: 3_000n });
    expect(await transfersOf(`rb-${who.id}-rb`)).toEqual([
      [`seamless:BGS:rb-${who.id}-rb`, 2_000n],
      [`seamless:BGS:rb-${who.id}-rb#bonus`, 3_000n],
    ]);
    expect(await stored(`rb-${who.id}-rb`)).toMatchObject({ bonus_minor: 3_000n });
    // Refunded even after the merchant stopped spending bonus money: the bet's split is recorded.
    await bet(who, `rb2-${who.id}`, '40.00');
    await setOrder('locked');
    await rollback(who, `rb2-${who.id}`, '40.00');
    expect(await wallets(who)).toEqual({ main: 10_000n, bonus: 3_000n });
    await assertLedgerBalances(testApp.database.db);
  });

  it('a rollback after the bonus was settled refunds its bonus part to the main wallet', async () => {
    await setOrder('bonus_first');
    const who = await player(10_000n, [3_000n]);
    await bet(who, `late-${who.id}`, '30.00');
    const merchantDb = testApp.database.db;
    await merchantDb.transaction().execute((trx) => applyWithdrawalRule(trx, merchant, who.id, true));
    expect(await grantsOf(who)).toMatchObject([
      { status: 'forfeited', settled_minor: 0n, settle_transfer_id: null },
    ]);
    await rollback(who, `late-${who.id}`, '30.00');
    expect(await wallets(who)).toEqual({ main: 13_000n, bonus: 0n });
    expect(await stored(`late-${who.id}-rb`)).toMatchObject({ bonus_minor: 0n });
    await assertLedgerBalances(testApp.database.db);
  });

  it('refuses a bet larger than main + bonus and changes nothing', async () => {
    for (const order of ['bonus_first', 'real_first'] as const) {
      await setOrder(order);
      const who = await player(2_000n, [3_000n]);
      const answer = await bet(who, `big-${who.id}`, '50.01');
      expect(answer).toMatchObject({
        success: false,
        code: 'insufficient_funds',
        value: { balance: '50.00' },
      });
      expect(await wallets(who)).toEqual({ main: 2_000n, bonus: 3_000n });
      expect(await stored(`big-${who.id}`)).toBeUndefined();
      expect(await transfersOf(`big-${who.id}`)).toEqual([]);
      // Exactly main + bonus is taken whole.
      expect(await bet(who, `all-${who.id}`, '50.00')).toMatchObject({ value: { balance: '0.00' } });
    }
  });

  it('count in the agent rollups once each, with their game, whichever wallets paid', async () => {
    await setOrder('bonus_first');
    const db = testApp.database.db;
    const game = await db
      .selectFrom('games')
      .select(['game_code', 'game_type'])
      .where('vendor_code', '=', 'BGS')
      .where('game_type', '<>', '')
      .executeTakeFirstOrThrow();
    const who = await player(10_000n, [3_000n]);
    await bet(who, `ru1-${who.id}`, '10.00', game.game_code); // all bonus
    await bet(who, `ru2-${who.id}`, '50.00', game.game_code); // 20.00 bonus, 30.00 main
    await bet(who, `ru3-${who.id}`, '20.00', game.game_code); // all main
    expect(await wallets(who)).toEqual({ main: 5_000n, bonus: 0n });
    await rollUpLedger(db);
    const figures = await db
      .selectFrom('member_daily')
      .select(['game_type', 'bet_count', 'bet_minor', 'valid_bet_minor'])
      .where('member_id', '=', who.id)
      .where('bet_count', '<>', 0)
      .execute();
    expect(figures).toEqual([
      { game_type: game.game_type, bet_count: 3, bet_minor: 8_000n, valid_bet_minor: 8_000n },
    ]);
  });

  it('locked: bets spend the main wallet only and vendors see the main wallet, as before', async () => {
    await setOrder('locked');
    const who = await player(2_000n, [3_000n]);
    expect(await bet(who, `lk-${who.id}`, '25.00')).toMatchObject({
      code: 'insufficient_funds',
      value: { balance: '20.00' },
    });
    expect(await bet(who, `lk2-${who.id}`, '15.00')).toMatchObject({ value: { balance: '5.00' } });
    expect(await wallets(who)).toEqual({ main: 500n, bonus: 3_000n });
    expect(await transfersOf(`lk2-${who.id}`)).toEqual([[`seamless:BGS:lk2-${who.id}`, 1_500n]]);
    expect(await stored(`lk2-${who.id}`)).toMatchObject({ bonus_minor: 0n, bonus_transfer_id: null });
    expect(
      await send('balance', { merchantCode: 'demo', playerId: String(who.id), currency: 'THB' }),
    ).toMatchObject({
      value: { balance: '5.00' },
    });
  });
});

describe('grants after spending', () => {
  it('a release moves what remains of the bonus, once', async () => {
    await setOrder('bonus_first');
    // Wagering 1x: a bet of 50.00 meets a bonus of 30.00.
    const who = await player(10_000n, [3_000n], 1);
    await bet(who, `rel-${who.id}`, '20.00');
    expect(await wallets(who)).toEqual({ main: 10_000n, bonus: 1_000n });
    await bet(who, `rel2-${who.id}`, '10.00');
    await setOrder('real_first');
    expect(await bonusWallet(testApp.database.db, merchant, who.id)).toMatchObject({
      balance: '0.00',
      spendingOrder: 'real_first',
      withdrawal: 'forfeits',
      forfeitAmount: '0.00',
    });
    expect(await refreshWagering(testApp.database.db, { memberId: who.id })).toBe(1);
    expect(await grantsOf(who)).toMatchObject([{ status: 'released', settled_minor: 0n }]);
    // Partly spent: the rest is released to the main wallet.
    const other = await player(10_000n, [3_000n], 1);
    await bet(other, `rel3-${other.id}`, '60.00');
    await bet(other, `rel4-${other.id}`, '50.00');
    expect(await wallets(other)).toEqual({ main: 0n, bonus: 2_000n });
    expect(await refreshWagering(testApp.database.db, { memberId: other.id })).toBe(1);
    expect(await refreshWagering(testApp.database.db, { memberId: other.id })).toBe(0);
    expect(await grantsOf(other)).toMatchObject([{ status: 'released', settled_minor: 2_000n }]);
    expect(await wallets(other)).toEqual({ main: 2_000n, bonus: 0n });
    await assertLedgerBalances(testApp.database.db);
  });

  it('a forfeit takes what remains, oldest bonus spent first, once', async () => {
    await setOrder('bonus_first');
    const who = await player(10_000n, [1_000n, 2_000n]);
    await bet(who, `ff-${who.id}`, '15.00');
    expect(await wallets(who)).toEqual({ main: 10_000n, bonus: 1_500n });
    expect(await bonusWallet(testApp.database.db, merchant, who.id)).toMatchObject({
      balance: '15.00',
      spendingOrder: 'bonus_first',
      forfeitAmount: '15.00',
    });
    const db = testApp.database.db;
    await expect(
      db.transaction().execute((trx) => applyWithdrawalRule(trx, merchant, who.id, false)),
    ).rejects.toMatchObject({ code: 'bonus_forfeit_unconfirmed', value: { forfeitAmount: '15.00' } });
    await db.transaction().execute((trx) => applyWithdrawalRule(trx, merchant, who.id, true));
    await db.transaction().execute((trx) => applyWithdrawalRule(trx, merchant, who.id, true));
    // The older bonus (10.00) was spent first: nothing of it is left; the newer one keeps 15.00 of 20.00.
    expect(await grantsOf(who)).toMatchObject([
      { status: 'forfeited', settled_minor: 0n, settle_transfer_id: null },
      { status: 'forfeited', settled_minor: 1_500n },
    ]);
    expect(await wallets(who)).toEqual({ main: 10_000n, bonus: 0n });
    const forfeits = await db
      .selectFrom('ledger_transfers')
      .select('amount_minor')
      .where('kind', '=', 'bonus_forfeit')
      .where('idempotency_key', 'like', 'bonus-forfeit:%')
      .where('debit_account_id', '=', (eb) =>
        eb
          .selectFrom('ledger_accounts')
          .select('id')
          .where('member_id', '=', who.id)
          .where('kind', '=', 'player_bonus'),
      )
      .execute();
    expect(forfeits.map((row) => row.amount_minor)).toEqual([1_500n]);
    await assertLedgerBalances(testApp.database.db);
    await setOrder('locked');
  });
});
