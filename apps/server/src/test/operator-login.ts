import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { apiClient } from './api-client';
import { enrolledOperatorToken, type OpsSend } from './staff-authenticator';
import type { TestApp } from './test-app';

export { authenticatorCode, enrolledOperatorToken, type OpsSend } from './staff-authenticator';

/**
 * The one way every test suite (server, CLI, e2e) gets a fully enrolled staff session: every staff
 * account has an authenticator (issue 16), and the demo seed's `admin` has none until its first login.
 * The helper logs in with the password and, when the account enrolled before, the code of its secret
 * (read from the database, as a person reads their phone); an account that has not enrolled yet enrols
 * through the API as the console does (POST then PUT /ops/session/totp with a code computed here).
 */

/** The confirmed authenticator secret of a staff account of a merchant, or null. */
export async function enrolledSecretOf(
  db: Kysely<DB>,
  merchantId: number,
  username: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('operators')
    .select(['totp_secret', 'totp_enabled'])
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.totp_enabled ? row.totp_secret : null;
}

/**
 * A fully enrolled session of a staff account of the demo merchant (Host localhost) of a test app: the
 * demo owner `admin` by default. `ip` is the address the calls come from (X-Forwarded-For).
 */
export async function testOperatorToken(
  testApp: TestApp,
  username = 'admin',
  password = 'Admin1234',
  ip?: string,
): Promise<string> {
  const call = apiClient(() => testApp.app);
  const merchant = await testApp.app.deps.merchants.resolve('localhost', undefined);
  if (!merchant) throw new Error('no demo merchant on localhost');
  const send: OpsSend = async (method, path, options) =>
    (await call(method, path, { ...options, ...(ip ? { ip } : {}) })).body as Awaited<ReturnType<OpsSend>>;
  return enrolledOperatorToken(send, { username, password }, () =>
    enrolledSecretOf(testApp.database.db, merchant.id, username),
  );
}
