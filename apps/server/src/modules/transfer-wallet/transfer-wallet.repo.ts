import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { selectPage, type PageRequest, type PageRows } from '../../db/paging';
import type { DB, VendorTransfersTable } from '../../db/schema';

/** SQL of the transfer wallet: the vendor_transfers rows and the per member-and-vendor lock. */
type Executor = Kysely<DB> | Transaction<DB>;

const transferColumns = [
  'id',
  'merchant_id',
  'member_id',
  'vendor_code',
  'direction',
  'currency',
  'amount_minor',
  'request_id',
  'hold_transfer_id',
  'state',
  'failure_code',
  'attempts',
  'created_at',
  'updated_at',
] as const;

export type VendorTransferRow = Pick<Selectable<VendorTransfersTable>, (typeof transferColumns)[number]>;

/** Inserts the request; undefined when its request id was already used by this member. */
export function insertTransfer(db: Executor, row: Insertable<VendorTransfersTable>) {
  return db
    .insertInto('vendor_transfers')
    .values(row)
    .onConflict((conflict) => conflict.columns(['merchant_id', 'member_id', 'request_id']).doNothing())
    .returning(transferColumns)
    .executeTakeFirst() as Promise<VendorTransferRow | undefined>;
}

export function selectByRequest(db: Executor, merchantId: number, memberId: number, requestId: string) {
  return db
    .selectFrom('vendor_transfers')
    .select(transferColumns)
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst() as Promise<VendorTransferRow | undefined>;
}

/** The row, locked until commit, so the request and reconciliation never settle it both. */
export function lockTransfer(db: Transaction<DB>, id: bigint) {
  return db
    .selectFrom('vendor_transfers')
    .select(transferColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow() as Promise<VendorTransferRow>;
}

export function markSettled(
  db: Transaction<DB>,
  id: bigint,
  state: 'done' | 'failed',
  failureCode: string | null,
) {
  const now = new Date();
  return db
    .updateTable('vendor_transfers')
    .set({ state, failure_code: failureCode, updated_at: now, settled_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returning(transferColumns)
    .executeTakeFirstOrThrow() as Promise<VendorTransferRow>;
}

/** Counts one more unanswered attempt and when to ask again. */
export async function recordAttempt(
  db: Executor,
  id: bigint,
  nextAttemptAt: Date,
  failureCode: string | null,
) {
  await db
    .updateTable('vendor_transfers')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: nextAttemptAt,
      failure_code: failureCode,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

/** Pending transfers due for reconciliation, oldest attempt first (partial index on pending rows). */
export function selectDuePending(db: Executor, createdBefore: Date, limit: number) {
  return db
    .selectFrom('vendor_transfers')
    .select(transferColumns)
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', new Date())
    .where('created_at', '<=', createdBefore)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute() as Promise<VendorTransferRow[]>;
}

/** A page of the member's transfers, newest first, with the total. */
export function selectTransferPage(
  db: Executor,
  merchantId: number,
  memberId: number,
  paging: PageRequest,
): Promise<PageRows<VendorTransferRow>> {
  const query = db
    .selectFrom('vendor_transfers')
    .select(transferColumns)
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc');
  return selectPage(query, paging);
}

/**
 * Pending transfers per vendor and the newest transfer id of a member: a balance sync compares them
 * before and after asking the vendor, and books nothing if any transfer started or was under way.
 */
export async function selectTransferMarker(
  db: Executor,
  merchantId: number,
  memberId: number,
  vendorCode: string,
): Promise<{ pending: number; lastId: string | null }> {
  const row = await db
    .selectFrom('vendor_transfers')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('state', '=', 'pending').as('pending'),
      eb.fn.max('id').as('last_id'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('vendor_code', '=', vendorCode)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), lastId: row.last_id === null ? null : String(row.last_id) };
}

/** Pending transfer counts per vendor of a member. */
export function selectPendingCounts(db: Executor, merchantId: number, memberId: number) {
  return db
    .selectFrom('vendor_transfers')
    .select(['vendor_code', (eb) => eb.fn.countAll<string>().as('pending')])
    .where('merchant_id', '=', merchantId)
    .where('member_id', '=', memberId)
    .where('state', '=', 'pending')
    .groupBy('vendor_code')
    .execute();
}

/**
 * Serializes, per member and vendor, starting a transfer against booking a balance sync (until commit):
 * a sync must not book a difference that a transfer in flight explains.
 */
export async function lockMemberVendor(
  db: Transaction<DB>,
  merchantId: number,
  memberId: number,
  vendorCode: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`vendor-wallet:${merchantId}:${vendorCode}`}), ${memberId})`.execute(
    db,
  );
}

/** The member's wallet balances: main ('') and per vendor; no row means zero. */
export function selectWalletBalances(db: Executor, merchantId: number, currency: string, memberId: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['vendor_code', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .where('currency', '=', currency)
    .where('member_id', '=', memberId)
    .where('kind', 'in', ['player_main', 'player_vendor'])
    .execute();
}
