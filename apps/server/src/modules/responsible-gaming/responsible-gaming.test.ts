import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rgLimitsJob } from '../../jobs/rg-limits.job';
import { ManualClock } from '../../jobs/clock';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../../test/encrypt';
import { buildMember, buildMerchant } from '../../test/factories';
import { assertLedgerBalances, requestId } from '../../test/payments-kit';
import { apiClient } from '../../test/api-client';
import { testOperatorToken } from '../../test/operator-login';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { openGameSession } from '../seamless/seamless.service';
import { signedHeaders } from '../seamless/signature';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';

/**
 * Responsible gaming at the points where money moves (issue 17): the seamless wallet and the in-house game
 * refuse a blocked player's bets inside a game session opened before, while a win of an earlier round is
 * paid; limit increases wait for their cooling-off on a clock the test drives; parallel deposits past the
 * 24-hour limit; a break shared across merchants refuses logins everywhere.
 */
let testApp: TestApp;
let merchantId: number;
let secret: string;
let publicKey: PublicKey;
let manualChannelId: number;
const clock = new ManualClock(Date.now());
const call = apiClient(() => testApp.app);
let sequence = 0;

beforeAll(async () => {
  testApp = await buildTestApp({ TEST_GATEWAY_ENABLED: 'true' });
  testApp.app.deps.clock = clock;
  const db = testApp.database.db;
  merchantId = (await testApp.app.deps.merchants.resolve('localhost', undefined))!.id;
  secret = (
    await db.selectFrom('vendors').select('secret').where('code', '=', 'BGS').executeTakeFirstOrThrow()
  ).secret;
  publicKey = (await call('GET', '/wps/system/publicKey')).body.value as PublicKey;
});
afterAll(async () => {
  await assertLedgerBalances(testApp.database.db);
  await testApp?.close();
});

async function login(username: string, password: string, host = 'localhost') {
  return call('POST', '/wps/session/login', {
    headers: { host },
    body: encryptFor(publicKey, { type: 'username', username, password, side: 'member' }),
  });
}

/** A funded member of the demo merchant, logged in, with a live BGS game session. */
async function player(fundsMinor = 100_000n, overrides: Parameters<typeof buildMember>[1] = {}) {
  const db = testApp.database.db;
  const member = await buildMember(db, overrides);
  if (fundsMinor > 0n)
    await transfer(db, {
      debit: systemAccount(merchantId, 'THB', 'deposit_clearing', member.id),
      credit: playerAccount(merchantId, 'THB', member.id),
      amountMinor: fundsMinor,
      kind: 'deposit',
      idempotencyKey: `rg-fund:${member.id}`,
    });
  const token = (await login(member.username, member.password)).body.value.token as string;
  const gameToken = await openGameSession(db, { merchantId, memberId: member.id, vendorCode: 'BGS' });
  return { ...member, token, gameToken };
}

function seamless(
  kind: 'bet' | 'win',
  who: { id: number; gameToken: string },
  amount: string,
  roundId: string,
) {
  sequence += 1;
  const payload = JSON.stringify({
    merchantCode: 'demo',
    playerId: String(who.id),
    ...(kind === 'bet' ? { sessionToken: who.gameToken } : {}),
    currency: 'THB',
    amount,
    transactionId: `rg-${kind}-${sequence}`,
    roundId,
    gameCode: 'slot-1',
  });
  return testApp.app.inject({
    method: 'POST',
    url: `/vendor/v1/seamless/${kind}`,
    payload,
    headers: signedHeaders('BGS', secret, payload),
  });
}

