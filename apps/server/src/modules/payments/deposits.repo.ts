import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { selectPage } from '../../db/paging';
import type { DB, DepositsTable, DepositStatus } from '../../db/schema';

/** SQL of payment channels and deposits. */
type Executor = Kysely<DB> | Transaction<DB>;

const channelColumns = [
  'id',
  'type',
  'name',
  'min_amount_minor',
  'max_amount_minor',
  'enabled',
  'bank_name',
  'account_number',
  'account_holder',
  'gateway_code',
] as const;

export function selectEnabledChannels(db: Executor, merchantId: number) {
  return db
    .selectFrom('payment_channels')
    .select(channelColumns)
    .where('merchant_id', '=', merchantId)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function selectChannel(db: Executor, merchantId: number, channelId: number) {
  return db
    .selectFrom('payment_channels')
    .select(channelColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', channelId)
    .executeTakeFirst();
}

export type ChannelRow = NonNullable<Awaited<ReturnType<typeof selectChannel>>>;

const depositColumns = [
  'deposits.id',
  'deposits.member_id',
  'members.username',
  'deposits.channel_id',
  'payment_channels.name as channel_name',
  'payment_channels.type as channel_type',
  'deposits.currency',
  'deposits.amount_minor',
  'deposits.reference',
  'deposits.proof_file_key',
  'deposits.request_hash',
  'deposits.gateway_reference',
  'deposits.checkout_url',
  'deposits.status',
  'deposits.reject_reason',
  'deposits.decided_at',
  'deposits.transfer_id',
  'deposits.created_at',
] as const;

function depositQuery(db: Executor, merchantId: number) {
  return db
    .selectFrom('deposits')
    .innerJoin('payment_channels', 'payment_channels.id', 'deposits.channel_id')
    .innerJoin('members', 'members.id', 'deposits.member_id')
    .select(depositColumns)
    .where('deposits.merchant_id', '=', merchantId);
}

export type DepositRow = Awaited<ReturnType<ReturnType<typeof depositQuery>['executeTakeFirstOrThrow']>>;

export function selectDeposit(db: Executor, merchantId: number, depositId: bigint) {
  return depositQuery(db, merchantId).where('deposits.id', '=', depositId).executeTakeFirst();
}

export function selectDepositByClientRequest(
  db: Executor,
  merchantId: number,
  memberId: number,
  clientRequestId: string,
) {
  return depositQuery(db, merchantId)
    .where('deposits.member_id', '=', memberId)
    .where('deposits.client_request_id', '=', clientRequestId)
    .executeTakeFirst();
}

export function selectDepositByGatewayReference(db: Executor, merchantId: number, reference: string) {
  return depositQuery(db, merchantId).where('deposits.gateway_reference', '=', reference).executeTakeFirst();
}

/** Inserts a deposit; undefined when this member already used the client request id. */
/** What the member's pending and approved deposits add up to within the last `periodMs` (database clock). */
export async function sumDepositedWithin(db: Executor, memberId: number, periodMs: number): Promise<bigint> {
  const row = await db
    .selectFrom('deposits')
    .select(sql<string>`coalesce(sum(amount_minor), 0)`.as('total'))
    .where('member_id', '=', memberId)
    .where('status', '<>', 'rejected')
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${periodMs / 1000})`)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export async function insertDeposit(db: Executor, row: Insertable<DepositsTable>) {
  const inserted = await db
    .insertInto('deposits')
    .values(row)
    .onConflict((conflict) => conflict.constraint('deposits_client_request').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export interface DepositFilter {
  merchantId: number;
  memberId?: number;
  status?: DepositStatus;
  page: number;
  pageSize: number;
}

export function listDeposits(db: Executor, filter: DepositFilter) {
  let query = depositQuery(db, filter.merchantId);
  if (filter.memberId !== undefined) query = query.where('deposits.member_id', '=', filter.memberId);
  if (filter.status !== undefined) query = query.where('deposits.status', '=', filter.status);
  return selectPage(query.orderBy('deposits.id', 'desc'), filter);
}

/** Locks the deposit row until the transaction ends and returns its status (undefined: no such deposit). */
export async function lockDeposit(trx: Transaction<DB>, merchantId: number, depositId: bigint) {
  const row = await trx
    .selectFrom('deposits')
    .select(['status', 'amount_minor', 'member_id', 'currency', 'channel_id'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', depositId)
    .forUpdate()
    .executeTakeFirst();
  return row;
}

export async function markDepositApproved(
  trx: Transaction<DB>,
  depositId: bigint,
  operatorId: number | null,
  transferId: bigint,
) {
  await trx
    .updateTable('deposits')
    .set({
      status: 'approved',
      decided_by_operator_id: operatorId,
      decided_at: sql<Date>`now()`,
      transfer_id: transferId,
    })
    .where('id', '=', depositId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
}

export async function markDepositRejected(
  trx: Transaction<DB>,
  depositId: bigint,
  operatorId: number | null,
  reason: string,
) {
  await trx
    .updateTable('deposits')
    .set({
      status: 'rejected',
      decided_by_operator_id: operatorId,
      decided_at: sql<Date>`now()`,
      reject_reason: reason,
    })
    .where('id', '=', depositId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
}

export async function setCheckoutUrl(db: Executor, depositId: bigint, checkoutUrl: string) {
  await db.updateTable('deposits').set({ checkout_url: checkoutUrl }).where('id', '=', depositId).execute();
}
