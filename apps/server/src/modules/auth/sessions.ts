import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './auth.repo';

/**
 * Sessions: an opaque 256-bit token given to the client once; only its SHA-256 is stored. Idle and
 * absolute expiry come from configuration; logout and the security centre revoke.
 */
/** How a session was opened; 'oidc' is social login through a merchant's OpenID provider (decision 0048). */
export type LoginMethod = 'username' | 'sms' | 'freeplay' | 'register' | 'reset' | 'oidc';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** SHA-256 of a session token: what the database stores instead of the token. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export interface NewSession {
  memberId: number;
  loginMethod: LoginMethod;
  mustChangePassword: boolean;
  ip: string;
  userAgent: string | undefined;
}

/** Opens a session and returns its token (the only time the token exists outside the client). */
export async function openSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  session: NewSession,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertSession(db, {
    member_id: session.memberId,
    token_hash: hashToken(token),
    login_method: session.loginMethod,
    must_change_password: session.mustChangePassword,
    ip: session.ip,
    user_agent: session.userAgent?.slice(0, 300) ?? null,
    expires_at: new Date(Date.now() + policy.absoluteMs),
  });
  return token;
}

export interface AuthenticatedSession {
  sessionId: number;
  memberId: number;
  merchantId: number;
  memberType: number;
  mustChangePassword: boolean;
  loginMethod: string;
}

/**
 * The sessions among these that are still live, without touching them (the push streams check theirs
 * this way, so an open stream never keeps an idle session alive).
 */
export async function liveSessionIds(
  db: Kysely<DB>,
  policy: SessionPolicy,
  sessionIds: number[],
): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const now = Date.now();
  return new Set(
    await repo.selectLiveSessionIds(db, sessionIds, new Date(now - policy.idleMs), new Date(now)),
  );
}

/** Finds the live session of a token; touches it (at most once a minute) to extend the idle window. */
export async function findSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  token: string,
): Promise<AuthenticatedSession | undefined> {
  const now = Date.now();
  const row = await repo.selectSessionByTokenHash(db, hashToken(token));
  if (!row || row.revoked_at !== null || row.status !== 'active') return undefined;
  if (row.expires_at.getTime() <= now || row.last_seen_at.getTime() + policy.idleMs <= now) return undefined;
  if (now - row.last_seen_at.getTime() > 60_000) await repo.touchSession(db, row.id, new Date(now));
  return {
    sessionId: row.id,
    memberId: row.member_id,
    merchantId: row.merchant_id,
    memberType: row.type,
    mustChangePassword: row.must_change_password,
    loginMethod: row.login_method,
  };
}
