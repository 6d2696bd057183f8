import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { OperatorRole, OperatorSession, OperatorSessionInfo } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  clearFailures,
  failuresWithin,
  hashPassword,
  hashToken,
  lockedForSeconds,
  newTotpSecret,
  recordFailures,
  totpAccepts,
  totpFor,
  verifyPassword,
  type AttemptLimit,
  type SessionPolicy,
} from '../auth';
import { raiseAlert } from '../security';
import * as repo from './operators.repo';
import { addressAllowed, staffSessionPolicy } from './staff-access';

/**
 * Operator accounts (back office), apart from players: their own table, sessions and login limits. A
 * session is an opaque 256-bit token stored as its SHA-256, with idle and absolute expiry like players'.
 * Wrong passwords are throttled per operator and address together (five in 15 minutes hold that address
 * back), so nobody can lock an operator out from elsewhere; failures from many addresses raise an
 * `operator_login_attack` alert. An operator with an authenticator enrolled also gives its code.
 */
const loginLimit: AttemptLimit = { maxFailures: 5, lockMs: 15 * 60_000 };
/** Failures on one operator within the lock window, from any addresses, that raise an alert. */
export const operatorAlertFailures = 20;

export interface AuthenticatedOperator {
  sessionId: number;
  operatorId: number;
  merchantId: number;
  username: string;
  role: OperatorRole;
  /** The session may only change the password until it does (reset or initial password). */
  mustChangePassword: boolean;
  /** The session may only enrol an authenticator until it does (every staff account has one). */
  mustEnrolTotp: boolean;
  /** The merchant's staff IP allow-list (empty: anywhere). */
  ipAllowList: readonly string[];
  expiresAt: Date;
  /** When the session ends without another call. */
  idleExpiresAt: Date;
}

/** Creates an operator unless its username exists in the merchant; returns whether it created one. */
export async function createOperator(
  db: Kysely<DB>,
  operator: {
    merchantId: number;
    username: string;
    password: string;
    role: OperatorRole;
    /** An initial password someone else chose: changed (and an authenticator enrolled) at first login. */
    mustChangePassword?: boolean;
  },
): Promise<boolean> {
  const passwordHash = await hashPassword(operator.password);
  return (await repo.insertOperator(db, { ...operator, passwordHash })) !== undefined;
}

/**
 * Proves username, password and (when enrolled) authenticator code, then opens a session. An address
 * outside the merchant's staff allow-list is refused before anything is checked. An account without an
 * authenticator, or with a password to change, gets a session that may only do that (the guard's gates).
 */
export async function login(
  db: Kysely<DB>,
  policy: SessionPolicy,
  context: { merchantId: number; ip: string; log: FastifyBaseLogger },
  credentials: { username: string; password: string; otp?: string | undefined },
): Promise<OperatorSession> {
  const usernameKey = credentials.username.trim().toLowerCase();
  const account = `operator:${usernameKey}`;
  const pair = `${account}@ip:${context.ip}`;
  const waitSeconds = await lockedForSeconds(db, context.merchantId, pair, loginLimit);
  if (waitSeconds > 0) {
    throw new AppError('too_many_attempts', `Too many failed logins; try again in ${waitSeconds} s`, {
      retryAfterSeconds: waitSeconds,
    });
  }
  const limits = await repo.selectStaffSecurity(db, context.merchantId);
  if (!addressAllowed(limits?.ip_allow_list ?? [], context.ip)) {
    throw new AppError('operator_ip_not_allowed', 'Staff logins are not allowed from this address');
  }
  const operator = await repo.selectOperatorByUsername(db, context.merchantId, usernameKey);
  // A missing operator costs the same time as a wrong password, and both get the same answer; so does a
  // missing or wrong authenticator code, which would otherwise tell that the password was right.
  const valid = await verifyPassword(operator?.password_hash, credentials.password);
  const secondFactorOk =
    !operator?.totp_enabled ||
    (operator.totp_secret !== null &&
      credentials.otp !== undefined &&
      totpAccepts(operator.totp_secret, credentials.otp));
  if (!operator || !valid || !secondFactorOk) {
    await recordFailures(db, context.merchantId, [account, pair]);
    await alertOnPileUp(db, context, account);
    throw new AppError('invalid_credentials', 'Wrong username, password or authenticator code');
  }
  if (operator.disabled) throw new AppError('account_disabled', 'This operator account is disabled');
  await clearFailures(db, context.merchantId, [account, pair]);
  const token = randomBytes(32).toString('base64url');
  const merchantPolicy = staffSessionPolicy(policy, limits);
  const now = Date.now();
  const expiresAt = new Date(now + merchantPolicy.absoluteMs);
  await repo.insertOperatorSession(db, {
    operatorId: operator.id,
    tokenHash: hashToken(token),
    ip: context.ip,
    expiresAt,
  });
  await repo.recordOperatorLogin(db, operator.id, context.ip);
  return {
    token,
    operator: { id: operator.id, username: operator.username, role: operator.role },
    expiresAt: expiresAt.toISOString(),
    idleExpiresAt: new Date(Math.min(now + merchantPolicy.idleMs, expiresAt.getTime())).toISOString(),
    mustChangePassword: operator.must_change_password,
    mustEnrolTotp: !operator.totp_enabled,
  };
}

