import type { SessionInfo } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey, useApiClient } from '../../../lib/api';
import { memberQueries, memberQueryKeys } from '../api/member-queries';
import { htmlLangOf } from '../../../i18n/languages';
import { FormMessage } from './form-field';

/** One formatter per language: building an Intl.DateTimeFormat costs far more than formatting with it. */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The language's formatter, built on first use. The first one of a page costs the locale's date data
 * (about 100 ms of main thread on Lighthouse's throttled phone), so the member centre's prefetch builds
 * it while the boot waits for the network, not in the render that shows the sessions.
 */
export function sessionTimeFormat(language: string): Intl.DateTimeFormat {
  let format = timeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(htmlLangOf(language), { dateStyle: 'medium', timeStyle: 'short' });
    timeFormats.set(language, format);
  }
  return format;
}

function formatTime(iso: string, language: string): string {
  return sessionTimeFormat(language).format(new Date(iso));
}

/** "Chrome 131 on Windows 10" from what the server read in the user agent; the raw agent when it named nothing. */
function deviceName(entry: SessionInfo, t: TFunction<'identity'>): string {
  if (entry.browser && entry.os)
    return t('identity.sessions.deviceName', { browser: entry.browser, os: entry.os });
  return entry.browser ?? entry.os ?? entry.userAgent ?? t('identity.sessions.unknownDevice');
}

/** Active sessions with revoke; the current one is marked and cannot be revoked here (use log out). */
export function SessionsSection() {
  const { t, i18n } = useTranslation('identity');
  const api = useApiClient();
  const queryClient = useQueryClient();
  const sessions = useQuery(memberQueries.sessions(api));
  const revoke = useMutation({
    mutationFn: (id: number) => api('revokeSession', { params: { id } }),
    onSuccess: (_reply, id) => {
      queryClient.setQueryData<SessionInfo[]>(memberQueryKeys.sessions, (current) =>
        current?.filter((entry) => entry.id !== id),
      );
    },
  });

  if (sessions.isPending) return <SkeletonLines count={3} />;
  if (sessions.isError) {
    return (
      <ErrorState
        compact
        message={t(errorMessageKey(sessions.error))}
        onRetry={() => void sessions.refetch()}
      />
    );
  }
  return (
    <>
      <ul className="session-list">
        {sessions.data.map((entry) => (
          <li key={entry.id} className="session-list__item">
            <div>
              <div className="session-list__device">
                {entry.userAgent && deviceName(entry, t) !== entry.userAgent ? (
                  // The readable name; the raw user agent on hover (title) and, for keyboards and screen
                  // readers, behind the disclosure.
                  <details className="session-list__agent">
                    <summary title={entry.userAgent}>{deviceName(entry, t)}</summary>
                    <code>{entry.userAgent}</code>
                  </details>
                ) : (
                  <span>{deviceName(entry, t)}</span>
                )}
                {entry.current ? <span className="badge">{t('identity.sessions.current')}</span> : null}
              </div>
              <p className="session-list__meta">
                {t('identity.sessions.meta', {
                  ip: entry.ip ?? '—',
                  method: t(`identity.sessions.methods.${entry.loginMethod}`),
                  lastSeen: formatTime(entry.lastSeenAt, i18n.language),
                })}
              </p>
            </div>
            {entry.current ? null : (
              <button
                type="button"
                className="button button--ghost"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(entry.id)}
                aria-label={t('identity.sessions.revokeNamed', {
                  device: deviceName(entry, t),
                })}
              >
                {t('identity.sessions.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {revoke.isError ? <FormMessage kind="error">{t(errorMessageKey(revoke.error))}</FormMessage> : null}
    </>
  );
}