async function balance(memberId: number): Promise<bigint> {
  const row = await testApp.database.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('kind', '=', 'player_main')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

async function deposit(token: string, amount: string) {
  if (!manualChannelId) {
    const channels = (await call('GET', '/wps/payments/channels', { token })).body.value;
    manualChannelId = channels.find((channel: { type: string }) => channel.type === 'manual_bank').id;
  }
  return call('POST', '/wps/payments/deposits', {
    token,
    body: { channelId: manualChannelId, amount, reference: 'KB-1', clientRequestId: requestId() },
  });
}

describe('self-exclusion at wager time', () => {
  it("refuses a bet of the open game session and of the in-house game, and still pays an earlier round's win", async () => {
    const who = await player();
    expect((await seamless('bet', who, '10.00', 'rg-round-a')).statusCode).toBe(200);
    const spin = await call('POST', '/wps/inhouse/slot/spin', {
      token: who.gameToken,
      body: { requestId: requestId(), bet: '1.00' },
    });
    expect(spin.body.success).toBe(true);

    const block = await call('POST', '/wps/rg/block', {
      token: who.token,
      body: { kind: 'self_exclusion', duration: '6m' },
    });
    expect(block.body.value).toMatchObject({ kind: 'self_exclusion', allMerchants: false });
    // Every session ended at once.
    expect((await call('GET', '/wps/rg/overview', { token: who.token })).status).toBe(401);

    const before = await balance(who.id);
    const refused = await seamless('bet', who, '5.00', 'rg-round-b');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'rg_blocked']);
    const inhouse = await call('POST', '/wps/inhouse/slot/spin', {
      token: who.gameToken,
      body: { requestId: requestId(), bet: '1.00' },
    });
    expect(inhouse.body.code).toBe('rg_blocked');
    expect(await balance(who.id)).toBe(before);

    const win = await seamless('win', who, '25.00', 'rg-round-a');
    expect(win.statusCode).toBe(200);
    expect(await balance(who.id)).toBe(before + 2_500n);

    const again = await login(who.username, who.password);
    expect(again.body.code).toBe('rg_self_excluded');
    expect(again.body.value.endsAt).toBe(block.body.value.endsAt);
  });

  it('refuses a bet past the loss limit and counts wins back', async () => {
    const who = await player();
    const set = await call('PUT', '/wps/rg/limits', {
      token: who.token,
      body: { kind: 'loss', period: 'day', amount: '50.00' },
    });
    expect(set.body.value.limits).toEqual([
      expect.objectContaining({ kind: 'loss', period: 'day', amount: '50.00', used: '0.00' }),
    ]);
    expect((await seamless('bet', who, '30.00', 'rg-loss-1')).statusCode).toBe(200);
    const refused = await seamless('bet', who, '30.00', 'rg-loss-2');
    expect(refused.json().code).toBe('rg_limit_reached');
    expect((await seamless('win', who, '20.00', 'rg-loss-1')).statusCode).toBe(200);
    expect((await seamless('bet', who, '30.00', 'rg-loss-3')).statusCode).toBe(200);
    const overview = await call('GET', '/wps/rg/overview', { token: who.token });
    expect(overview.body.value.limits[0].used).toBe('40.00');
  });
});

