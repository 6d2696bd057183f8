import { readStored, writeStored } from './storage';

/** Session storage keys of spec section 3, plus what the route guards read. */
export const sessionKeys = {
  token: 'token',
  merchantCode: 'merchantCode',
  memberType: 'memberType',
  /** Set while the server refuses everything but a password change (survives a reload). */
  mustChangePassword: 'mustChangePassword',
  /** Whether the first-login welcome was shown in this session. */
  welcomeShown: 'welcomeShown',
} as const;

/** Account types of spec sections 6 and 9. */
export const agentUserTypes: readonly number[] = [1, 2, 41, 42];
export const trialUserType = 4;

/** What the browser knows about the visitor's session. */
export interface Session {
  token: string | null;
  merchantCode: string | null;
  /** The account type of the logged-in user (sessionStorage memberType), null when unknown. */
  userType: number | null;
}

function readUserType(): number | null {
  const stored = readStored('sessionStorage', sessionKeys.memberType);
  if (stored === null || !/^\d{1,3}$/.test(stored)) return null;
  return Number(stored);
}

/** Reads the session from sessionStorage. */
export function readSession(): Session {
  const token = readStored('sessionStorage', sessionKeys.token);
  return {
    token: token && token.length > 0 ? token : null,
    merchantCode: readStored('sessionStorage', sessionKeys.merchantCode),
    userType: readUserType(),
  };
}

/** Whether the session belongs to an agent (types 1, 2, 41, 42) with a token. */
export function isAgentSession(session: Session): boolean {
  return session.token !== null && session.userType !== null && agentUserTypes.includes(session.userType);
}

/** Whether the session is a free-play trial account (type 4). */
export function isTrialSession(session: Session): boolean {
  return session.token !== null && session.userType === trialUserType;
}

/** Whether the server holds this session to a forced password change. */
export function mustChangePassword(): boolean {
  return readStored('sessionStorage', sessionKeys.mustChangePassword) === '1';
}

// Session changes are announced so the header, guards and dialogs re-render without a reload.
const listeners = new Set<() => void>();
let version = 0;

function announce(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Subscribes to session changes (useSyncExternalStore); returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever the session does (useSyncExternalStore snapshot). */
export function sessionVersion(): number {
  return version;
}

/** Stores a logged-in session. */
export function storeSession(init: { token: string; memberType: number; mustChangePassword: boolean }): void {
  writeStored('sessionStorage', sessionKeys.token, init.token);
  writeStored('sessionStorage', sessionKeys.memberType, String(init.memberType));
  writeStored('sessionStorage', sessionKeys.mustChangePassword, init.mustChangePassword ? '1' : null);
  announce();
}

/** Lifts the forced password change after the password was changed. */
export function clearPasswordChangeRequirement(): void {
  writeStored('sessionStorage', sessionKeys.mustChangePassword, null);
  announce();
}

/** Marks the session as held to a password change (the server refused a call with password_change_required). */
export function requirePasswordChange(): void {
  if (mustChangePassword()) return;
  writeStored('sessionStorage', sessionKeys.mustChangePassword, '1');
  announce();
}

/** Clears everything in session storage except the merchant code (spec section 4, logout). */
export function clearSession(): void {
  const merchantCode = readStored('sessionStorage', sessionKeys.merchantCode);
  try {
    window.sessionStorage.clear();
  } catch {
    // Blocked storage holds nothing to clear.
  }
  if (merchantCode !== null) writeStored('sessionStorage', sessionKeys.merchantCode, merchantCode);
  announce();
}

/** Remembers the merchant the visitor is on; logout keeps it (spec section 4). */
export function rememberMerchantCode(merchantCode: string): void {
  if (readStored('sessionStorage', sessionKeys.merchantCode) === merchantCode) return;
  writeStored('sessionStorage', sessionKeys.merchantCode, merchantCode);
}

type SessionEvent = 'expired' | 'passwordChangeRequired';
const eventListeners = new Set<(event: SessionEvent) => void>();

/** Listens for what the API client learns about the session (401 expired, 403 password change). */
export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** Reports a session event from the API client. */
export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of eventListeners) listener(event);
}
