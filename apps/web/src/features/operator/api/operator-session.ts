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
} as const;

/** The logged-in operator as the session answer named them. */
export interface OperatorAccount {
  id: number;
  username: string;
  role: OperatorRole;
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

/** Stores the session a login answered. */
export function storeOperatorSession(token: string, operator: OperatorAccount): void {
  writeStored('sessionStorage', operatorSessionKeys.token, token);
  writeStored('sessionStorage', operatorSessionKeys.operator, JSON.stringify(operator));
  writeStored('sessionStorage', operatorSessionKeys.endReason, null);
  announce();
}

/** Ends the staff session in this tab; `expired` leaves a note for the login form. */
export function clearOperatorSession(reason: 'logout' | 'expired'): void {
  writeStored('sessionStorage', operatorSessionKeys.token, null);
  writeStored('sessionStorage', operatorSessionKeys.operator, null);
  writeStored('sessionStorage', operatorSessionKeys.endReason, reason === 'expired' ? 'expired' : null);
  announce();
}

/** Whether the last session ended by expiry (idle or absolute) rather than a logout. */
export function sessionEndedByExpiry(): boolean {
  return readStored('sessionStorage', operatorSessionKeys.endReason) === 'expired';
}
