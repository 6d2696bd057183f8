import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { DB } from '../db/schema';
import { apiClient } from './api-client';
import type { TestApp } from './test-app';

/**
 * The one way every test suite (server, CLI, e2e) gets a fully enrolled staff session: every staff
 * account has an authenticator (issue 16), and the demo seed's `admin` has none until its first login.
 * The helper logs in with the password and, when the account enrolled before, the code of its secret
 * (read from the database, as a person reads their phone); an account that has not enrolled yet enrols
 * through the API as the console does (POST then PUT /ops/session/totp with a code computed here).
 */

/** An /ops call as the helper makes it: the answer's envelope. */
export type OpsSend = (
  method: 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; token?: string },
) => Promise<{ success: boolean; value: unknown; code?: string; message?: string }>;

/** The code an authenticator app shows for `secret` (base32) at `timestamp`. */
export function authenticatorCode(secret: string, timestamp = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp });
}

interface LoginAnswer {
  token: string;
  mustChangePassword: boolean;
  mustEnrolTotp: boolean;
}

/**
 * Logs a staff account in and returns the token of a session that may make every call its role allows.
 * `enrolledSecret` answers the account's confirmed authenticator secret, or null when it has none.
 */
export async function enrolledOperatorToken(
  send: OpsSend,
  account: { username: string; password: string },
  enrolledSecret: () => Promise<string | null>,
): Promise<string> {
  const secret = await enrolledSecret();
  const login = await send('POST', '/ops/session', {
    body: { ...account, ...(secret ? { otp: authenticatorCode(secret) } : {}) },
  });
  if (!login.success) throw new Error(`operator login failed: ${JSON.stringify(login)}`);
  const session = login.value as LoginAnswer;
  if (session.mustChangePassword) {
    throw new Error(`${account.username} must change its password first (a reset or initial password)`);
  }
  if (!session.mustEnrolTotp) return session.token;
  const enrolment = await send('POST', '/ops/session/totp', { token: session.token });
  if (!enrolment.success) throw new Error(`authenticator enrolment failed: ${JSON.stringify(enrolment)}`);
  const { secret: newSecret } = enrolment.value as { secret: string };
  const confirmed = await send('PUT', '/ops/session/totp', {
    token: session.token,
    body: { code: authenticatorCode(newSecret) },
  });
  if (!confirmed.success) throw new Error(`authenticator confirmation failed: ${JSON.stringify(confirmed)}`);
  return session.token;
}

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
