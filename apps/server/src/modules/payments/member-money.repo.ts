import { sql, type Kysely, type Transaction } from 'kysely';
import { selectPage } from '../../db/paging';
import type { DB } from '../../db/schema';

/** SQL of what a member keeps for moving money: payment password, bank accounts, hierarchy lookups. */
type Executor = Kysely<DB> | Transaction<DB>;

export async function selectPaymentPasswordHash(db: Executor, memberId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('payment_passwords')
    .select('password_hash')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Sets the payment password only if none exists; false when one already did. */
export async function insertPaymentPassword(db: Executor, memberId: number, passwordHash: string) {
  const row = await db
    .insertInto('payment_passwords')
    .values({ member_id: memberId, password_hash: passwordHash })
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the hash only if it is still the one the old password was checked against. */
export async function updatePaymentPassword(
  db: Executor,
  memberId: number,
  oldHash: string,
  newHash: string,
) {
  const result = await db
    .updateTable('payment_passwords')
    .set({ password_hash: newHash, updated_at: sql<Date>`now()` })
    .where('member_id', '=', memberId)
    .where('password_hash', '=', oldHash)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

const bankAccountColumns = ['id', 'bank_name', 'account_number', 'holder_name', 'created_at'] as const;

export function selectBankAccounts(db: Executor, memberId: number) {
  return db
    .selectFrom('bank_accounts')
    .select(bankAccountColumns)
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

export function selectBankAccount(db: Executor, memberId: number, bankAccountId: number) {
  return db
    .selectFrom('bank_accounts')
    .select(bankAccountColumns)
    .where('member_id', '=', memberId)
    .where('id', '=', bankAccountId)
    .executeTakeFirst();
}

/** Locks the member row, so concurrent adds of one member count bank accounts one after another. */
export async function lockMember(trx: Transaction<DB>, memberId: number) {
  // NO KEY UPDATE: serializes this member's adds without blocking foreign-key checks (bets, transfers).
  await trx.selectFrom('members').select('id').where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();
}

export async function countBankAccounts(db: Executor, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('bank_accounts')
    .select((eb) => eb.fn.countAll<bigint>().as('total'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Inserts a bank account; undefined when this member already has that bank and number. */
export async function insertBankAccount(
  db: Executor,
  account: {
    merchantId: number;
    memberId: number;
    bankName: string;
    accountNumber: string;
    holderName: string;
  },
) {
  const row = await db
    .insertInto('bank_accounts')
    .values({
      merchant_id: account.merchantId,
      member_id: account.memberId,
      bank_name: account.bankName,
      account_number: account.accountNumber,
      holder_name: account.holderName,
    })
    .onConflict((conflict) => conflict.constraint('bank_accounts_once').doNothing())
    .returning(bankAccountColumns)
    .executeTakeFirst();
  return row;
}

export async function deleteBankAccount(db: Executor, memberId: number, bankAccountId: number) {
  const result = await db
    .deleteFrom('bank_accounts')
    .where('member_id', '=', memberId)
    .where('id', '=', bankAccountId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

const memberRefColumns = ['id', 'username', 'nickname', 'type', 'status', 'parent_agent_id'] as const;

export function selectMemberRef(db: Executor, merchantId: number, memberId: number) {
  return db
    .selectFrom('members')
    .select(memberRefColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** An agent's direct downline, filtered by a username prefix, a page at a time. */
export function selectDownlines(
  db: Executor,
  filter: {
    merchantId: number;
    agentId: number;
    search?: string | undefined;
    page: number;
    pageSize: number;
  },
) {
  let query = db
    .selectFrom('members')
    .where('merchant_id', '=', filter.merchantId)
    .where('parent_agent_id', '=', filter.agentId)
    .where('status', '=', 'active');
  if (filter.search) {
    const escaped = filter.search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
    query = query.where('username_key', 'like', `${escaped}%`);
  }
  return selectPage(query.select(['id', 'username', 'nickname']).orderBy('username_key'), filter);
}

/**
 * The other accounts of the merchant that keep a bank account with this number (the referral programme's
 * same-payment-account rule, decision 0032). The number alone decides: a cheat need not spell the bank's
 * name the same way twice.
 */
export async function selectOtherHolders(
  db: Executor,
  merchantId: number,
  memberId: number,
  accountNumber: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('bank_accounts')
    .select('member_id')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('account_number', '=', accountNumber)
    .where('member_id', '<>', memberId)
    .limit(100)
    .execute();
  return rows.map((row) => row.member_id);
}