async function alertOnPileUp(
  db: Kysely<DB>,
  context: { merchantId: number; ip: string; log: FastifyBaseLogger },
  account: string,
): Promise<void> {
  const failures = await failuresWithin(db, context.merchantId, account, loginLimit.lockMs);
  if (failures < operatorAlertFailures) return;
  await raiseAlert(db, context.log, {
    merchantId: context.merchantId,
    kind: 'operator_login_attack',
    subject: account,
    detail: { failuresLast15Minutes: failures, lastAddress: context.ip },
  });
}

/** Starts authenticator enrolment for the logged-in operator; active only after a confirmed code. */
export async function enrolTotp(db: Kysely<DB>, issuer: string, operator: AuthenticatedOperator) {
  const row = await repo.selectOperatorTotp(db, operator.operatorId);
  if (row?.totp_enabled) throw new AppError('conflict', 'The authenticator is already on');
  const secret = newTotpSecret();
  await repo.setOperatorTotp(db, operator.operatorId, secret, false);
  return { secret, otpauthUrl: totpFor(secret, issuer, operator.username).toString() };
}

/** Finishes enrolment: from now on every login of this operator needs a code. */
export async function confirmTotp(db: Kysely<DB>, operator: AuthenticatedOperator, code: string) {
  const row = await repo.selectOperatorTotp(db, operator.operatorId);
  if (!row?.totp_secret || row.totp_enabled) throw new AppError('conflict', 'Start the enrolment first');
  if (!totpAccepts(row.totp_secret, code)) {
    throw new AppError('second_factor_invalid', 'The code is not correct');
  }
  await repo.setOperatorTotp(db, operator.operatorId, row.totp_secret, true);
}

/**
 * The live session of a token, touched at most once a minute; undefined when expired, revoked or its
 * account disabled. The idle limit is the merchant's (`policy` when it set none); the absolute one was
 * fixed at login.
 */
export async function findOperatorSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  token: string,
): Promise<AuthenticatedOperator | undefined> {
  const now = Date.now();
  const row = await repo.selectOperatorSession(db, hashToken(token));
  if (!row || row.revoked_at !== null || row.disabled) return undefined;
  const { idleMs } = staffSessionPolicy(policy, {
    idle_minutes: row.idle_minutes,
    absolute_hours: null,
  });
  if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + idleMs <= now) return undefined;
  let lastSeen = row.last_seen_at.getTime();
  if (now - lastSeen > 60_000) {
    await repo.touchOperatorSession(db, row.session_id, new Date(now));
    lastSeen = now;
  }
  return {
    sessionId: row.session_id,
    operatorId: row.operator_id,
    merchantId: row.merchant_id,
    username: row.username,
    role: row.role,
    mustChangePassword: row.must_change_password,
    mustEnrolTotp: !row.totp_enabled,
    ipAllowList: row.ip_allow_list ?? [],
    expiresAt: row.expires_at,
    idleExpiresAt: new Date(Math.min(lastSeen + idleMs, row.expires_at.getTime())),
  };
}

/** GET /ops/session: who is logged in, when the session ends and what it must do first. */
export function sessionInfo(operator: AuthenticatedOperator): OperatorSessionInfo {
  return {
    id: operator.operatorId,
    username: operator.username,
    role: operator.role,
    expiresAt: operator.expiresAt.toISOString(),
    idleExpiresAt: operator.idleExpiresAt.toISOString(),
    mustChangePassword: operator.mustChangePassword,
    mustEnrolTotp: operator.mustEnrolTotp,
  };
}

/**
 * The operator changes their own password, always proving the current one; a forced change ends here,
 * and their other sessions end (someone else may know the old password).
 */
export async function changeOwnPassword(
  db: Kysely<DB>,
  operator: AuthenticatedOperator,
  payload: { currentPassword: string; newPassword: string },
): Promise<void> {
  const row = await repo.selectOperatorPassword(db, operator.operatorId);
  if (!row || !(await verifyPassword(row.password_hash, payload.currentPassword))) {
    throw invalidField('currentPassword', 'is not your current password');
  }
  if (payload.newPassword === payload.currentPassword) {
    throw invalidField('newPassword', 'must differ from the current password');
  }
  await repo.setOperatorPassword(db, operator.operatorId, await hashPassword(payload.newPassword), false);
  await repo.revokeSessionsOfOperator(db, operator.operatorId, operator.sessionId);
}

function invalidField(field: string, message: string): AppError {
  return new AppError('validation_failed', `Invalid input: ${field}`, {
    fields: [{ field, code: 'invalid', message }],
  });
}

export function logout(db: Kysely<DB>, operator: AuthenticatedOperator): Promise<void> {
  return repo.revokeOperatorSession(db, operator.sessionId);
}
