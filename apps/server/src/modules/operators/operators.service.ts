import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { OperatorRole, OperatorSession } from '@portal/contracts';
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
}

/** Creates an operator unless its username exists in the merchant; returns whether it created one. */
export async function createOperator(
  db: Kysely<DB>,
  operator: { merchantId: number; username: string; password: string; role: OperatorRole },
): Promise<boolean> {
  const passwordHash = await hashPassword(operator.password);
  return (await repo.insertOperator(db, { ...operator, passwordHash })) !== undefined;
}

/** Proves username, password and (when enrolled) authenticator code, then opens a session. */
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
  const expiresAt = new Date(Date.now() + policy.absoluteMs);
  await repo.insertOperatorSession(db, {
    operatorId: operator.id,
    tokenHash: hashToken(token),
    ip: context.ip,
    expiresAt,
  });
  return {
    token,
    operator: { id: operator.id, username: operator.username, role: operator.role },
    expiresAt: expiresAt.toISOString(),
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

/** The live session of a token, touched at most once a minute; undefined when expired or revoked. */
export async function findOperatorSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  token: string,
): Promise<AuthenticatedOperator | undefined> {
  const now = Date.now();
  const row = await repo.selectOperatorSession(db, hashToken(token));
  if (!row || row.revoked_at !== null || row.disabled) return undefined;
  if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + policy.idleMs <= now) return undefined;
  if (now - row.last_seen_at.getTime() > 60_000)
    await repo.touchOperatorSession(db, row.session_id, new Date(now));
  return {
    sessionId: row.session_id,
    operatorId: row.operator_id,
    merchantId: row.merchant_id,
    username: row.username,
    role: row.role,
  };
}

export function logout(db: Kysely<DB>, operator: AuthenticatedOperator): Promise<void> {
  return repo.revokeOperatorSession(db, operator.sessionId);
}
