import type { Insertable, Kysely, Updateable } from 'kysely';
import type { DB, PaymentChannelsTable } from '../../db/schema';

/** SQL of the console's deposit channels: every channel of the merchant, disabled ones included. */

const columns = [
  'id',
  'type',
  'name',
  'min_amount_minor',
  'max_amount_minor',
  'enabled',
  'sort',
  'bank_name',
  'account_number',
  'account_holder',
  'gateway_code',
] as const;

export function selectChannels(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('payment_channels')
    .select(columns)
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export type OpsChannelRow = Awaited<ReturnType<typeof selectChannels>>[number];

export function selectChannel(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom('payment_channels')
    .select(columns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether another channel of the merchant has this name (names are unique per merchant). */
export async function nameTaken(db: Kysely<DB>, merchantId: number, name: string, exceptId: number | null) {
  let query = db
    .selectFrom('payment_channels')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Adds a channel after the merchant's last one. */
export async function insertChannel(
  db: Kysely<DB>,
  values: Omit<Insertable<PaymentChannelsTable>, 'sort'>,
): Promise<number> {
  const last = await db
    .selectFrom('payment_channels')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('merchant_id', '=', values.merchant_id)
    .executeTakeFirst();
  const row = await db
    .insertInto('payment_channels')
    .values({ ...values, sort: (last?.sort ?? 0) + 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChannel(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  values: Updateable<PaymentChannelsTable>,
): Promise<void> {
  await db
    .updateTable('payment_channels')
    .set(values)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .execute();
}

/** Numbers the channels 10, 20, ... in the given order. */
export async function updateOrder(db: Kysely<DB>, merchantId: number, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('payment_channels')
      .set({ sort: (index + 1) * 10 })
      .where('merchant_id', '=', merchantId)
      .where('id', '=', id)
      .execute();
  }
}
