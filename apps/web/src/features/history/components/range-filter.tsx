import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeFilter } from '../api/history-queries';

export const defaultRange: RangeFilter = { preset: 'last7', from: '', to: '' };

/** The day `days` after (or before, when negative) an ISO day. */
function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const shifts = [-30, -7, 7, 30] as const;

/**
 * The date filter: today, last 7 days, last 30 days, or explicit from/to days, plus the spec's shortcuts
 * "last/next 7 and 30 days", which move the shown window (`resolved`, the days the server answered for)
 * back or forward by that many days.
 */
export function RangeFilterFields({
  value,
  onChange,
  resolved,
}: {
  value: RangeFilter;
  onChange: (value: RangeFilter) => void;
  resolved?: { from: string; to: string } | undefined;
}) {
  const { t } = useTranslation('history');
  const id = useId();
  return (
    <>
      <div className="history-shifts" role="group" aria-label={t('history.shifts.label')}>
        {shifts.map((days) => (
          <button
            key={days}
            type="button"
            className="button button--ghost"
            disabled={!resolved}
            onClick={() =>
              resolved &&
              onChange({
                preset: 'custom',
                from: shiftDay(resolved.from, days),
                to: shiftDay(resolved.to, days),
              })
            }
          >
            {t(days < 0 ? 'history.shifts.last' : 'history.shifts.next', { days: Math.abs(days) })}
          </button>
        ))}
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-f1`}>
          {t('history.range')}
        </label>
        <select
          id={`${id}-f1`}
          className="form-field__input"
          value={value.preset}
          onChange={(event) => onChange({ ...value, preset: event.target.value as RangeFilter['preset'] })}
        >
          {(['today', 'last7', 'last30', 'custom'] as const).map((preset) => (
            <option key={preset} value={preset}>
              {t(`history.presets.${preset}`)}
            </option>
          ))}
        </select>
      </div>
      {value.preset === 'custom' ? (
        <>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-f2`}>
              {t('history.from')}
            </label>
            <input
              id={`${id}-f2`}
              type="date"
              className="form-field__input"
              value={value.from}
              max={value.to || undefined}
              onChange={(event) => onChange({ ...value, from: event.target.value })}
            />
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-f3`}>
              {t('history.to')}
            </label>
            <input
              id={`${id}-f3`}
              type="date"
              className="form-field__input"
              value={value.to}
              min={value.from || undefined}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          </div>
        </>
      ) : null}
    </>
  );
}
