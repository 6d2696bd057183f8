import { useTranslation } from 'react-i18next';
import { errorMessageKey, isApiError } from '../../../lib/api';
import { maxPeriodDays } from '../model/period';

// The server refuses a period with these codes; the reader also gets the rule it broke.
const periodCodes: ReadonlySet<string> = new Set(['invalid_range', 'invalid_date']);

/**
 * The text of a failed agent call in the reader's language: the catalogue's text for the server's code,
 * and for a refused period the rule it broke (at most 92 days, start on or before the end).
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('agent');
  return (error) => {
    const text = t(errorMessageKey(error));
    if (isApiError(error) && periodCodes.has(error.code)) {
      return `${text} ${t('agent.period.rule', { days: maxPeriodDays })}`;
    }
    return text;
  };
}
