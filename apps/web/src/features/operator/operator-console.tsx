import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { SendCall } from '../../lib/api';
import { OperatorApiProvider, useOperatorApi } from './api/operator-api-context';
import { opsSessionCalls } from './api/operator-calls';
import {
  clearOperatorSession,
  operatorAccountSnapshot,
  subscribeOperatorSession,
  type OperatorAccount,
} from './api/operator-session';
import { operatorQueryKey } from './api/queue-queries';
import { ConsoleShell } from './components/console-shell';
import { LoginPage } from './components/login-page';
import { QueueView } from './components/queue-view';
import { queueIds, type QueueId } from './model/queue';
import { DashboardPage } from './pages/dashboard-page';
import { queues } from './queues';
import { sections } from './sections';
import './operator.css';

/** The password change and authenticator enrolment a new or reset account does first: its own chunk. */
const AccountDuties = lazy(() => import('./sections/staff/account-duties'));

/** The logged-in operator, read again whenever the staff session changes (login, logout, expiry). */
function useOperatorAccount(): OperatorAccount | null {
  return useSyncExternalStore(subscribeOperatorSession, operatorAccountSnapshot);
}

function isQueueId(value: string | undefined): value is QueueId {
  return queueIds.some((id) => id === value);
}

/** The console's page at an address under /operator: login, the dashboard, a queue or a section. */
export type ConsolePage =
  | { kind: 'login' }
  | { kind: 'dashboard' }
  | { kind: 'queue'; id: QueueId }
  | { kind: 'section'; id: string; rest: string };

/**
 * Reads the console's page from the path. Plain parsing rather than nested <Routes>: those components are
 * not in the player's bundle, and using them here would pull them into its first load.
 */
export function consolePageOf(pathname: string): ConsolePage | null {
  const rest = pathname.replace(/^\/operator\/?/, '').replace(/\/$/, '');
  if (rest === '') return { kind: 'dashboard' };
  if (rest === 'login') return { kind: 'login' };
  if (isQueueId(rest)) return { kind: 'queue', id: rest };
  const [first = '', ...below] = rest.split('/');
  return sections.some((section) => section.id === first)
    ? { kind: 'section', id: first, rest: below.join('/') }
    : null;
}

/** Replaces the address (a guard's redirect) once the page has rendered. */
function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/** A queue's view, keyed so a switch starts from its own filter and page. */
function QueuePage({ id, account }: { id: QueueId; account: OperatorAccount }) {
  // Each queue has its own row type; the switch keeps each definition paired with its view.
  switch (id) {
    case 'deposits':
      return <QueueView key={id} definition={queues.deposits} role={account.role} />;
    case 'withdrawals':
      return <QueueView key={id} definition={queues.withdrawals} role={account.role} />;
    case 'claims':
      return <QueueView key={id} definition={queues.claims} role={account.role} />;
    case 'redeems':
      return <QueueView key={id} definition={queues.redeems} role={account.role} />;
    case 'comments':
      return <QueueView key={id} definition={queues.comments} role={account.role} />;
    case 'feedback':
      return <QueueView key={id} definition={queues.feedback} role={account.role} />;
    case 'adjustments':
      return <QueueView key={id} definition={queues.adjustments} role={account.role} />;
  }
}

/** A signed-in page: the dashboard, a queue or a section (its chunk loads on the first visit). */
function ConsolePageView({ page, account }: { page: ConsolePage; account: OperatorAccount }) {
  const { t } = useTranslation('operator');
  switch (page.kind) {
    case 'queue':
      return <QueuePage id={page.id} account={account} />;
    case 'section': {
      const section = sections.find((candidate) => candidate.id === page.id);
      if (!section) return null;
      return (
        <Suspense fallback={<p role="status">{t('shell.loading')}</p>}>
          <section.Page key={section.id} account={account} rest={page.rest} />
        </Suspense>
      );
    }
    case 'dashboard':
    case 'login':
      return <DashboardPage />;
  }
}

function ConsoleRoutes() {
  const { t } = useTranslation('operator');
  const account = useOperatorAccount();
  const api = useOperatorApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const title = t('shell.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const page = consolePageOf(pathname);
  if (!account) {
    if (page?.kind !== 'login') return <Redirect to="/operator/login" />;
    return <LoginPage onLoggedIn={() => void navigate('/operator')} />;
  }
  const logout = () => {
    // The server session is revoked when it can be; the tab forgets it either way.
    void api(opsSessionCalls.operatorLogout).catch(() => undefined);
    clearOperatorSession('logout');
    queryClient.removeQueries({ queryKey: operatorQueryKey });
  };
  // A session that must first choose a password or set up an authenticator gets only that page.
  if (account.mustChangePassword || account.mustEnrolTotp) {
    return (
      <Suspense fallback={<p role="status">{t('shell.loading')}</p>}>
        <AccountDuties account={account} onLogout={logout} />
      </Suspense>
    );
  }
  if (page === null || page.kind === 'login') return <Redirect to="/operator" />;
  return (
    <ConsoleShell account={account} onLogout={logout}>
      <ConsolePageView page={page} account={account} />
    </ConsoleShell>
  );
}

/**
 * The operator console (issue 16) at /operator: staff log in with their own session, then work the
 * queues. Its own lazy chunk with its own strings (namespace operator); none of it is in the player's
 * first load.
 */
export function OperatorConsole({ api }: { api?: SendCall }) {
  return (
    <OperatorApiProvider api={api}>
      <ConsoleRoutes />
    </OperatorApiProvider>
  );
}
