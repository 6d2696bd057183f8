import type { Kysely } from 'kysely';
import type { DB } from './schema';
import { createOperator } from '../modules/operators';
import { seedDeposit } from '../modules/payments';

/** The demo operator printed by `npm start` (docs/payments.md, CLI). */
export const demoOperator = { username: 'admin', password: 'Admin1234', role: 'owner' } as const;

/**
 * Payment demo data for a merchant: the operator and two deposit channels (a manual bank transfer and the
 * test gateway), each 100.00 to 50,000.00. Idempotent (unique names), so every start may run it.
 */
export async function seedDemoPayments(db: Kysely<DB>, merchantId: number): Promise<void> {
  const exists = await db
    .selectFrom('operators')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', demoOperator.username)
    .executeTakeFirst();
  if (!exists) await createOperator(db, { merchantId, ...demoOperator });
  await db
    .insertInto('payment_channels')
    .values([
      {
        merchant_id: merchantId,
        type: 'manual_bank',
        name: 'Bank transfer',
        min_amount_minor: 10_000n,
        max_amount_minor: 5_000_000n,
        sort: 0,
        bank_name: 'Kasikorn Bank',
        account_number: '1234567890',
        account_holder: 'Demo Portal Co., Ltd.',
        gateway_code: null,
      },
      {
        merchant_id: merchantId,
        type: 'gateway',
        name: 'Online payment (test gateway)',
        min_amount_minor: 10_000n,
        max_amount_minor: 5_000_000n,
        sort: 1,
        bank_name: null,
        account_number: null,
        account_holder: null,
        gateway_code: 'test-gateway',
      },
    ])
    .onConflict((conflict) => conflict.constraint('payment_channels_name').doNothing())
    .execute();
}

/** The demo logins' starting money (README: bet on /lottery as player1 right away), in minor units. */
export const demoStartingMoney = [
  { username: 'player1', amountMinor: 1_000_000n },
  { username: 'agent1', amountMinor: 1_000_000n },
] as const;

/**
 * Gives player1 and agent1 their starting money through a real deposit on the merchant's bank-transfer
 * channel, approved through the ledger (deposit clearing to the main wallet) under the key
 * `demo-seed:<username>`: exactly once however often the seed runs. Runs after the accounts exist.
 */
export async function seedDemoMoney(db: Kysely<DB>, merchantCode: string): Promise<number> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'currency_code'])
    .where('code', '=', merchantCode)
    .executeTakeFirst();
  if (!merchant) return 0;
  const channel = await db
    .selectFrom('payment_channels')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('type', '=', 'manual_bank')
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst();
  if (!channel) return 0;
  let credited = 0;
  for (const { username, amountMinor } of demoStartingMoney) {
    const member = await db
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchant.id)
      .where('username_key', '=', username)
      .executeTakeFirst();
    if (!member) continue;
    const now = await seedDeposit(db, {
      merchantId: merchant.id,
      currency: merchant.currency_code,
      memberId: member.id,
      channelId: channel.id,
      amountMinor,
      key: `demo-seed:${username}`,
      reference: 'Demo starting money (demo seed)',
    });
    if (now) credited += 1;
  }
  return credited;
}
