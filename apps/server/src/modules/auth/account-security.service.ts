import type { Kysely } from 'kysely';
import type { FieldError, SessionInfo } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import * as repo from './auth.repo';
import * as credentials from './credentials.repo';
import { hashPassword, verifyPassword } from './passwords';
import { checkNewPassword } from './password-reset.service';
import type { AuthenticatedSession } from './sessions';
import { newTotpSecret, totpAccepts, totpFor } from './totp';
import { deviceOf } from '../../lib/user-agent';

/**
 * The security centre of a logged-in member (spec section 4): password change, live sessions, the
 * authenticator. Credentials and sessions are auth's (decision 0027), wherever the calls are routed.
 */

function invalidField(field: string, message: string): AppError {
  const fields: FieldError[] = [{ field, code: 'invalid', message }];
  return new AppError('validation_failed', `Invalid input: ${field}`, { fields });
}

/** Password change: the old password unless this session is in the forced change; other sessions end. */
export async function changePassword(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  session: AuthenticatedSession,
  payload: { oldPassword?: string | undefined; password: string; confirmPassword: string },
): Promise<void> {
  const member = await credentials.selectById(db, session.memberId);
  if (!member) throw new AppError('session_expired', 'Please log in again');
  if (
    !session.mustChangePassword &&
    !(await verifyPassword(member.password_hash, payload.oldPassword ?? ''))
  ) {
    throw invalidField('oldPassword', 'is not your current password');
  }
  checkNewPassword(merchant, payload.password, payload.confirmPassword);
  if (await verifyPassword(member.password_hash, payload.password)) {
    throw invalidField('password', 'must differ from the current password');
  }
  await credentials.updatePassword(db, member.id, await hashPassword(payload.password));
  await repo.revokeSessionsOf(db, member.id, session.sessionId);
  await repo.clearMustChangePassword(db, member.id);
}

/** The member's live sessions, the current one marked. */
export async function sessions(db: Kysely<DB>, session: AuthenticatedSession): Promise<SessionInfo[]> {
  const rows = await repo.selectLiveSessions(db, session.memberId);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === session.sessionId,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    ip: row.ip,
    userAgent: row.user_agent,
    ...deviceOf(row.user_agent),
    loginMethod: row.login_method as SessionInfo['loginMethod'],
  }));
}

/** Ends every session of the member at once (a break or self-exclusion, issue 17). */
export async function revokeAllSessions(db: Kysely<DB>, memberId: number): Promise<void> {
  await repo.revokeSessionsOf(db, memberId, null);
}

/** The login before the current one (time and address), for "last login" after a login; null for a first. */
export async function previousLogin(db: Kysely<DB>, memberId: number) {
  const row = await repo.selectPreviousLogin(db, memberId);
  return row ? { at: row.created_at, ip: row.ip ?? '' } : null;
}

/** Ends one of the member's own sessions. */
export async function revoke(
  db: Kysely<DB>,
  session: AuthenticatedSession,
  sessionId: number,
): Promise<void> {
  if (!(await repo.revokeSessionOf(db, session.memberId, sessionId))) {
    throw new AppError('not_found', 'No such active session');
  }
}

/** Starts authenticator enrolment; the secret is active only after a confirmed code. */
export async function enrolTotp(db: Kysely<DB>, merchant: MerchantConfig, session: AuthenticatedSession) {
  const member = await credentials.selectById(db, session.memberId);
  if (!member) throw new AppError('session_expired', 'Please log in again');
  if (member.totp_enabled) throw new AppError('conflict', 'The authenticator is already on');
  const secret = newTotpSecret();
  await credentials.setTotp(db, member.id, secret, false);
  return { secret, otpauthUrl: totpFor(secret, merchant.name, member.username).toString() };
}

/** Turns the authenticator on once a code from the enrolled secret is right. */
export async function confirmTotp(
  db: Kysely<DB>,
  session: AuthenticatedSession,
  code: string,
): Promise<void> {
  const member = await credentials.selectById(db, session.memberId);
  if (!member?.totp_secret || member.totp_enabled)
    throw new AppError('conflict', 'Start the enrolment first');
  if (!totpAccepts(member.totp_secret, code))
    throw new AppError('second_factor_invalid', 'The code is not correct');
  await credentials.setTotp(db, member.id, member.totp_secret, true);
}

/** Turns the authenticator off with a right code. */
export async function disableTotp(
  db: Kysely<DB>,
  session: AuthenticatedSession,
  code: string,
): Promise<void> {
  const member = await credentials.selectById(db, session.memberId);
  if (!member?.totp_enabled || !member.totp_secret)
    throw new AppError('conflict', 'The authenticator is not on');
  if (!totpAccepts(member.totp_secret, code))
    throw new AppError('second_factor_invalid', 'The code is not correct');
  await credentials.setTotp(db, member.id, null, false);
}

/** The addresses and user agents the member's recent sessions came from (decision 0032's self-referral rule). */
export async function recentOrigins(
  db: Kysely<DB>,
  memberId: number,
): Promise<{ ips: Set<string>; userAgents: Set<string> }> {
  const rows = await repo.selectRecentOrigins(db, memberId);
  return {
    ips: new Set(rows.flatMap((row) => (row.ip ? [row.ip] : []))),
    userAgents: new Set(rows.flatMap((row) => (row.user_agent ? [row.user_agent] : []))),
  };
}
