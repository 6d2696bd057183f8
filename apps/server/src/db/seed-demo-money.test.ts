import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { startPaymentsKit, type PaymentsKit } from '../test/payments-kit';
import { encryptFor } from '../test/encrypt';
import { demoMerchantCode, seedDemoMoney } from './seed-demo';

let kit: PaymentsKit;
beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => kit.close());

async function login(username: string, password: string, side: 'member' | 'agent') {
  const key = (await kit.call('GET', '/wps/system/publicKey')).body.value as PublicKey;
  const answer = await kit.call('POST', '/wps/session/login', {
    body: encryptFor(key, { type: 'username', username, password, side }),
  });
  return answer.body.value.token as string;
}

describe('demo starting money', () => {
  it('deposits 10,000.00 to player1 and agent1 through the ledger once, however often the seed runs', async () => {
    const db = kit.testApp.database.db;
    const runs = await Promise.all([
      seedDemoMoney(db, demoMerchantCode),
      seedDemoMoney(db, demoMerchantCode),
    ]);
    expect(runs.reduce((sum, credited) => sum + credited, 0)).toBe(2);
    expect(await seedDemoMoney(db, demoMerchantCode)).toBe(0);

    for (const [username, password, side] of [
      ['player1', 'Demo1234', 'member'],
      ['agent1', 'Agent1234', 'agent'],
    ] as const) {
      const token = await login(username, password, side);
      const balance = await kit.call('GET', '/wps/v2/wallets/balance', { token });
      expect(JSON.stringify(balance.body.value), username).toContain('10000');
      // The player's record: one approved deposit naming the seed.
      const deposits = (await kit.call('GET', '/wps/payments/deposits?page=1&pageSize=10', { token })).body
        .value;
      expect(deposits.total, username).toBe(1);
      expect(deposits.items[0]).toMatchObject({ status: 'approved', amount: '10000.00' });
    }
    const transfers = await db
      .selectFrom('ledger_transfers')
      .select(['idempotency_key', 'amount_minor', 'kind'])
      .where('idempotency_key', 'like', 'demo-seed:%')
      .orderBy('idempotency_key')
      .execute();
    expect(transfers).toEqual([
      { idempotency_key: 'demo-seed:agent1', amount_minor: 1_000_000n, kind: 'deposit' },
      { idempotency_key: 'demo-seed:player1', amount_minor: 1_000_000n, kind: 'deposit' },
    ]);
  });
});
