import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { selectPage } from '../../db/paging';
import type { DB, WithdrawalsTable, WithdrawalStatus } from '../../db/schema';

/** SQL of withdrawals and the merchant's withdrawal settings. */
type Executor = Kysely<DB> | Transaction<DB>;

/** The merchant's withdrawal limits and the minutes after which an unanswered payout counts as received. */
export function selectWithdrawalSettings(db: Executor, merchantId: number) {
  return db
    .selectFrom('merchants')
    .select(['withdrawal_min_minor', 'withdrawal_max_minor', 'withdrawal_forced_receipt_minutes'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
}

const withdrawalColumns = [
  'withdrawals.id',
  'withdrawals.member_id',
  'members.username',
  'withdrawals.currency',
  'withdrawals.amount_minor',
  'withdrawals.bank_name',
  'withdrawals.account_number',
  'withdrawals.holder_name',
  'withdrawals.request_hash',
  'withdrawals.hold_transfer_id',
  'withdrawals.status',
  'withdrawals.reject_reason',
  'withdrawals.decided_at',
  'withdrawals.receipt_deadline_at',
  'withdrawals.missing_amount_minor',
  'withdrawals.claim_proof_file_key',
  'withdrawals.confirmed_at',
  'withdrawals.created_at',
] as const;

function withdrawalQuery(db: Executor, merchantId: number) {
  return db
    .selectFrom('withdrawals')
    .innerJoin('members', 'members.id', 'withdrawals.member_id')
    .select(withdrawalColumns)
    .where('withdrawals.merchant_id', '=', merchantId);
}

export type WithdrawalRow = Awaited<
  ReturnType<ReturnType<typeof withdrawalQuery>['executeTakeFirstOrThrow']>
>;

export function selectWithdrawal(db: Executor, merchantId: number, withdrawalId: bigint) {
  return withdrawalQuery(db, merchantId).where('withdrawals.id', '=', withdrawalId).executeTakeFirst();
}

export function selectWithdrawalByClientRequest(
  db: Executor,
  merchantId: number,
  memberId: number,
  clientRequestId: string,
) {
  return withdrawalQuery(db, merchantId)
    .where('withdrawals.member_id', '=', memberId)
    .where('withdrawals.client_request_id', '=', clientRequestId)
    .executeTakeFirst();
}

/** Inserts a withdrawal; undefined when this member already used the client request id. */
export async function insertWithdrawal(db: Executor, row: Insertable<WithdrawalsTable>) {
  const inserted = await db
    .insertInto('withdrawals')
    .values(row)
    .onConflict((conflict) => conflict.constraint('withdrawals_client_request').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export interface WithdrawalFilter {
  merchantId: number;
  memberId?: number;
  status?: WithdrawalStatus | undefined;
  page: number;
  pageSize: number;
}

export function listWithdrawals(db: Executor, filter: WithdrawalFilter) {
  let query = withdrawalQuery(db, filter.merchantId);
  if (filter.memberId !== undefined) query = query.where('withdrawals.member_id', '=', filter.memberId);
  if (filter.status !== undefined) query = query.where('withdrawals.status', '=', filter.status);
  return selectPage(query.orderBy('withdrawals.id', 'desc'), filter);
}

/** Locks the withdrawal row until the transaction ends. */
export function lockWithdrawal(trx: Transaction<DB>, merchantId: number, withdrawalId: bigint) {
  return trx
    .selectFrom('withdrawals')
    .select([
      'id',
      'member_id',
      'currency',
      'amount_minor',
      'status',
      'hold_transfer_id',
      'receipt_deadline_at',
      'missing_amount_minor',
    ])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', withdrawalId)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves a locked withdrawal from `from` to its next state with the given columns. */
export async function updateWithdrawal(
  trx: Transaction<DB>,
  withdrawalId: bigint,
  from: WithdrawalStatus,
  changes: Updateable<WithdrawalsTable>,
) {
  await trx
    .updateTable('withdrawals')
    .set(changes)
    .where('id', '=', withdrawalId)
    .where('status', '=', from)
    .executeTakeFirstOrThrow();
}

/**
 * Every disbursed withdrawal whose receipt deadline has passed becomes forced_received (spec section 4):
 * one statement, so it is all or nothing, and safe to repeat. Returns how many changed.
 */
export async function forceDueReceipts(db: Executor): Promise<number> {
  const result = await db
    .updateTable('withdrawals')
    .set({ status: 'forced_received', confirmed_at: sql<Date>`now()` })
    .where('status', '=', 'disbursed')
    .where('receipt_deadline_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
