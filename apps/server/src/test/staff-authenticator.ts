import { Secret, TOTP } from 'otpauth';

/**
 * Staff authenticators for tests, with no server code behind them (only otpauth), so the e2e suites can
 * import it too: the code an app shows, and a fully enrolled session through any way of sending /ops calls.
 * Server suites use it through test/operator-login.ts.
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
