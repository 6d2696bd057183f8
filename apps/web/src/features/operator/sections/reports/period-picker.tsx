import { maxReportDays, reportPresets, type ReportPreset } from '@portal/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The period a report shows: a preset, or a custom range of days (both inclusive). */
export type PeriodChoice = { preset: ReportPreset } | { from: string; to: string };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Days from `from` to `to`, both counted; NaN when either is not a date. */
export function daysBetween(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/** Why a custom range cannot be asked for (its message key), or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!dayPattern.test(from) || !dayPattern.test(to) || Number.isNaN(daysBetween(from, to))) {
    return 'period.invalidDate';
  }
  const days = daysBetween(from, to);
  if (days < 1) return 'period.reversed';
  if (days > maxReportDays) return 'period.tooLong';
  return null;
}

/**
 * The period picker: the presets as a select, and for a custom range two date fields applied with a
 * button (checked here as the server checks: from not after to, at most 92 days).
 */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodChoice;
  onChange: (choice: PeriodChoice) => void;
}) {
  const { t } = useTranslation('ops-reports');
  const id = useId();
  const [custom, setCustom] = useState('preset' in value ? null : { from: value.from, to: value.to });
  const [problem, setProblem] = useState<string | null>(null);
  const selected = custom ? 'custom' : 'preset' in value ? value.preset : 'custom';

  const choose = (next: string) => {
    setProblem(null);
    if (next === 'custom') {
      setCustom('preset' in value ? { from: '', to: '' } : { from: value.from, to: value.to });
      return;
    }
    setCustom(null);
    const preset = reportPresets.find((candidate) => candidate === next);
    if (preset) onChange({ preset });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!custom) return;
    const found = customRangeProblem(custom.from, custom.to);
    setProblem(found);
    if (!found) onChange({ from: custom.from, to: custom.to });
  };

  return (
    <form className="ops-reports__period" onSubmit={apply} noValidate aria-label={t('period.formLabel')}>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-preset`}>
          {t('period.label')}
        </label>
        <select
          id={`${id}-preset`}
          className="form-field__input"
          value={selected}
          onChange={(event) => choose(event.target.value)}
        >
          {reportPresets.map((preset) => (
            <option key={preset} value={preset}>
              {t(`period.presets.${preset}`)}
            </option>
          ))}
          <option value="custom">{t('period.presets.custom')}</option>
        </select>
      </div>
      {custom ? (
        <>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-from`}>
              {t('period.from')}
            </label>
            <input
              id={`${id}-from`}
              className="form-field__input"
              type="date"
              value={custom.from}
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          <div className="form-field">
            <label className="form-field__label" htmlFor={`${id}-to`}>
              {t('period.to')}
            </label>
            <input
              id={`${id}-to`}
              className="form-field__input"
              type="date"
              value={custom.to}
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              aria-invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          <button type="submit" className="button button--secondary">
            {t('period.apply')}
          </button>
          {problem ? (
            <p id={`${id}-problem`} className="form-field__error" role="alert">
              {t(problem, { days: maxReportDays })}
            </p>
          ) : null}
        </>
      ) : null}
    </form>
  );
}
