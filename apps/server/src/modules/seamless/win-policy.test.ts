import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test/api-client';
import { buildMember } from '../../test/factories';
import { assertLedgerBalances } from '../../test/payments-kit';
import { buildTestApp, type TestApp } from '../../test/test-app';
import * as ledgerRepo from '../wallet/ledger.repo';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { SeamlessBatcher } from './seamless-batcher';
import { apply, openGameSession } from './seamless.service';
import { signedHeaders } from './signature';
import { testOperatorToken } from '../../test/operator-login';

/**
 * The seamless win policy (decision 0024): what a leaked vendor secret could send - wins for rounds that
 * never had a bet, or wins far beyond the round's stake - is refused (stored, so a retry gets the same
 * answer) or paid with an alert, per merchant and vendor.
 */
let testApp: TestApp;
let merchantId: number;
let admin: string;
const secrets = new Map<string, string>();
const call = apiClient(() => testApp.app);
/** A seamless vendor the demo merchant has no merchant_vendors row for: it gets the defaults. */
const bareVendor = 'NOROW';

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  await db
    .insertInto('vendors')
    .values({ code: bareVendor, name: 'No row', wallet_mode: 'seamless', secret: 'n'.repeat(40) })
    .execute();
  for (const row of await db.selectFrom('vendors').select(['code', 'secret']).execute()) {
    secrets.set(row.code, row.secret);
  }
  merchantId = (
    await db.selectFrom('merchants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  admin = await testOperatorToken(testApp);
});
afterAll(async () => testApp.close());

interface Player {
  id: number;
  sessionToken: string;
}

async function player(vendorCode = 'BGS', fundsMinor = 10_000n): Promise<Player> {
  const db = testApp.database.db;
  const { id } = await buildMember(db);
  await transfer(db, {
    debit: systemAccount(merchantId, 'THB', 'deposit_clearing', id),
    credit: playerAccount(merchantId, 'THB', id),
    amountMinor: fundsMinor,
    kind: 'deposit',
    idempotencyKey: `fund-${id}`,
  });
  return { id, sessionToken: await openGameSession(db, { merchantId, memberId: id, vendorCode }) };
}

async function send(vendorCode: string, path: string, body: object) {
  const payload = JSON.stringify(body);
  const reply = await testApp.app.inject({
    method: 'POST',
    url: `/vendor/v1/seamless/${path}`,
    payload,
    headers: signedHeaders(vendorCode, secrets.get(vendorCode)!, payload),
  });
  return { status: reply.statusCode, body: reply.json() };
}

const common = (who: Player) => ({
  merchantCode: 'demo',
  playerId: String(who.id),
  currency: 'THB',
  gameCode: 'slot-1',
});
const bet = (who: Player, roundId: string, amount: string, transactionId = `${roundId}-bet`) =>
  send('BGS', 'bet', { ...common(who), sessionToken: who.sessionToken, amount, transactionId, roundId });
const win = (who: Player, roundId: string, amount: string, transactionId: string, vendor = 'BGS') =>
  send(vendor, 'win', { ...common(who), amount, transactionId, roundId });

async function balanceMinor(who: Player): Promise<bigint> {
  const db = testApp.database.db;
  return ledgerRepo.selectBalance(
    db,
    await ledgerRepo.ensureAccount(db, playerAccount(merchantId, 'THB', who.id)),
  );
}

async function setPolicy(vendorCode: string, body: object) {
  return call('PUT', `/ops/games/vendors/${vendorCode}`, { token: admin, body });
}

function alertsOf(kind: string) {
  return testApp.database.db
    .selectFrom('security_alerts')
    .select(['subject', 'detail'])
    .where('kind', '=', kind)
    .execute();
}

function assertBooksBalance(): Promise<void> {
  return assertLedgerBalances(testApp.database.db);
}

