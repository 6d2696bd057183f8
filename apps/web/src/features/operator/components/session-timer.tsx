import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { opsSessionCalls } from '@portal/contracts/calls/ops';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { htmlLangOf } from '../../../i18n';
import { useOperatorApi } from '../api/operator-api-context';
import {
  clearOperatorSession,
  noteOperatorSessionTimes,
  operatorSessionTimesSnapshot,
  subscribeOperatorSession,
} from '../api/operator-session';

/** How long before the idle end the console asks whether the operator is still there. */
export const idleWarningMs = 60_000;

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * When the staff session ends (issue 16): a quiet "session ends at …" in the top bar (the absolute end),
 * and a minute before the idle end a dialog whose "Stay signed in" makes a cheap call (who am I), which
 * moves the idle end on. At the idle end the tab forgets the session, as the server already has.
 */
export function SessionTimer({ onLogout }: { onLogout: () => void }) {
  const { t, i18n } = useTranslation('ops-staff');
  const api = useOperatorApi();
  const times = useSyncExternalStore(subscribeOperatorSession, operatorSessionTimesSnapshot);
  const now = useNow(1_000);
  const [staying, setStaying] = useState(false);
  const idleEnd = times ? Date.parse(times.idleExpiresAt) : Number.NaN;
  const idleLeftMs = idleEnd - now;

  useEffect(() => {
    if (Number.isFinite(idleLeftMs) && idleLeftMs <= 0) clearOperatorSession('expired');
  }, [idleLeftMs]);

  if (!times) return null;
  const locale = htmlLangOf(i18n.language);
  const endsAt = new Date(times.expiresAt).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  const warn = idleLeftMs > 0 && idleLeftMs <= idleWarningMs;
  const stay = () => {
    setStaying(true);
    // The answer's headers carry the new idle end; a failure (the session ended) goes back to the login.
    void api(opsSessionCalls.operatorMe)
      .then((info) => noteOperatorSessionTimes(info))
      .catch(() => undefined)
      .finally(() => setStaying(false));
  };
  return (
    <>
      <span className="operator-bar__session">{t('session.endsAt', { time: endsAt })}</span>
      {warn ? (
        <ModalDialog title={t('session.idleTitle')} onClose={stay} className="operator-confirm">
          <p role="timer">{t('session.idleText', { seconds: Math.ceil(idleLeftMs / 1000) })}</p>
          <div className="operator-confirm__buttons">
            <button type="button" className="button button--ghost" onClick={onLogout}>
              {t('session.logout')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={stay}
              disabled={staying}
              data-autofocus
            >
              {t('session.stay')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </>
  );
}
