import { randomBytes } from 'node:crypto';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { sql } from './browser';

/**
 * Players of the demo merchant of a test's own: suites run one after another on one database, so a
 * suite that counts money must not share player1's balance with the others.
 */
export async function createPlayer(
  prefix: string,
  password: string,
): Promise<{ username: string; memberId: number }> {
  const username = `${prefix}${randomBytes(4).toString('hex')}`;
  const { rows } = await sql(
    // first_login_at is set: the first-login greeting is identity's business, not the caller's.
    `insert into members (merchant_id, username, username_key, password_hash, type, profile, first_login_at)
     select id, $1, $1, $2, 0, '{}', now() from merchants where code = 'demo' returning id`,
    [username, await hashPassword(password)],
  );
  return { username, memberId: (rows[0] as { id: number }).id };
}

/**
 * Money in the player's main wallet as a deposit would put it: one balanced ledger transfer from deposit
 * clearing. The accounts are created first: rows a statement inserts are not visible to its own update.
 */
export async function depositFor(memberId: number, amountMinor: number, key: string): Promise<void> {
  const { rows } = await sql(
    `select ledger_account_id(merchant_id, 'THB', 'deposit_clearing', null, '', (id % 16)::smallint) as debit,
            ledger_account_id(merchant_id, 'THB', 'player_main', id, '', 0::smallint) as credit, merchant_id
     from members where id = $1`,
    [memberId],
  );
  const {
    debit,
    credit,
    merchant_id: merchantId,
  } = rows[0] as { debit: string; credit: string; merchant_id: number };
  await sql(
    `with moved as (
       insert into ledger_transfers (merchant_id, currency, debit_account_id, credit_account_id, amount_minor,
         kind, idempotency_key, request_hash)
       values ($1, 'THB', $2, $3, $4, 'deposit', $5, 'e2e')
       returning id)
     update ledger_accounts set balance_minor = balance_minor
       + case when id = $3::bigint then $4::bigint else -$4::bigint end
     where id in ($2::bigint, $3::bigint) and exists (select 1 from moved)`,
    [merchantId, debit, credit, amountMinor, key],
  );
}
