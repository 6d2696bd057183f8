import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@portal/contracts';
import { Secret } from 'otpauth';
import type { Page } from 'playwright-core';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import {
  authenticatorCode,
  enrolledOperatorToken,
  type OpsSend,
} from '../apps/server/src/test/staff-authenticator';
import { baseUrl, sql } from './browser';

/**
 * Staff of the demo merchant in the e2e suites. Every staff account has an authenticator (issue 16): the
 * demo owner `admin` enrols through the API the first time a suite needs it (test/staff-authenticator.ts, the
 * way the server suites do), and later logins give the code of its secret, read from the database.
 */

const send: OpsSend = async (method, path, options) => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      'x-merchant-code': 'demo',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return (await response.json()) as Awaited<ReturnType<OpsSend>>;
};

/** The confirmed authenticator secret of a staff account of the demo merchant, or null. */
export async function staffSecret(username: string): Promise<string | null> {
  const { rows } = await sql(
    `select o.totp_secret from operators o join merchants m on m.id = o.merchant_id
     where m.code = 'demo' and o.username_key = lower($1) and o.totp_enabled`,
    [username],
  );
  return (rows[0] as { totp_secret: string } | undefined)?.totp_secret ?? null;
}

/** A fully enrolled staff session through the API: the demo owner by default. */
export function operatorToken(username = 'admin', password = 'Admin1234'): Promise<string> {
  return enrolledOperatorToken(send, { username, password }, () => staffSecret(username));
}

/** The current code of an enrolled staff account's authenticator. */
export async function staffCode(username: string): Promise<string> {
  const secret = await staffSecret(username);
  if (!secret) throw new Error(`${username} has no authenticator`);
  return authenticatorCode(secret);
}

/**
 * Logs an enrolled staff account in at /operator in the browser (password and the authenticator's code)
 * and waits for the dashboard. The demo owner is enrolled through the API first when it is not yet.
 */
export async function consoleLogin(page: Page, username = 'admin', password = 'Admin1234'): Promise<void> {
  if (!(await staffSecret(username))) await operatorToken(username, password);
  await page.goto('/operator');
  await page.getByRole('heading', { name: 'Staff login' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  const useCode = page.getByRole('button', { name: 'My account uses an authenticator app' });
  if (await useCode.isVisible()) await useCode.click();
  await page.getByLabel('Authenticator code').fill(await staffCode(username));
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** A staff account the suite added, with its enrolled authenticator's secret. */
export interface Staff {
  username: string;
  password: string;
  secret: string;
}

/**
 * A staff account of the demo merchant with `role` and its authenticator already enrolled (every staff
 * account has one): the seed has only the owner, so suites add staff through the database, as players.ts
 * adds members (the same password hashing the server uses), with a secret the test reads as a person reads
 * their phone.
 */
export async function createStaff(role: OperatorRole, password = 'Staff12345'): Promise<Staff> {
  const username = `${role}${randomBytes(3).toString('hex')}`;
  const secret = new Secret({ size: 20 }).base32;
  await sql(
    `insert into operators (merchant_id, username, username_key, password_hash, role, totp_secret, totp_enabled)
     select id, $1, $1, $2, $3, $4, true from merchants where code = 'demo'`,
    [username, await hashPassword(password), role, secret],
  );
  return { username, password, secret };
}

/** A staff session of an account createStaff added, through the API. */
export function staffToken(staff: Staff): Promise<string> {
  return operatorToken(staff.username, staff.password);
}

/** Logs an account createStaff added in at /operator in the browser and waits for the dashboard. */
export function consoleLoginAs(page: Page, staff: Staff): Promise<void> {
  return consoleLogin(page, staff.username, staff.password);
}

/**
 * Calls the operator API as the CLI does: the demo owner logs in, then one call (with a JSON body
 * when given). Answers the envelope.
 */
export async function asOperator(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ success: boolean; value: unknown; message?: string }> {
  const token = await operatorToken();
  const reply = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      'x-merchant-code': 'demo',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await reply.json()) as { success: boolean; value: unknown; message?: string };
}
