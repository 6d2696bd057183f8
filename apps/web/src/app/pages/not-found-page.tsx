import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';

/** Any address that is not a route. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--centered">
      <div className="notice-card">
        <p className="notice-card__code" aria-hidden="true">
          404
        </p>
        <h1 className="notice-card__title">{t('notFound.title')}</h1>
        <p className="notice-card__text">{t('notFound.text')}</p>
        <Link className="button button--primary" to="/">
          <Icon name="home" />
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
