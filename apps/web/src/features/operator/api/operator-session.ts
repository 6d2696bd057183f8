import type { OperatorRole } from '@portal/contracts';
import { readStored, writeStored } from '../../../lib/storage';
import { sessionKeys, type Session } from '../../../lib/session';

/**
 * The staff session of the console, apart from a player's: its own sessionStorage keys, so a player
 * logged in on the same browser keeps their session and a staff token is never sent on player calls.
 */
export const operatorSessionKeys = {
  token: 'operatorToken',
  operator: 'operatorAccount',
  /** Why the last session ended ('expired'), shown once on the login form. */
  endReason: 'operatorSessionEnd',
  /** When the session ends: absolute and idle (ISO 8601), from the login and each call's headers. */
  times: 'operatorSessionTimes',
} as const;

/** The logged-in operator as the session answer named them. */
export interface OperatorAccount {
  id: number;
  username: string;
  role: OperatorRole;
  /** The session may only change the password until it does (a reset or initial password). */
  mustChangePassword?: boolean;
  /** The session may only enrol an authenticator until it does (every staff account has one). */
  mustEnrolTotp?: boolean;
}

/** When the staff session ends: at `expiresAt` whatever happens, at `idleExpiresAt` without a call. */
export interface OperatorSessionTimes {
  expiresAt: string;
  idleExpiresAt: string;
}

const roles: readonly string[] = ['owner', 'finance', 'support', 'content', 'risk', 'platform'];

function isOperatorAccount(value: unknown): value is OperatorAccount {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'number' &&
    typeof record.username === 'string' &&
    typeof record.role === 'string' &&
    roles.includes(record.role)
  );
}

/** The stored operator, or null when no staff session is open in this tab. */
export function readOperatorAccount(): OperatorAccount | null {
  if (!readStored('sessionStorage', operatorSessionKeys.token)) return null;
  try {
    const parsed: unknown = JSON.parse(readStored('sessionStorage', operatorSessionKeys.operator) ?? 'null');
    return isOperatorAccount(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** What the API client needs: the staff token and the merchant the site is on. */
export function readOperatorSession(): Session {
  return {
    token: readStored('sessionStorage', operatorSessionKeys.token),
    merchantCode: readStored('sessionStorage', sessionKeys.merchantCode),
    userType: null,
  };
}

const listeners = new Set<() => void>();

function announce(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to staff session changes (useSyncExternalStore). */
export function subscribeOperatorSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let snapshot: { stored: string; account: OperatorAccount | null } | null = null;

/**
 * The stored operator, the same object while the stored session is unchanged (useSyncExternalStore
 * snapshot); keyed by what storage holds, so a session cleared elsewhere in the tab is seen too.
 */
export function operatorAccountSnapshot(): OperatorAccount | null {
  const stored = `${readStored('sessionStorage', operatorSessionKeys.token) ?? ''}|${
    readStored('sessionStorage', operatorSessionKeys.operator) ?? ''
  }`;
  if (snapshot?.stored !== stored) snapshot = { stored, account: readOperatorAccount() };
  return snapshot.account;
}

/** Stores the session a login answered (and, when given, when it ends). */
export function storeOperatorSession(
  token: string,
  operator: OperatorAccount,
  times?: OperatorSessionTimes,
): void {
  writeStored('sessionStorage', operatorSessionKeys.token, token);
  writeStored('sessionStorage', operatorSessionKeys.operator, JSON.stringify(operator));
  writeStored('sessionStorage', operatorSessionKeys.endReason, null);
  if (times) writeStored('sessionStorage', operatorSessionKeys.times, JSON.stringify(times));
  announce();
}

/** Records when the session ends, as the last answer said (announced only when it changed). */
export function noteOperatorSessionTimes(times: OperatorSessionTimes): void {
  if (!readStored('sessionStorage', operatorSessionKeys.token)) return;
  const stored = JSON.stringify({ expiresAt: times.expiresAt, idleExpiresAt: times.idleExpiresAt });
  if (readStored('sessionStorage', operatorSessionKeys.times) === stored) return;
  writeStored('sessionStorage', operatorSessionKeys.times, stored);
  announce();
}

let timesSnapshot: { stored: string | null; times: OperatorSessionTimes | null } | null = null;

function isSessionTimes(value: unknown): value is OperatorSessionTimes {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.expiresAt === 'string' && typeof record.idleExpiresAt === 'string';
}

function parseSessionTimes(stored: string | null): OperatorSessionTimes | null {
  try {
    const parsed: unknown = JSON.parse(stored ?? 'null');
    return isSessionTimes(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** When the stored session ends (null when unknown), the same object while unchanged. */
export function operatorSessionTimesSnapshot(): OperatorSessionTimes | null {
  const stored = readStored('sessionStorage', operatorSessionKeys.times);
  if (timesSnapshot?.stored !== stored) {
    timesSnapshot = { stored, times: parseSessionTimes(stored) };
  }
  return timesSnapshot.times;
}

/** Ends the staff session in this tab; `expired` leaves a note for the login form. */
export function clearOperatorSession(reason: 'logout' | 'expired'): void {
  writeStored('sessionStorage', operatorSessionKeys.token, null);
  writeStored('sessionStorage', operatorSessionKeys.operator, null);
  writeStored('sessionStorage', operatorSessionKeys.times, null);
  writeStored('sessionStorage', operatorSessionKeys.endReason, reason === 'expired' ? 'expired' : null);
  announce();
}

/** Whether the last session ended by expiry (idle or absolute) rather than a logout. */
export function sessionEndedByExpiry(): boolean {
  return readStored('sessionStorage', operatorSessionKeys.endReason) === 'expired';
}

/** The stored account and times of a session answer (the login's or GET /ops/session's). */
export function sessionAnswerParts(answer: {
  id: number;
  username: string;
  role: OperatorRole;
  mustChangePassword: boolean;
  mustEnrolTotp: boolean;
  expiresAt: string;
  idleExpiresAt: string;
}): { account: OperatorAccount; times: OperatorSessionTimes } {
  return {
    account: {
      id: answer.id,
      username: answer.username,
      role: answer.role,
      mustChangePassword: answer.mustChangePassword,
      mustEnrolTotp: answer.mustEnrolTotp,
    },
    times: { expiresAt: answer.expiresAt, idleExpiresAt: answer.idleExpiresAt },
  };
}
