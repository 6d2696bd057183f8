import { useTranslation } from 'react-i18next';
import { errorMessageKey, isApiError } from '../../../lib/api';

/** The minutes left of a lock for the message, at least one. */
function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The translated text of a failed points call: the catalogue's text for each code (errors namespace),
 * except a locked withdraw password, which says how long to wait as the payments pages do.
 */
export function usePointsErrorText(): (error: unknown) => string {
  const { t } = useTranslation('points');
  return (error) => {
    if (isApiError(error) && error.code === 'payment_password_locked') {
      const seconds = (error.value as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
      if (typeof seconds === 'number') return t('points.errors.locked', { minutes: minutesOf(seconds) });
    }
    return t(errorMessageKey(error));
  };
}