describe('the wager-time count', () => {
  it('counts only what the wallet applied: not a bet without funds, a replay once, not a refused win', async () => {
    const who = await player(100_000n);
    for (const kind of ['loss', 'wager'] as const) {
      await call('PUT', '/wps/rg/limits', {
        token: who.token,
        body: { kind, period: 'day', amount: '5000.00' },
      });
    }
    const used = async () =>
      Object.fromEntries(
        (
          (await call('GET', '/wps/rg/overview', { token: who.token })).body.value.limits as Array<{
            kind: string;
            used: string;
          }>
        ).map((limit) => [limit.kind, limit.used]),
      );

    const broke = await seamless('bet', who, '2000.00', 'rg-count-1');
    expect(broke.json().code).toBe('insufficient_funds');
    expect(await used()).toEqual({ loss: '0.00', wager: '0.00' });

    const payload = JSON.stringify({
      merchantCode: 'demo',
      playerId: String(who.id),
      sessionToken: who.gameToken,
      currency: 'THB',
      amount: '10.00',
      transactionId: `rg-count-replay-${who.id}`,
      roundId: 'rg-count-2',
      gameCode: 'slot-1',
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const reply = await testApp.app.inject({
        method: 'POST',
        url: '/vendor/v1/seamless/bet',
        payload,
        headers: signedHeaders('BGS', secret, payload),
      });
      expect(reply.statusCode).toBe(200);
    }
    expect(await used()).toEqual({ loss: '10.00', wager: '10.00' });

    // A win of a round that had no bet is refused by the merchant's policy: it counts nothing.
    expect((await seamless('win', who, '5.00', 'rg-count-none')).statusCode).not.toBe(200);
    expect(await used()).toEqual({ loss: '10.00', wager: '10.00' });
    expect((await seamless('win', who, '4.00', 'rg-count-2')).statusCode).toBe(200);
    expect(await used()).toEqual({ loss: '6.00', wager: '10.00' });
    expect(await balance(who.id)).toBe(100_000n - 1_000n + 400n);
  });

  it('takes a rolled-back stake off both windows, keeps the net result per login, on the wallet row', async () => {
    const who = await player(100_000n);
    await call('PUT', '/wps/rg/limits', {
      token: who.token,
      body: { kind: 'wager', period: 'week', amount: '5000.00' },
    });
    expect((await seamless('bet', who, '25.00', 'rg-rb-1')).statusCode).toBe(200);
    const betId = `rg-bet-${sequence}`;
    expect((await seamless('bet', who, '15.00', 'rg-rb-2')).statusCode).toBe(200);
    const payload = JSON.stringify({
      merchantCode: 'demo',
      playerId: String(who.id),
      currency: 'THB',
      amount: '25.00',
      transactionId: `rg-rollback-${who.id}`,
      betTransactionId: betId,
      roundId: 'rg-rb-1',
      gameCode: 'slot-1',
    });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const reply = await testApp.app.inject({
        method: 'POST',
        url: '/vendor/v1/seamless/rollback',
        payload,
        headers: signedHeaders('BGS', secret, payload),
      });
      expect(reply.statusCode).toBe(200);
    }
    const overview = await call('GET', '/wps/rg/overview', { token: who.token });
    expect(overview.body.value.limits[0]).toMatchObject({ kind: 'wager', period: 'week', used: '15.00' });
    // The windows are the main wallet's columns (migration 0039), written with its balance.
    const wallet = await testApp.database.db
      .selectFrom('ledger_accounts')
      .select(['balance_minor', 'rg_week_wagered_minor', 'rg_week_lost_minor', 'rg_session_net_minor'])
      .where('kind', '=', 'player_main')
      .where('member_id', '=', who.id)
      .executeTakeFirstOrThrow();
    expect(wallet).toEqual({
      balance_minor: 100_000n - 1_500n,
      rg_week_wagered_minor: 1_500n,
      rg_week_lost_minor: 1_500n,
      rg_session_net_minor: -1_500n,
    });
    expect((await call('GET', '/wps/rg/session', { token: who.token })).body.value.netResult).toBe('-15.00');
    // A new login starts the session's net result again; the windows go on.
    const again = (await login(who.username, who.password)).body.value.token as string;
    expect((await call('GET', '/wps/rg/session', { token: again })).body.value.netResult).toBe('0.00');
    expect((await call('GET', '/wps/rg/overview', { token: again })).body.value.limits[0].used).toBe('15.00');
  });
});

