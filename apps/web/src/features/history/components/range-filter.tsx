import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeFilter } from '../api/history-queries';

export const defaultRange: RangeFilter = { preset: 'last7', from: '', to: '' };

/** The date filter: today, last 7 days, last 30 days, or explicit from/to days. */
export function RangeFilterFields({
  value,
  onChange,
}: {
  value: RangeFilter;
  onChange: (value: RangeFilter) => void;
}) {
  const { t } = useTranslation('history');
  const id = useId();
  return (
    <>
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