describe('seamless wins for a round without a bet', () => {
  it('refuses them by default (a leaked secret cannot mint money), and a retry gets the same answer', async () => {
    const who = await player();
    const minted = await win(who, 'mint-round', '5000.00', 'mint-1');
    expect(minted).toMatchObject({ status: 409, body: { success: false, code: 'round_has_no_bet' } });
    expect(await balanceMinor(who)).toBe(10_000n);
    const stored = await testApp.database.db
      .selectFrom('seamless_transactions')
      .select(['outcome', 'refusal', 'ledger_transfer_id'])
      .where('vendor_tx_id', '=', 'mint-1')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ outcome: 'refused', refusal: 'round_has_no_bet', ledger_transfer_id: null });
    const [alert] = await alertsOf('seamless_orphan_win_refused');
    expect(alert).toMatchObject({
      subject: 'vendor:BGS',
      detail: { vendorCode: 'BGS', roundId: 'mint-round', amount: '5000.00', transactionId: 'mint-1' },
    });

    // Exactly once: the retry answers the stored refusal, even after a bet has opened the round since.
    expect((await bet(who, 'mint-round', '1.00')).status).toBe(200);
    const retry = await win(who, 'mint-round', '5000.00', 'mint-1');
    expect(retry).toMatchObject({ status: 409, body: { code: 'round_has_no_bet' } });
    const changed = await win(who, 'mint-round', '5.00', 'mint-1');
    expect(changed.body.code).toBe('idempotency_conflict');
    expect(await balanceMinor(who)).toBe(9_900n);
    await assertBooksBalance();
  });

  it('treats a round whose every bet was rolled back as a round without a bet; rollbacks still refund', async () => {
    const who = await player();
    expect((await bet(who, 'rb-round', '10.00', 'rb-bet')).status).toBe(200);
    const refund = await send('BGS', 'rollback', {
      ...common(who),
      amount: '10.00',
      transactionId: 'rb-rollback',
      betTransactionId: 'rb-bet',
      roundId: 'rb-round',
    });
    expect(refund.body.value.balance).toBe('100.00');
    expect((await win(who, 'rb-round', '10.00', 'rb-win')).body.code).toBe('round_has_no_bet');
    expect(await balanceMinor(who)).toBe(10_000n);
  });

  it('refuses them for a vendor the merchant has set nothing for', async () => {
    const who = await player(bareVendor);
    const reply = await win(who, 'bare-round', '1.00', 'bare-1', bareVendor);
    expect(reply.body.code).toBe('round_has_no_bet');
  });

  it('pays them with an alert when the merchant set the vendor to alert', async () => {
    const set = await setPolicy('BGS', { orphanWinPolicy: 'alert' });
    expect(set.body.value).toMatchObject({
      vassalage: 'BGS',
      enabled: true,
      orphanWinPolicy: 'alert',
      maxWinMultiplier: 10_000,
    });
    const who = await player();
    const prize = await win(who, 'tournament-7', '25.00', 'prize-1');
    expect(prize).toMatchObject({ status: 200, body: { value: { balance: '125.00' } } });
    const [alert] = await alertsOf('seamless_orphan_win');
    expect(alert).toMatchObject({
      subject: 'vendor:BGS',
      detail: { outcome: 'orphan_win_accepted', roundId: 'tournament-7', amount: '25.00' },
    });
    const replay = await win(who, 'tournament-7', '25.00', 'prize-1');
    expect(replay.body.value).toMatchObject({ balance: '125.00', replayed: true });
    expect(await balanceMinor(who)).toBe(12_500n);
    await setPolicy('BGS', { orphanWinPolicy: 'refuse' });
    expect((await win(who, 'tournament-8', '25.00', 'prize-2')).body.code).toBe('round_has_no_bet');
    await assertBooksBalance();
  });

  it('logs every alerted win through the logger it is given, with vendor, round and amount', async () => {
    const lines: string[] = [];
    const logger = Fastify({
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString());
            done();
          },
        }),
      },
    });
    const merchant = (await testApp.app.deps.merchants.findByCode('demo'))!;
    const who = await player();
    const request = { ...common(who), amount: '3.00', transactionId: 'logged-1', roundId: 'logged-round' };
    await expect(
      apply(new SeamlessBatcher(testApp.database.db), merchant, 'BGS', 'win', request, logger.log),
    ).rejects.toMatchObject({ code: 'round_has_no_bet' });
    const logged = lines.map((line) => JSON.parse(line) as { level: number; seamlessWin?: object });
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        seamlessWin: expect.objectContaining({
          outcome: 'round_has_no_bet',
          vendorCode: 'BGS',
          roundId: 'logged-round',
          amount: '3.00',
        }) as object,
      }),
    );
    await logger.close();
  });
});

