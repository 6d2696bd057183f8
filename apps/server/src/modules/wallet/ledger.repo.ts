import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, LedgerAccountKind, LedgerTransfersTable } from '../../db/schema';

/** SQL of the double-entry ledger: accounts, transfers, balance changes. */
type Executor = Kysely<DB> | Transaction<DB>;

export interface AccountKey {
  merchantId: number;
  currency: string;
  kind: LedgerAccountKind;
  memberId: number | null;
  vendorCode: string;
  shard: number;
}

/**
 * The account's id, creating it (with a zero balance) on first use: one call of migration 0004's
 * ledger_account_id, which reads first and inserts only a missing account (the seamless wallet uses it too).
 */
export async function ensureAccount(db: Executor, key: AccountKey): Promise<bigint> {
  const result = await sql<{ id: bigint }>`
    select ledger_account_id(${key.merchantId}::integer, ${key.currency}, ${key.kind}, ${key.memberId}::integer,
      ${key.vendorCode}, ${key.shard}::smallint) as id`.execute(db);
  return BigInt(result.rows[0]!.id);
}

export type NewTransfer = Insertable<LedgerTransfersTable>;

/** Inserts the transfer; undefined when its idempotency key (or reversal) was already used. */
export function insertTransfer(db: Executor, transfer: NewTransfer) {
  return db
    .insertInto('ledger_transfers')
    .values(transfer)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
}

export function selectTransferByKey(db: Executor, merchantId: number, idempotencyKey: string) {
  return db
    .selectFrom('ledger_transfers')
    .select([
      'id',
      'request_hash',
      'debit_account_id',
      'credit_account_id',
      'amount_minor',
      'currency',
      'kind',
    ])
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export function selectTransfer(db: Executor, merchantId: number, transferId: bigint) {
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'currency', 'debit_account_id', 'credit_account_id', 'amount_minor', 'kind'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', transferId)
    .executeTakeFirst();
}

/**
 * Adds `deltaMinor` to the balance (locking the row until commit) and returns the new balance; undefined
 * (and nothing changed) when a player's balance would go negative. The check constraint stays as the
 * last line of defence; this condition lets the caller answer without an aborted transaction.
 */
/**
 * Announces a player's main-wallet change on portal_balance (decision 0042) from the statement that makes
 * it: PostgreSQL delivers it only when the transaction commits, so pages never see a balance that was
 * rolled back. Other accounts announce nothing.
 */
const balanceAnnouncement = sql<null>`case when kind = 'player_main'
  then pg_notify('portal_balance', merchant_id || ':' || member_id) end`.as('announced');

export async function applyDelta(
  db: Executor,
  accountId: bigint,
  deltaMinor: bigint,
): Promise<bigint | undefined> {
  const row = await db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance_minor: eb('balance_minor', '+', deltaMinor) }))
    .where('id', '=', accountId)
    .where((eb) =>
      eb.or([eb('allows_negative', '=', true), eb(eb('balance_minor', '+', deltaMinor), '>=', 0n)]),
    )
    // A player's main wallet announces its change (portal_balance, delivered at commit, identical
    // announcements of one transaction folded into one): the push hub updates their open pages.
    .returning(['balance_minor', balanceAnnouncement])
    .executeTakeFirst();
  return row?.balance_minor;
}

/** The transfer that posted or voided a hold, if any. */
export function selectSettlementOf(db: Executor, holdTransferId: bigint) {
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'credit_account_id'])
    .where('settles_hold_id', '=', holdTransferId)
    .executeTakeFirst();
}

export async function selectBalance(db: Executor, accountId: bigint): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

/** Per merchant and currency: the sum of all balances (zero when the books balance). */
export function selectBalanceSums(db: Executor) {
  return db
    .selectFrom('ledger_accounts')
    .select(['merchant_id', 'currency', (eb) => eb.fn.sum<bigint>('balance_minor').as('total')])
    .groupBy(['merchant_id', 'currency'])
    .execute();
}

const driftingAccounts = sql`
    select a.id, a.balance_minor, coalesce(c.total, 0) - coalesce(d.total, 0) as entries
    from ledger_accounts a
    left join (select credit_account_id as id, sum(amount_minor) as total from ledger_transfers group by 1) c on c.id = a.id
    left join (select debit_account_id as id, sum(amount_minor) as total from ledger_transfers group by 1) d on d.id = a.id
    where a.balance_minor <> coalesce(c.total, 0) - coalesce(d.total, 0)`;

