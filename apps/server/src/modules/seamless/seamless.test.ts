import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildMember, buildMerchant } from '../../test/factories';
import { assertLedgerBalances } from '../../test/payments-kit';
import { buildTestApp, type TestApp } from '../../test/test-app';
import * as ledgerRepo from '../wallet/ledger.repo';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { openGameSession } from './seamless.service';
import { signedHeaders } from './signature';

let testApp: TestApp;
let secret: string;
let merchantId: number;

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  secret = (
    await db.selectFrom('vendors').select('secret').where('code', '=', 'BGS').executeTakeFirstOrThrow()
  ).secret;
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => testApp.close());

interface Player {
  id: number;
  sessionToken: string;
}

/** A player of the demo merchant with `fundsMinor` deposited and a live BGS game session. */
async function player(fundsMinor = 10_000n): Promise<Player> {
  const db = testApp.database.db;
  const { id } = await buildMember(db);
  if (fundsMinor > 0n) {
    await transfer(db, {
      debit: systemAccount(merchantId, 'THB', 'deposit_clearing', id),
      credit: playerAccount(merchantId, 'THB', id),
      amountMinor: fundsMinor,
      kind: 'deposit',
      idempotencyKey: `fund-${id}`,
    });
  }
  return { id, sessionToken: await openGameSession(db, { merchantId, memberId: id, vendorCode: 'BGS' }) };
}

function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  return testApp.app.inject({
    method: 'POST',
    url: `/vendor/v1/seamless/${path}`,
    payload,
    headers: { ...signedHeaders('BGS', secret, payload), ...headers },
  });
}

let sequence = 0;
function bet(who: Player, amount: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return call('bet', {
    merchantCode: 'demo',
    playerId: String(who.id),
    sessionToken: who.sessionToken,
    currency: 'THB',
    amount,
    transactionId: `bet-${sequence}`,
    roundId: `round-${sequence}`,
    gameCode: 'slot-1',
    ...overrides,
  });
}

function win(who: Player, amount: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return call('win', {
    merchantCode: 'demo',
    playerId: String(who.id),
    currency: 'THB',
    amount,
    transactionId: `win-${sequence}`,
    roundId: `round-${sequence}`,
    gameCode: 'slot-1',
    ...overrides,
  });
}

function rollback(
  who: Player,
  betTransactionId: string,
  amount: string,
  transactionId = `rb-${betTransactionId}`,
) {
  return call('rollback', {
    merchantCode: 'demo',
    playerId: String(who.id),
    currency: 'THB',
    amount,
    transactionId,
    betTransactionId,
    roundId: 'round-rb',
    gameCode: 'slot-1',
  });
}

async function balanceMinor(who: Player): Promise<bigint> {
  const db = testApp.database.db;
  return ledgerRepo.selectBalance(
    db,
    await ledgerRepo.ensureAccount(db, playerAccount(merchantId, 'THB', who.id)),
  );
}

function assertBooksBalance(): Promise<void> {
  return assertLedgerBalances(testApp.database.db);
}

