import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '@portal/contracts';
import { Icon } from '../../../components/ui/icon';
import { hideLoader } from '../../../lib/loader';
import { usePermission } from '../api/system-queries';

/** Replaces the whole app while the system status is 1 (spec sections 4 and 8). */
export function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation();
  const permission = usePermission();
  const serviceEntry = permission.data?.info.customerService[0];
  useEffect(hideLoader, []);

  return (
    <main className="status-screen" aria-labelledby="status-title">
      <div className="status-screen__card">
        <span className="status-screen__icon status-screen__icon--warning" aria-hidden="true">
          <Icon name="wrench" size={40} />
        </span>
        <h1 id="status-title" className="status-screen__title">
          {t('system.maintenance.title')}
        </h1>
        <p className="status-screen__text">{t('system.maintenance.text')}</p>
        {status.maintenanceMessage ? (
          <p className="status-screen__message">{status.maintenanceMessage}</p>
        ) : null}
        {serviceEntry ? (
          <a
            className="button button--primary button--large"
            href={serviceEntry.path}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon name="headset" />
            {t('system.customerService')}
          </a>
        ) : null}
      </div>
    </main>
  );
}