describe('limits and their cooling-off', () => {
  it('applies a decrease at once and an increase only after 24 hours on the test clock', async () => {
    const who = await player(0n);
    const first = await call('PUT', '/wps/rg/limits', {
      token: who.token,
      body: { kind: 'deposit', period: 'day', amount: '1000.00' },
    });
    expect(first.body.value.limits[0]).toMatchObject({ amount: '1000.00', effectiveAt: null });
    expect((await deposit(who.token, '800.00')).body.success).toBe(true);

    const raised = await call('PUT', '/wps/rg/limits', {
      token: who.token,
      body: { kind: 'deposit', period: 'day', amount: '2000.00' },
    });
    expect(raised.body.value.limits[0]).toMatchObject({
      amount: '1000.00',
      pendingAmount: '2000.00',
      effectiveAt: new Date(clock.now() + 86_400_000).toISOString(),
      used: '800.00',
    });
    const refused = await deposit(who.token, '800.00');
    expect([refused.status, refused.body.code]).toEqual([409, 'rg_deposit_limit']);
    expect(refused.body.value).toMatchObject({ period: 'day', remaining: '200.00' });
    // A refused deposit with a proof image stores no file.
    const put = vi.spyOn(testApp.app.deps.storage, 'put');
    const withProof = await call('POST', '/wps/payments/deposits', {
      token: who.token,
      body: {
        channelId: manualChannelId,
        amount: '800.00',
        reference: 'KB-2',
        clientRequestId: requestId(),
        proofImage: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]).toString('base64'),
      },
    });
    expect(withProof.body.code).toBe('rg_deposit_limit');
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();

    // 23 hours on: still waiting, the job applies nothing.
    await clock.advance(23 * 3_600_000);
    const job = rgLimitsJob(testApp.database.db);
    await job.run({ now: new Date(clock.now()), period: undefined, log: pino({ level: 'silent' }) });
    expect((await deposit(who.token, '800.00')).body.code).toBe('rg_deposit_limit');

    await clock.advance(3_600_000 + 1_000);
    await job.run({ now: new Date(clock.now()), period: undefined, log: pino({ level: 'silent' }) });
    expect((await deposit(who.token, '800.00')).body.success).toBe(true);
    const after = await call('GET', '/wps/rg/overview', { token: who.token });
    expect(after.body.value.limits[0]).toMatchObject({
      amount: '2000.00',
      pendingAmount: null,
      effectiveAt: null,
    });
    const events = await call('GET', '/wps/rg/events', { token: who.token });
    expect(events.body.value.items.map((event: { action: string }) => event.action)).toEqual([
      'limit_applied',
      'limit_pending',
      'limit_set',
    ]);
  });

  it('lets a pending increase be cancelled', async () => {
    const who = await player(0n);
    await call('PUT', '/wps/rg/session-limit', { token: who.token, body: { minutes: 60 } });
    const raised = await call('PUT', '/wps/rg/session-limit', { token: who.token, body: { minutes: null } });
    expect(raised.body.value.sessionLimit).toMatchObject({ minutes: 60, pendingRemoval: true });
    const cancelled = await call('POST', '/wps/rg/limits/cancel', {
      token: who.token,
      body: { kind: 'session' },
    });
    expect(cancelled.body.value.sessionLimit).toMatchObject({
      minutes: 60,
      pendingRemoval: false,
      effectiveAt: null,
    });
    const nothing = await call('POST', '/wps/rg/limits/cancel', {
      token: who.token,
      body: { kind: 'session' },
    });
    expect(nothing.body.code).toBe('rg_nothing_pending');
  });

  it('refuses bad input and changes nothing', async () => {
    const who = await player(0n);
    for (const body of [
      { kind: 'deposit', period: 'day', amount: '-5' },
      { kind: 'deposit', period: 'year', amount: '5' },
      { kind: 'bonus', period: 'day', amount: '5' },
      { kind: 'loss', period: 'day', amount: '1.001' },
    ]) {
      const reply = await call('PUT', '/wps/rg/limits', { token: who.token, body });
      expect(reply.body.code).toBe('validation_failed');
    }
    expect((await call('GET', '/wps/rg/overview', { token: who.token })).body.value.limits).toEqual([]);
  });
});

describe('the login before this one', () => {
  it('is none at the first login, then the previous login with its time, address and country', async () => {
    const who = await player(0n);
    const first = await call('GET', '/wps/rg/session', { token: who.token });
    expect(first.body.value.lastLogin).toBeNull();
    const again = (await login(who.username, who.password)).body.value.token as string;
    const second = await call('GET', '/wps/rg/session', { token: again });
    // The test's address (loopback) has no country in the GeoIP database.
    expect(second.body.value.lastLogin).toMatchObject({ ip: '127.0.0.1', country: null });
    expect(Date.parse(second.body.value.lastLogin.at)).toBeLessThanOrEqual(Date.now());
    const overview = await call('GET', '/wps/rg/overview', { token: again });
    expect(overview.body.value.lastLogin).toEqual(second.body.value.lastLogin);
  });
});