describe("the cap on a round's wins", () => {
  it('refuses a win that would take the round over the cap, moving nothing; a retry answers the same', async () => {
    expect((await setPolicy('BGS', { maxWinMultiplier: 100 })).body.value.maxWinMultiplier).toBe(100);
    const who = await player();
    await bet(who, 'cap-round', '1.00');
    expect((await win(who, 'cap-round', '60.00', 'cap-win-1')).status).toBe(200);
    const over = await win(who, 'cap-round', '40.01', 'cap-win-2');
    expect(over).toMatchObject({ status: 409, body: { code: 'win_limit_exceeded' } });
    expect(await balanceMinor(who)).toBe(10_000n - 100n + 6_000n);
    const round = await testApp.database.db
      .selectFrom('game_rounds')
      .select(['bet_minor', 'win_minor'])
      .where('round_id', '=', 'cap-round')
      .executeTakeFirstOrThrow();
    expect(round).toEqual({ bet_minor: 100n, win_minor: 6_000n });
    expect((await win(who, 'cap-round', '40.01', 'cap-win-2')).body.code).toBe('win_limit_exceeded');
    expect((await alertsOf('seamless_win_limit_exceeded'))[0]).toMatchObject({
      detail: { roundId: 'cap-round', amount: '40.01' },
    });
    // Exactly 100 times the stake is within the cap.
    expect((await win(who, 'cap-round', '40.00', 'cap-win-3')).status).toBe(200);
    await assertBooksBalance();
  });

  it('defaults to 10,000 times the stake, and null lifts the cap', async () => {
    await setPolicy('BGS', { maxWinMultiplier: 10_000 });
    const who = await player();
    await bet(who, 'jackpot-round', '0.01');
    expect((await win(who, 'jackpot-round', '100.01', 'jackpot-1')).body.code).toBe('win_limit_exceeded');
    expect((await win(who, 'jackpot-round', '100.00', 'jackpot-2')).status).toBe(200);
    expect((await setPolicy('BGS', { maxWinMultiplier: null })).body.value.maxWinMultiplier).toBeNull();
    expect((await win(who, 'jackpot-round', '5000.00', 'jackpot-3')).status).toBe(200);
    await setPolicy('BGS', { maxWinMultiplier: 10_000 });
    await assertBooksBalance();
  });
});

describe('the operator call that sets the policy', () => {
  it('validates, is for admins only, and does not switch on a vendor the merchant has not', async () => {
    expect((await setPolicy('BGS', { maxWinMultiplier: 0 })).status).toBe(400);
    expect((await setPolicy('BGS', { maxWinMultiplier: 1.5 })).status).toBe(400);
    expect((await setPolicy('BGS', { orphanWinPolicy: 'pay' })).status).toBe(400);
    const member = await call('PUT', '/ops/games/vendors/BGS', { body: { orphanWinPolicy: 'alert' } });
    expect(member.status).toBe(401);
    const bare = await setPolicy(bareVendor, { orphanWinPolicy: 'alert' });
    expect(bare.body.value).toMatchObject({
      vassalage: bareVendor,
      enabled: false,
      orphanWinPolicy: 'alert',
    });
    const who = await player(bareVendor);
    expect((await win(who, 'bare-prize', '1.00', 'bare-prize-1', bareVendor)).status).toBe(200);
  });
});
