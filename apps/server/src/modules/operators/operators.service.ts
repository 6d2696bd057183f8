import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OperatorRole, OperatorSession } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { hashToken, type SessionPolicy } from '../auth/sessions';
import { clearFailures, lockedForSeconds, recordFailure, type AttemptLimit } from './attempt-limit';
import * as repo from './operators.repo';

/**
 * Operator accounts (back office), apart from players: their own table, sessions and login limits. A
 * session is an opaque 256-bit token stored as its SHA-256, with idle and absolute expiry like players'.
 */
const loginLimit: AttemptLimit = { maxFailures: 5, lockMs: 15 * 60_000 };

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

/** Proves username and password and opens a session; five wrong tries lock the account 15 minutes. */
export async function login(
  db: Kysely<DB>,
  policy: SessionPolicy,
  context: { merchantId: number; ip: string },
  credentials: { username: string; password: string },
): Promise<OperatorSession> {
  const usernameKey = credentials.username.trim().toLowerCase();
  const subject = `operator:${usernameKey}`;
  const waitSeconds = await lockedForSeconds(db, context.merchantId, subject, loginLimit);
  if (waitSeconds > 0) {
    throw new AppError(429, 'too_many_attempts', `Too many failed logins; try again in ${waitSeconds} s`, {
      retryAfterSeconds: waitSeconds,
    });
  }
  const operator = await repo.selectOperatorByUsername(db, context.merchantId, usernameKey);
  // A missing operator costs the same time as a wrong password, and both get the same answer.
  const valid = await verifyPassword(operator?.password_hash, credentials.password);
  if (!operator || !valid) {
    await recordFailure(db, context.merchantId, subject);
    throw new AppError(401, 'invalid_credentials', 'Wrong username or password');
  }
  if (operator.disabled) throw new AppError(403, 'account_disabled', 'This operator account is disabled');
  await clearFailures(db, context.merchantId, subject);
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
