import type { Kysely } from 'kysely';
import type { DB } from './schema';
import { createOperator } from '../modules/operators';

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