describe('deposit limits under concurrency', () => {
  it('refuses exactly one of two parallel deposits that together exceed the 24-hour limit', async () => {
    const who = await player(0n);
    await call('PUT', '/wps/rg/limits', {
      token: who.token,
      body: { kind: 'deposit', period: 'day', amount: '1000.00' },
    });
    const replies = await Promise.all([deposit(who.token, '600.00'), deposit(who.token, '600.00')]);
    expect(replies.map((reply) => reply.body.code ?? 'ok').sort()).toEqual(['ok', 'rg_deposit_limit']);
    const rows = await testApp.database.db
      .selectFrom('deposits')
      .select('amount_minor')
      .where('member_id', '=', who.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('a break shared across merchants', () => {
  it('refuses the login on every merchant of the person and ends their sessions there', async () => {
    const db = testApp.database.db;
    await call('PUT', '/ops/rg/settings', {}); // unauthenticated: refused, changes nothing
    await db
      .insertInto('rg_settings')
      .values({ merchant_id: merchantId, allow_permanent_exclusion: false, share_exclusions: true })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ share_exclusions: true }))
      .execute();
    const other = await buildMerchant(db, { domains: ['rg-other.example'] });
    const mobile = '+66812345678';
    const here = await player(0n, { mobile });
    const there = await buildMember(db, { merchantId: other.id, mobile, username: `there${process.pid}` });
    testApp.app.deps.merchants.invalidate();
    const thereLogin = await login(there.username, there.password, 'rg-other.example');
    expect(thereLogin.body).toMatchObject({ success: true });

    const block = await call('POST', '/wps/rg/block', {
      token: here.token,
      body: { kind: 'break', duration: '7d' },
    });
    expect(block.body.value).toMatchObject({ kind: 'break', allMerchants: true });

    const refusedHere = await login(here.username, here.password);
    expect([refusedHere.status, refusedHere.body.code]).toEqual([403, 'rg_on_break']);
    expect(refusedHere.body.value.endsAt).toBe(new Date(clock.now() + 7 * 86_400_000).toISOString());
    const refusedThere = await login(there.username, there.password, 'rg-other.example');
    expect(refusedThere.body.code).toBe('rg_on_break');
    const stale = await call('GET', '/wps/member/info', {
      token: thereLogin.body.value.token,
      headers: { host: 'rg-other.example' },
    });
    expect(stale.status).toBe(401);

    // Not reversible before its end; after it, the login works again.
    await clock.advance(7 * 86_400_000 + 1_000);
    expect((await login(here.username, here.password)).body.success).toBe(true);
  });
});

describe("the operators' view", () => {
  it("shows a player's limits and block read-only, and the owner's settings write is one audited unit", async () => {
    const db = testApp.database.db;
    const owner = await testOperatorToken(testApp);
    const who = await player(0n);
    await call('PUT', '/wps/rg/limits', {
      token: who.token,
      body: { kind: 'deposit', period: 'week', amount: '700.00' },
    });
    await call('POST', '/wps/rg/block', { token: who.token, body: { kind: 'break', duration: '24h' } });

    const view = await call('GET', `/ops/rg/player?username=${who.username}`, { token: owner });
    expect(view.body.value).toMatchObject({
      username: who.username,
      limits: [expect.objectContaining({ kind: 'deposit', period: 'week', amount: '700.00' })],
      block: { kind: 'break', endsAt: new Date(clock.now() + 86_400_000).toISOString() },
    });

    const before = (await call('GET', '/ops/rg/settings', { token: owner })).body.value;
    const set = await call('PUT', '/ops/rg/settings', {
      token: owner,
      body: { ...before, allowPermanentExclusion: !before.allowPermanentExclusion },
    });
    expect(set.body.value.allowPermanentExclusion).toBe(!before.allowPermanentExclusion);
    const audit = await db
      .selectFrom('audit_log')
      .select(['outcome', 'change_count'])
      .where('merchant_id', '=', merchantId)
      .where('action', '=', 'opsRgSettingsSet')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ outcome: 'ok', change_count: 1 });
    await call('PUT', '/ops/rg/settings', { token: owner, body: before });
  });
});

describe('date of birth at registration', () => {
  it('refuses a player under 18 when the merchant asks for the date of birth, and writes nothing', async () => {
    const db = testApp.database.db;
    await db
      .updateTable('register_settings')
      .set({ shown: true, required: true })
      .where('merchant_id', '=', merchantId)
      .where('field', 'in', ['birthday'])
      .execute();
    await db
      .updateTable('register_settings')
      .set({ shown: false, required: false })
      .where('merchant_id', '=', merchantId)
      .where('field', '=', 'captcha')
      .execute();
    testApp.app.deps.merchants.invalidate();
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const register = (username: string, birthday: string | undefined) =>
      call('PUT', '/wps/member/register', {
        body: encryptFor(publicKey, {
          username,
          password: 'Passw0rd',
          confirmPassword: 'Passw0rd',
          termsAccepted: true,
          ...(birthday ? { birthday } : {}),
        }),
      });
    const young = await register(`young${process.pid}`, seventeen);
    expect(young.body.code).toBe('validation_failed');
    expect(young.body.value.fields).toContainEqual(
      expect.objectContaining({ field: 'birthday', code: 'under_age' }),
    );
    expect((await register(`nobirth${process.pid}`, undefined)).body.value.fields).toContainEqual(
      expect.objectContaining({ field: 'birthday', code: 'empty' }),
    );
    const rows = await db
      .selectFrom('members')
      .select('id')
      .where('username', 'like', `young${process.pid}`)
      .execute();
    expect(rows).toEqual([]);
    const adult = await register(`adult${process.pid}`, '1990-05-17');
    expect(adult.body.success).toBe(true);
  });
});
