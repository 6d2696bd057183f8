import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  /** Compact variant for small regions such as a footer column. */
  compact?: boolean;
}

/** A failed load, announced to assistive tech, with a retry button when the caller can retry. */
export function ErrorState({ message, onRetry, compact = false }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div className={compact ? 'error-state error-state--compact' : 'error-state'} role="alert">
      <span className="error-state__icon" aria-hidden="true">
        <Icon name="alert" size={compact ? 18 : 28} />
      </span>
      <p className="error-state__text">{message}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          <Icon name="refresh" size={16} />
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
