import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { apiClient } from '../../test/api-client';
import { encryptFor } from '../../test/encrypt';
import { buildMember } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { playerAccount, systemAccount, transfer } from './ledger.service';

let testApp: TestApp;
let key: PublicKey;
const call = apiClient(() => testApp.app);

beforeAll(async () => {
  testApp = await buildTestApp();
  key = (await call('GET', '/wps/system/publicKey')).body.value;
});
afterAll(async () => testApp.close());

async function loggedIn(): Promise<{ memberId: number; token: string }> {
  const member = await buildMember(testApp.database.db);
  const login = await call('POST', '/wps/session/login', {
    body: encryptFor(key, { type: 'username', username: member.username, password: member.password }),
  });
  return { memberId: member.id, token: login.body.value.token as string };
}

describe('wallet balances', () => {
  it('read zero before any money moved, then the ledger balances in the currency', async () => {
    const { memberId, token } = await loggedIn();
    expect((await call('GET', '/wps/v2/wallets/balance', { token })).body.value).toEqual({
      balance: '0.00',
      currencyCode: 'THB',
      currencySymbol: '฿',
    });

    const merchantId = testApp.app.deps.merchants.resolveNow('localhost', undefined)!.id;
    const main = playerAccount(merchantId, 'THB', memberId);
    await transfer(testApp.database.db, {
      debit: systemAccount(merchantId, 'THB', 'deposit_clearing', memberId),
      credit: main,
      amountMinor: 123_456n,
      kind: 'deposit',
      idempotencyKey: `test-deposit-${memberId}`,
    });
    await transfer(testApp.database.db, {
      debit: main,
      credit: playerAccount(merchantId, 'THB', memberId, 'SIM'),
      amountMinor: 20_000n,
      kind: 'transfer_out',
      idempotencyKey: `test-transfer-${memberId}`,
    });

    expect((await call('GET', '/wps/v2/wallets/balance', { token })).body.value.balance).toBe('1034.56');
    expect((await call('GET', '/wps/member/info', { token })).body.value.balance).toBe('1034.56');
    expect((await call('GET', '/wps/member/info/funds/consolidated', { token })).body.value).toEqual({
      currencyCode: 'THB',
      main: '1034.56',
      vendors: [{ vendorCode: 'SIM', balance: '200.00' }],
      total: '1234.56',
    });
  });

  it('needs a session', async () => {
    expect((await call('GET', '/wps/v2/wallets/balance')).status).toBe(401);
  });
});

describe('merchantWallet', () => {
  it("answers the merchant's currency and its transfer-mode game wallets, without a session", async () => {
    await testApp.database.db
      .insertInto('vendors')
      .values({
        code: 'TWALLET',
        name: 'Transfer Wallet Co',
        wallet_mode: 'transfer',
        secret: 's'.repeat(40),
      })
      .execute();
    const reply = await call('GET', '/wps/v2/wallets/merchant');
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({ currencyCode: 'THB', currencySymbol: '฿', decimals: 2 });
    const wallets = reply.body.value.wallets as { vendorCode: string; name: string }[];
    expect(wallets).toContainEqual({ vendorCode: 'TWALLET', name: 'Transfer Wallet Co' });
    expect(wallets.map((wallet) => wallet.vendorCode)).not.toContain('BGS');
  });
});
