import type { ModuleFlags, Whitelabel } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApiClient } from '../../lib/api';
import {
  agentUserTypes,
  clearPasswordChangeRequirement,
  clearSession,
  isAgentSession,
  isTrialSession,
  mustChangePassword,
  onSessionEvent,
  readSession,
  requirePasswordChange,
  sessionKeys,
  storeSession,
} from '../../lib/session';
import { readStored, writeStored } from '../../lib/storage';
import { useSession } from '../../lib/use-session';
import { memberQueryKeys } from './api/member-queries';
import {
  IdentityContext,
  type IdentityActions,
  type IdentityDialog,
  type LoginCompletion,
} from './identity-context';

// The dialogs load as their own chunk the first time one opens, keeping them out of the home load.
const IdentityDialogs = lazy(() => import('./components/identity-dialogs'));

/** Routes that show home with an identity popup open (spec section 2). */
const popupRoutes: Readonly<Record<string, IdentityDialog>> = { '/login': 'login', '/register': 'register' };

/**
 * Owns the identity dialogs and the session life cycle: opens the popup of /login and /register,
 * stores a login and moves on, logs out, and reacts to an expired session or a forced password change
 * the API client reports.
 */
export function IdentityProvider({
  modules,
  whitelabel = null,
  bannerSlot = null,
  children,
}: {
  modules: ModuleFlags | null;
  /** The merchant's white-label settings; null while loading. */
  whitelabel?: Whitelabel | null;
  /** The banners shown in the login, register and forgot-password popups. */
  bannerSlot?: IdentityActions['bannerSlot'];
  children: ReactNode;
}) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [dialog, setDialog] = useState<IdentityDialog | null>(null);
  const [loginReason, setLoginReason] = useState<IdentityActions['loginReason']>(null);
  const knownPasswordRef = useRef<string | null>(null);
  const pathname = location.pathname;

  // Arriving on /login or /register opens its popup; adjusting state while rendering (rather than in
  // an effect) opens it in the same paint as the page.
  const [seenPathname, setSeenPathname] = useState<string | null>(null);
  if (seenPathname !== pathname) {
    setSeenPathname(pathname);
    const routeDialog = popupRoutes[pathname];
    if (routeDialog) setDialog(routeDialog);
  }

  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event === 'passwordChangeRequired') {
          requirePasswordChange();
          return;
        }
        clearSession();
        queryClient.removeQueries({ queryKey: memberQueryKeys.all });
        setLoginReason('sessionExpired');
        setDialog('login');
      }),
    [queryClient],
  );

  const openDialog = useCallback((next: IdentityDialog) => {
    setLoginReason(null);
    setDialog(next);
  }, []);

  const closeDialog = useCallback(() => {
    setDialog(null);
    setLoginReason(null);
    if (popupRoutes[pathname]) void navigate('/', { replace: true });
  }, [navigate, pathname]);

  const completeLogin = useCallback(
    ({ result, method, password }: LoginCompletion) => {
      if (result.token === null) throw new Error('completeLogin needs a token');
      storeSession({
        token: result.token,
        memberType: result.memberType,
        mustChangePassword: result.mustChangePassword,
      });
      knownPasswordRef.current = result.mustChangePassword && password ? password : null;
      void queryClient.invalidateQueries({ queryKey: memberQueryKeys.all });
      setLoginReason(null);
      const welcome =
        result.firstTimeLogin && readStored('sessionStorage', sessionKeys.welcomeShown) === null;
      setDialog(welcome && method !== 'freePlay' ? 'welcome' : null);
      if (result.mustChangePassword) return;
      if (agentUserTypes.includes(result.memberType)) void navigate('/agentHome');
      else if (method === 'register' || method === 'reset' || popupRoutes[pathname]) {
        void navigate('/', { replace: popupRoutes[pathname] !== undefined });
      }
    },
    [navigate, pathname, queryClient],
  );

  // A social login comes back to its page with ?socialTicket= (or ?socialError=): the ticket is traded
  // once for the session and both parameters leave the address at once (decision 0048).
  const search = location.search;
  useEffect(() => {
    const params = new URLSearchParams(search);
    const ticket = params.get('socialTicket');
    if (ticket === null && params.get('socialError') === null) return;
    params.delete('socialTicket');
    params.delete('socialError');
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    const failed = () => {
      setLoginReason('socialFailed');
      setDialog('login');
    };
    if (ticket === null) return failed();
    void api('socialLoginExchange', { body: { ticket } }).then(
      (result) => completeLogin({ result, method: 'social' }),
      failed,
    );
  }, [search, pathname, navigate, api, completeLogin]);

  const logout = useCallback(async () => {
    const wasAgent = isAgentSession(readSession());
    try {
      await api('logout');
    } catch {
      // The session ends on this device whatever the server answered: the token is dropped below, and
      // an unreachable server expires it on its own.
    }
    clearSession();
    knownPasswordRef.current = null;
    queryClient.removeQueries({ queryKey: memberQueryKeys.all });
    setDialog(null);
    void navigate(wasAgent ? '/agent' : '/');
  }, [api, navigate, queryClient]);

  const requireRealAccount = useCallback(() => {
    const current = readSession();
    if (current.token === null) {
      setLoginReason('loginRequired');
      setDialog('login');
      return false;
    }
    if (isTrialSession(current)) {
      setDialog('trialBlocked');
      return false;
    }
    return true;
  }, []);

  const passwordChanged = useCallback(() => {
    const wasForced = mustChangePassword();
    knownPasswordRef.current = null;
    clearPasswordChangeRequirement();
    if (wasForced && isAgentSession(readSession())) void navigate('/agentHome');
  }, [navigate]);

  const actions = useMemo<IdentityActions>(
    () => ({
      modules,
      whitelabel,
      bannerSlot,
      dialog,
      loginReason,
      openDialog,
      closeDialog,
      completeLogin,
      logout,
      requireRealAccount,
      knownPassword: () => knownPasswordRef.current,
      passwordChanged,
    }),
    [
      modules,
      whitelabel,
      bannerSlot,
      dialog,
      loginReason,
      openDialog,
      closeDialog,
      completeLogin,
      logout,
      requireRealAccount,
      passwordChanged,
    ],
  );

  // The forced change outranks every other dialog and stays until the password changes or logout.
  const forcedChange = session.token !== null && mustChangePassword();
  const welcomeOpen = dialog === 'welcome';
  useEffect(() => {
    if (welcomeOpen) writeStored('sessionStorage', sessionKeys.welcomeShown, '1');
  }, [welcomeOpen]);

  return (
    <IdentityContext.Provider value={actions}>
      {children}
      {dialog !== null || forcedChange ? (
        <Suspense fallback={null}>
          <IdentityDialogs dialog={dialog} forcedChange={forcedChange} />
        </Suspense>
      ) : null}
    </IdentityContext.Provider>
  );
}
