import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { hideLoader } from '../../lib/loader';

/** Last resort when routing itself fails: a translated message and a way back home. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    hideLoader();
    console.error('Route failed', error);
  }, [error]);
  return (
    <main id="main" className="status-screen">
      <div className="status-screen__card">
        <ErrorState message={t('errors.unknown')} onRetry={() => window.location.reload()} />
        <a className="button button--ghost" href="/">
          {t('common.backHome')}
        </a>
      </div>
    </main>
  );
}
