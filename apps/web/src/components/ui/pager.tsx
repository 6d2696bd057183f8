import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}

/** Previous / next page buttons with "page x of y"; nothing when everything fits on one page. */
export function Pager({ page, totalPages, onPage }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('pager.previous')}
      >
        <Icon name="chevronLeft" size={16} />
      </button>
      <span className="pager__status" aria-live="polite">
        {t('pager.status', { page, totalPages })}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label={t('pager.next')}
      >
        <Icon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