/** Accounts whose balance differs from the sum of their entries (credits minus debits). */
export function selectDriftingAccounts(db: Executor) {
  return sql<{ id: bigint; balance_minor: bigint; entries: bigint }>`${driftingAccounts}`
    .execute(db)
    .then((result) => result.rows);
}

/**
 * The ledger's invariants, counted (each nonzero count is a violation): merchant-currency books that do
 * not sum to zero, negative player balances, balances that differ from their entries, and holds settled
 * more than once (impossible by the unique column; counted so that a schema change cannot hide it).
 */
export async function countInvariantViolations(db: Executor) {
  const result = await sql<{ unbalanced: string; negative: string; drifting: string }>`
    select
      (select count(*) from (select 1 from ledger_accounts group by merchant_id, currency
         having sum(balance_minor) <> 0) s) as unbalanced,
      (select count(*) from ledger_accounts where member_id is not null and balance_minor < 0) as negative,
      (select count(*) from (${driftingAccounts}) d) as drifting`.execute(db);
  const row = result.rows[0]!;
  return {
    unbalanced: Number(row.unbalanced),
    negative: Number(row.negative),
    drifting: Number(row.drifting),
  };
}

export function selectAccounts(db: Executor, ids: bigint[]) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'merchant_id', 'currency', 'kind', 'member_id', 'vendor_code', 'shard'])
    .where('id', 'in', ids)
    .execute();
}

/** A player's wallets (main and per vendor) with their balances; none until money first moves. */
export function selectPlayerWallets(db: Executor, merchantId: number, currency: string, memberId: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['kind', 'vendor_code', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .where('currency', '=', currency)
    .where('member_id', '=', memberId)
    .orderBy('vendor_code')
    .execute();
}

/** The ids of many accounts in one statement, creating the missing ones (keys in a canonical order). */
export async function ensureAccounts(db: Executor, keys: AccountKey[]): Promise<bigint[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<{ ord: string; id: string }>`
    select k.ord, ledger_account_id(k.merchant_id, k.currency, k.kind, k.member_id, k.vendor_code, k.shard) as id
    from unnest(${keys.map((key) => key.merchantId)}::int[], ${keys.map((key) => key.currency)}::text[],
      ${keys.map((key) => key.kind)}::text[], ${keys.map((key) => key.memberId)}::int[],
      ${keys.map((key) => key.vendorCode)}::text[], ${keys.map((key) => key.shard)}::smallint[])
      with ordinality as k (merchant_id, currency, kind, member_id, vendor_code, shard, ord)
    order by k.ord`.execute(db);
  return rows.map((row) => BigInt(row.id));
}

/** Inserts many transfers; answers the idempotency keys of those inserted (the others were there). */
export async function insertTransfers(db: Executor, transfers: NewTransfer[]) {
  if (transfers.length === 0) return [];
  return db
    .insertInto('ledger_transfers')
    .values(transfers)
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id', 'idempotency_key'])
    .execute();
}

/** The stored transfers of these keys, to replay or refuse them. */
export function selectTransfersByKeys(db: Executor, merchantId: number, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('ledger_transfers')
    .select(['id', 'idempotency_key', 'request_hash'])
    .where('merchant_id', '=', merchantId)
    .where('idempotency_key', 'in', keys)
    .execute();
}

/**
 * Adds each delta to its account: the rows are locked first in the one global order (player accounts by
 * member, then system accounts, each by id), then changed in one statement; answers the ids of player
 * accounts that would go negative (nothing is changed then).
 */
export async function applyDeltas(db: Executor, deltas: Map<bigint, bigint>): Promise<bigint[]> {
  if (deltas.size === 0) return [];
  const ids = [...deltas.keys()];
  const amounts = ids.map((id) => deltas.get(id)!);
  await sql`select id from ledger_accounts where id = any(${ids.map(String)}::bigint[])
    order by member_id nulls last, id for no key update`.execute(db);
  const { rows } = await sql<{ id: string }>`
    select a.id from ledger_accounts a
    join unnest(${ids.map(String)}::bigint[], ${amounts.map(String)}::bigint[]) as d (id, delta) on d.id = a.id
    where not a.allows_negative and a.balance_minor + d.delta < 0`.execute(db);
  if (rows.length > 0) return rows.map((row) => BigInt(row.id));
  await sql`update ledger_accounts a set balance_minor = a.balance_minor + d.delta
    from unnest(${ids.map(String)}::bigint[], ${amounts.map(String)}::bigint[]) as d (id, delta)
    where a.id = d.id
    returning ${balanceAnnouncement}`.execute(db);
  return [];
}
