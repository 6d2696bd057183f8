import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@portal/contracts';
import { Icon } from '../../../components/ui/icon';
import { hideLoader } from '../../../lib/loader';

/** Replaces the whole app while the system status is 2: shows the visitor's IP (spec section 8). */
export function RegionRestrictedPage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  useEffect(hideLoader, []);

  return (
    <main className="status-screen" aria-labelledby="status-title">
      <div className="status-screen__card">
        <span className="status-screen__icon status-screen__icon--danger" aria-hidden="true">
          <Icon name="shield" size={40} />
        </span>
        <h1 id="status-title" className="status-screen__title">
          {t('system.region.title')}
        </h1>
        <p className="status-screen__text">{t('system.region.text')}</p>
        <p className="status-screen__ip">
          <span>{t('system.region.yourIp')}</span> <strong dir="ltr">{status.ip}</strong>
        </p>
      </div>
    </main>
  );
}
