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
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <label className="form-field" htmlFor={`${id}-preset`}>
        <span className="form-field__label">{t('history.range')}</span>
        <select
          id={`${id}-preset`}
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
      </label>
      {value.preset === 'custom' ? (
        <>
          <label className="form-field">
            <span className="form-field__label">{t('history.from')}</span>
            <input
              type="date"
              className="form-field__input"
              value={value.from}
              max={value.to || undefined}
              onChange={(event) => onChange({ ...value, from: event.target.value })}
            />
          </label>
          <label className="form-field">
            <span className="form-field__label">{t('history.to')}</span>
            <input
              type="date"
              className="form-field__input"
              value={value.to}
              min={value.from || undefined}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          </label>
        </>
      ) : null}
    </>
  );
}
