import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import type { PageProps } from './page-props';

/**
 * The one page shown by every route whose section a later release opens. It says so plainly rather
 * than showing placeholder content.
 */
export default function NotOpenPage({ route }: PageProps) {
  const { t } = useTranslation();
  const section = t(route.titleKey);
  return (
    <div className="page page--centered">
      <div className="notice-card">
        <span className="notice-card__icon" aria-hidden="true">
          <Icon name="compass" size={36} />
        </span>
        <p className="notice-card__eyebrow">{section}</p>
        <h1 className="notice-card__title">{t('notOpen.title', { section })}</h1>
        <p className="notice-card__text">{t('notOpen.text')}</p>
        <Link className="button button--primary" to="/">
          <Icon name="home" />
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}