describe('seamless wallet: signatures and validation', () => {
  it('answers the balance to a correctly signed request', async () => {
    const who = await player(12_345n);
    const reply = await call('balance', { merchantCode: 'demo', playerId: String(who.id), currency: 'THB' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ success: true, value: { balance: '123.45', currency: 'THB' } });
  });

  it('refuses a wrong signature, a stale or missing timestamp, an unknown vendor; nothing moves', async () => {
    const who = await player();
    const body = JSON.stringify({
      merchantCode: 'demo',
      playerId: String(who.id),
      sessionToken: who.sessionToken,
      currency: 'THB',
      amount: '10.00',
      transactionId: 'forged-1',
      roundId: 'r-forged',
      gameCode: 'slot-1',
    });
    const send = (headers: Record<string, string>) =>
      testApp.app.inject({ method: 'POST', url: '/vendor/v1/seamless/bet', payload: body, headers });
    const wrongSecret = await send(signedHeaders('BGS', 'x'.repeat(64), body));
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().code).toBe('invalid_signature');
    const tampered = await send(signedHeaders('BGS', secret, body.replace('10.00', '1.00')));
    const tamperedBody = await testApp.app.inject({
      method: 'POST',
      url: '/vendor/v1/seamless/bet',
      payload: body.replace('10.00', '99.00'),
      headers: signedHeaders('BGS', secret, body),
    });
    expect(tampered.statusCode).toBe(401);
    expect(tamperedBody.json().code).toBe('invalid_signature');
    const stale = await send(signedHeaders('BGS', secret, body, Date.now() - 6 * 60 * 1000));
    expect(stale.json().code).toBe('stale_timestamp');
    const future = await send(signedHeaders('BGS', secret, body, Date.now() + 6 * 60 * 1000));
    expect(future.json().code).toBe('stale_timestamp');
    const unknown = await send(signedHeaders('NOPE', secret, body));
    expect(unknown.json().code).toBe('unknown_vendor');
    const unsigned = await send({ 'content-type': 'application/json', 'x-vendor-code': 'BGS' });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().code).toBe('invalid_signature');
    expect(await balanceMinor(who)).toBe(10_000n);
    const written = await testApp.database.db
      .selectFrom('seamless_transactions')
      .select('id')
      .where('vendor_tx_id', '=', 'forged-1')
      .execute();
    expect(written).toEqual([]);
  });

  it('refuses zero, negative, over-precise, huge and non-numeric amounts and a foreign currency', async () => {
    const who = await player();
    for (const amount of ['0', '0.00', '-1.00', '1.001', '100000000000000000000', '1e5', '12,50', ' 1']) {
      const reply = await bet(who, amount);
      expect(reply.statusCode, amount).toBe(400);
      expect(reply.json().code, amount).toBe('invalid_amount');
    }
    const usd = await bet(who, '1.00', { currency: 'USD' });
    expect(usd.json().code).toBe('currency_mismatch');
    const missing = await call('bet', { merchantCode: 'demo', playerId: String(who.id) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_failed');
    expect(await balanceMinor(who)).toBe(10_000n);
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const malformed = '{"merchantCode":';
    const reply = await testApp.app.inject({
      method: 'POST',
      url: '/vendor/v1/seamless/balance',
      payload: malformed,
      headers: signedHeaders('BGS', secret, malformed),
    });
    expect(reply.statusCode).toBe(400);
    const huge = JSON.stringify({ merchantCode: 'demo', padding: 'x'.repeat(20_000) });
    const tooLarge = await testApp.app.inject({
      method: 'POST',
      url: '/vendor/v1/seamless/balance',
      payload: huge,
      headers: signedHeaders('BGS', secret, huge),
    });
    expect(tooLarge.statusCode).toBe(413);
  });

  it('knows only players of the named merchant, and no trial players', async () => {
    const db = testApp.database.db;
    const other = await buildMerchant(db);
    const stranger = await buildMember(db, { merchantId: other.id });
    const trial = await buildMember(db, { type: 4 });
    for (const id of [stranger.id, trial.id, 999_999]) {
      const reply = await call('balance', { merchantCode: 'demo', playerId: String(id), currency: 'THB' });
      expect(reply.statusCode).toBe(404);
      expect(reply.json().code).toBe('unknown_player');
    }
    const noMerchant = await call('balance', { merchantCode: 'nobody', playerId: '1', currency: 'THB' });
    expect(noMerchant.json().code).toBe('unknown_merchant');
  });
});

