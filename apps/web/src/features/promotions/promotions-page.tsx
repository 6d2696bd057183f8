import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';

/** Promotions. The merchant has published none yet, so the page says so plainly. */
export function PromotionsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{t('promotions.title')}</h1>
        <p className="page__lead">{t('promotions.lead')}</p>
      </header>
      <EmptyState icon="gift" title={t('promotions.emptyTitle')} text={t('promotions.emptyText')}>
        <Link className="button button--secondary" to="/">
          {t('common.backHome')}
        </Link>
      </EmptyState>
    </div>
  );
}
