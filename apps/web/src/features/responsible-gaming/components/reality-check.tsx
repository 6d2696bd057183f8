import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useApiClient, type ApiCall } from '../../../lib/api';
import { readStored, writeStored } from '../../../lib/storage';
import { rgCalls } from '../api/rg-calls';
import { rgQueryKeys } from '../api/rg-queries';
import {
  answeredUpTo,
  formatElapsed,
  nextRealityCheckAt,
  realityCheckAnsweredKey,
} from '../model/reality-check-schedule';
import { LastLoginNotice } from './last-login-notice';
import '../responsible-gaming.css';

/**
 * `rgSession`: this login's start, the reality-check interval and the login before it. Also started at
 * boot for a player's first page (the layout's prefetchRealityCheck), so the last-login notice, often the
 * largest text of that page, is in its first paint.
 */
export function rgSessionQuery(api: ApiCall) {
  return queryOptions({
    queryKey: rgQueryKeys.session,
    queryFn: ({ signal }) => api.send(rgCalls.rgSession, { signal }),
    staleTime: 60_000,
  });
}

export interface RealityCheckProps {
  /** Logs the player out (the identity feature's logout, given by the layout). */
  onLogout: () => Promise<void> | void;
  /** Where "see history" goes. */
  historyHref: string;
}

/**
 * The reality check (issue 17): at the interval the player chose, counted from this login, a modal dialog
 * over whatever is on screen (a game popup too: the later modal is on top) with the session's elapsed
 * time and net result, and continue, see history or log out. Mounted by the layout for logged-in players
 * as its own lazy chunk; it does nothing while the reality check is off. It also shows, once after each
 * login, when and where the login before it was (LastLoginNotice).
 */
export default function RealityCheck({ onLogout, historyHref }: RealityCheckProps) {
  const { t } = useTranslation('rg');
  const api = useApiClient();
  const navigate = useNavigate();
  const session = useQuery(rgSessionQuery(api));
  const [openAt, setOpenAt] = useState<number | null>(null);
  const [shownUpTo, setShownUpTo] = useState(0);
  const minutes = session.data?.realityCheckMinutes ?? null;
  const startedAtMs = session.data ? Date.parse(session.data.startedAt) : null;

  useEffect(() => {
    if (minutes === null || startedAtMs === null || openAt !== null) return undefined;
    // A check answered on an earlier page of this session is not shown again after a reload.
    const answered = Math.max(
      shownUpTo,
      answeredUpTo(readStored('sessionStorage', realityCheckAnsweredKey), startedAtMs),
    );
    const due = nextRealityCheckAt(startedAtMs, minutes, Date.now(), answered);
    const timer = window.setTimeout(
      () => {
        setOpenAt(due);
        void session.refetch();
      },
      Math.max(0, due - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [minutes, startedAtMs, openAt, shownUpTo, session]);

  const notice = session.data ? <LastLoginNotice lastLogin={session.data.lastLogin} /> : null;
  if (openAt === null || startedAtMs === null || !session.data) return notice;
  const close = () => {
    setShownUpTo(openAt);
    writeStored('sessionStorage', realityCheckAnsweredKey, `${startedAtMs}:${openAt}`);
    setOpenAt(null);
  };
  // The session's length when the check fell due (the dialog shows that moment, not a live clock).
  const elapsedSeconds = (openAt - startedAtMs) / 1000;
  return (
    <>
      {notice}
      <ModalDialog title={t('realityCheck.title')} icon="clock" onClose={close} className="rg-reality-check">
        <p>{t('realityCheck.intro', { minutes })}</p>
        <dl className="rg-reality-check__figures">
          <div>
            <dt>{t('realityCheck.elapsed')}</dt>
            <dd>{formatElapsed(elapsedSeconds)}</dd>
          </div>
          <div>
            <dt>{t('realityCheck.net')}</dt>
            <dd>{session.data.netResult}</dd>
          </div>
        </dl>
        <div className="rg-reality-check__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={close}>
            {t('realityCheck.continue')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              close();
              void navigate(historyHref);
            }}
          >
            {t('realityCheck.history')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              close();
              void onLogout();
            }}
          >
            {t('realityCheck.logout')}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
