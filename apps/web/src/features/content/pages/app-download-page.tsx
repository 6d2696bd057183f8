import type { Resource } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { QrCode } from '../../../components/ui/qr-code';
import '../content.css';

/** Spec section 9: download QR codes are 120 px. */
const qrSizePx = 120;
const guideSteps = { Android: 4, iOS: 4 } as const;

/**
 * The app download page with install guides: per platform a QR code drawn in the browser (nothing
 * leaves the page to make it), the download link and numbered steps.
 */
export function AppDownloadPage({ resources }: { resources: readonly Resource[] | null }) {
  const { t } = useTranslation('content');
  const apps = (resources ?? []).filter(
    (resource): resource is Resource & { resourceType: 'Android' | 'iOS' } =>
      resource.resourceType === 'Android' || resource.resourceType === 'iOS',
  );
  return (
    <div className="page app-download-page">
      <header className="page__header">
        <h1 className="page__title">{t('download.title')}</h1>
        <p className="page__lead">{t('download.lead')}</p>
      </header>
      {resources === null ? (
        <div className="skeleton app-download-page__skeleton" aria-hidden="true" />
      ) : apps.length === 0 ? (
        <EmptyState icon="download" title={t('download.none')} />
      ) : (
        <div className="app-download-page__grid">
          {apps.map((app) => (
            <section
              key={app.resourceType + app.url}
              className="app-download-card"
              aria-labelledby={`download-${app.resourceType}`}
            >
              <h2 id={`download-${app.resourceType}`} className="app-download-card__title">
                {app.labelNameEn}
              </h2>
              <QrCode
                value={app.url}
                label={t('download.qrLabel', { platform: app.resourceType })}
                sizePx={qrSizePx}
              />
              <a className="button button--primary" href={app.url} target="_blank" rel="noopener noreferrer">
                <Icon name="download" size={18} />
                {t('download.get', { platform: app.resourceType })}
              </a>
              <h3 className="app-download-card__guide">{t('download.guideTitle')}</h3>
              <ol className="app-download-card__steps">
                {Array.from({ length: guideSteps[app.resourceType] }, (_, step) => (
                  <li key={step}>{t(`download.steps.${app.resourceType}.${step + 1}`)}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
