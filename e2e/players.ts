import { randomBytes } from 'node:crypto';
import type { PublicKey } from '@portal/contracts';
import { expect } from 'vitest';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { encryptFor } from '../apps/server/src/test/encrypt';
import { baseUrl, openPage, sql } from './browser';

/**
 * Players of the demo merchant of a test's own: suites run one after another on one database, so a
 * suite that counts money must not share player1's balance with the others.
 */
export async function createPlayer(
  prefix: string,
  password: string,
): Promise<{ username: string; memberId: number }> {
  return createMember(prefix, password);
}

/**
 * A member of the demo merchant of a test's own: a player (type 0) by default, or a top agent (type 1) or
 * an agent (type 2), agents with an affiliate code; the placement trigger keeps the team tables.
 */
export async function createMember(
  prefix: string,
  password: string,
  { type = 0, parentAgentId = null }: { type?: 0 | 1 | 2; parentAgentId?: number | null } = {},
): Promise<{ username: string; memberId: number }> {
  const username = `${prefix}${randomBytes(4).toString('hex')}`;
  const { rows } = await sql(
    // first_login_at is set: the first-login greeting is identity's business, not the caller's.
    `insert into members (merchant_id, username, username_key, password_hash, type, profile, first_login_at,
       parent_agent_id, affiliate_code)
     select id, $1, $1, $2, $3::int, '{}', now(), $4::int, case when $3::int in (1, 2) then upper($1) end
     from merchants where code = 'demo' returning id`,
    [username, await hashPassword(password), type, parentAgentId],
  );
  return { username, memberId: (rows[0] as { id: number }).id };
}

async function post(path: string, token: string | null, body: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; value: Record<string, unknown>; code?: string };
}

/** A member's session through the API (the login body encrypted to the server's key, as the app does). */
export async function apiLogin(
  username: string,
  password: string,
): Promise<{ key: PublicKey; token: string }> {
  const key = ((await (await fetch(`${baseUrl()}/wps/system/publicKey`)).json()) as { value: PublicKey })
    .value;
  const login = await post(
    '/wps/session/login',
    null,
    encryptFor(key, { type: 'username', username, password, side: 'member' }),
  );
  expect(login.success, JSON.stringify(login)).toBe(true);
  return { key, token: login.value.token as string };
}

/** A payment password (135790) and a bank account for the member, through the API: ready to withdraw. */
export async function readyToWithdraw(token: string): Promise<void> {
  const password = await post('/wps/member/payment-password', token, { password: '135790' });
  expect(password.success, JSON.stringify(password)).toBe(true);
  const account = await post('/wps/member/bank-accounts', token, {
    bankName: 'SCB',
    accountNumber: '5550001234',
    holderName: 'Malee Suksai',
    paymentPassword: '135790',
  });
  expect(account.success, JSON.stringify(account)).toBe(true);
}

/**
 * A member logs in through the API and launches the in-house slot: the game page's address. With
 * `newPassword` the member first changes a password the merchant makes it change (one an agent chose).
 */
export async function launchSlotAs(
  username: string,
  password: string,
  newPassword?: string,
): Promise<string> {
  const { key, token } = await apiLogin(username, password);
  if (newPassword) {
    const changed = await post(
      '/wps/member/password',
      token,
      encryptFor(key, { oldPassword: password, password: newPassword, confirmPassword: newPassword }),
    );
    expect(changed.success, JSON.stringify(changed)).toBe(true);
  }
  const launched = await post('/wps/game/launchGame', token, {
    vassalage: 'BGS',
    gameCode: 'bgs-slot',
    platform: 'WEB',
  });
  expect(launched.success, JSON.stringify(launched)).toBe(true);
  return launched.value.url as string;
}

/**
 * Opens the slot at `gameUrl` in a page of its own (once it shows `balanceText`), spins once at `betText`
 * (THB, e.g. "10.00") and waits until the member's round is in the books.
 */
export async function spinSlot(
  gameUrl: string,
  memberId: number,
  balanceText: string,
  betText: string,
): Promise<void> {
  const game = await openPage();
  await game.page.goto(gameUrl);
  await expect
    .poll(() => game.page.getByTestId('bgs-balance').textContent(), { timeout: 15_000 })
    .toBe(balanceText);
  await game.page.getByLabel('Bet (THB)').fill(betText);
  await game.page.getByRole('button', { name: 'Spin' }).click();
  const rounds = async () => {
    const { rows } = await sql('select count(*)::int as count from game_rounds where member_id = $1', [
      memberId,
    ]);
    return (rows[0] as { count: number }).count;
  };
  await expect.poll(rounds, { timeout: 15_000 }).toBe(1);
  expect(game.errors).toEqual([]);
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