describe('seamless wallet: money', () => {
  it('debits a bet and credits a win in one round, answering the balance after each', async () => {
    const who = await player(10_000n);
    const first = await bet(who, '20.00', { roundId: 'round-a', transactionId: 'a-bet-1' });
    expect(first.json()).toMatchObject({
      success: true,
      value: { balance: '80.00', transactionId: 'a-bet-1' },
    });
    await bet(who, '5.50', { roundId: 'round-a', transactionId: 'a-bet-2' });
    const won = await win(who, '40.25', { roundId: 'round-a', transactionId: 'a-win-1', roundClosed: true });
    expect(won.json().value.balance).toBe('114.75');
    const round = await testApp.database.db
      .selectFrom('game_rounds')
      .select(['bet_minor', 'win_minor', 'bet_count', 'status'])
      .where('round_id', '=', 'round-a')
      .where('member_id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(round).toEqual({ bet_minor: 2_550n, win_minor: 4_025n, bet_count: 2, status: 'closed' });
    await assertBooksBalance();
  });

  it('answers a duplicate transactionId with the stored answer and refuses it with other content', async () => {
    const who = await player(10_000n);
    const first = await bet(who, '10.00', { transactionId: 'dup-1', roundId: 'dup-round' });
    await bet(who, '1.00');
    const again = await bet(who, '10.00', { transactionId: 'dup-1', roundId: 'dup-round' });
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual({ ...first.json().value, replayed: true });
    expect(await balanceMinor(who)).toBe(8_900n);
    const conflict = await bet(who, '11.00', { transactionId: 'dup-1', roundId: 'dup-round' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('idempotency_conflict');
    expect(await balanceMinor(who)).toBe(8_900n);
  });

  it('refuses a bet beyond the balance with the current balance and moves nothing', async () => {
    const who = await player(1_000n);
    const reply = await bet(who, '10.01');
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'insufficient_funds', value: { balance: '10.00' } });
    expect(await balanceMinor(who)).toBe(1_000n);
  });

  it('refunds a rolled-back bet once; a rollback of an unknown bet refuses that bet when it arrives', async () => {
    const who = await player(5_000n);
    await bet(who, '10.00', { transactionId: 'rb-known' });
    const refunded = await rollback(who, 'rb-known', '10.00');
    expect(refunded.json().value.balance).toBe('50.00');
    const replay = await rollback(who, 'rb-known', '10.00');
    expect(replay.json().value).toMatchObject({ balance: '50.00', replayed: true });
    const second = await rollback(who, 'rb-known', '10.00', 'another-rollback-id');
    expect(second.json().code).toBe('already_rolled_back');
    const mismatch = await bet(who, '3.00', { transactionId: 'rb-amount' });
    expect(mismatch.statusCode).toBe(200);
    expect((await rollback(who, 'rb-amount', '4.00')).json().code).toBe('amount_mismatch');

    const tombstone = await rollback(who, 'rb-late', '7.00');
    expect(tombstone.statusCode).toBe(200);
    expect(tombstone.json().value.balance).toBe('47.00');
    const late = await bet(who, '7.00', { transactionId: 'rb-late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('bet_rolled_back');
    expect(await balanceMinor(who)).toBe(4_700n);
    await assertBooksBalance();
  });

  it('accepts wins and rollbacks after the game session expired, but no new bets', async () => {
    const db = testApp.database.db;
    const who = await player(5_000n);
    await bet(who, '10.00', { transactionId: 'exp-bet', roundId: 'exp-round' });
    await db
      .updateTable('game_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const refused = await bet(who, '1.00', { roundId: 'exp-round' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('session_expired');
    const won = await win(who, '25.00', { roundId: 'exp-round' });
    expect(won.json().value.balance).toBe('65.00');
    const refunded = await rollback(who, 'exp-bet', '10.00');
    expect(refunded.json().value.balance).toBe('75.00');
    const other = { ...who, sessionToken: 'not-a-session-token-at-all' };
    expect((await bet(other, '1.00')).json().code).toBe('session_expired');
  });

  it('never overdraws under concurrent bets from one player', async () => {
    const who = await player(1_000n);
    const replies = await Promise.all(Array.from({ length: 25 }, () => bet(who, '1.00')));
    const accepted = replies.filter((reply) => reply.statusCode === 200).length;
    const refused = replies.filter((reply) => reply.json().code === 'insufficient_funds').length;
    expect(accepted).toBe(10);
    expect(refused).toBe(15);
    expect(await balanceMinor(who)).toBe(0n);
    await assertBooksBalance();
  });
});

describe('seamless wallet: writes per call', () => {
  it("keeps a round's bets and win heap-only updates (no index names a column they change)", async () => {
    const db = testApp.database.db;
    const { rows: indexes } = await sql<{ definition: string }>`
      select pg_get_indexdef(indexrelid) as definition from pg_index
      where indrelid = 'game_rounds'::regclass`.execute(db);
    expect(indexes.length).toBeGreaterThan(0);
    for (const { definition } of indexes) {
      expect(definition).not.toMatch(/bet_minor|win_minor|refund_minor|bet_count|status|updated_at/);
    }
    const { rows } = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where oid = 'game_rounds'::regclass`.execute(db);
    expect(rows[0]?.options).toContain('fillfactor=85');
  });

  it('writes no index on the surrogate ids nothing reads by (rounds and records are read by vendor keys)', async () => {
    const { rows } = await sql<{ definition: string }>`
      select pg_get_indexdef(indexrelid) as definition from pg_index
      where indrelid in ('game_rounds'::regclass, 'seamless_transactions'::regclass)`.execute(
      testApp.database.db,
    );
    expect(rows.map((row) => row.definition).filter((definition) => /\(id\)/.test(definition))).toEqual([]);
    expect(rows.map((row) => row.definition).join('\n')).toMatch(
      /UNIQUE INDEX seamless_transactions_vendor_tx/,
    );
  });
});
