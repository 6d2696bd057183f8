import { useMemo, useSyncExternalStore } from 'react';
import { readSession, sessionVersion, subscribeSession, type Session } from './session';

/** The current session, re-rendering when it changes (login, logout, expiry). */
export function useSession(): Session {
  const version = useSyncExternalStore(subscribeSession, sessionVersion, sessionVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the version is the change signal of storage.
  return useMemo(() => readSession(), [version]);
}
