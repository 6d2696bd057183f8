import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../../components/ui/form';
import { periodPresets } from '../model/contract-lists';
import { formatDay } from '../model/format';
import { customPeriodProblem, maxPeriodDays, type AgentPeriod } from '../model/period';

interface PeriodPickerProps {
  value: AgentPeriod;
  onChange: (period: AgentPeriod) => void;
  /** The days the server answered for (the preset resolved in the merchant's calendar). */
  resolved?: { from: string; to: string } | undefined;
}

function periodKey(period: AgentPeriod): string {
  return period.preset === 'custom' ? `custom:${period.from}:${period.to}` : period.preset;
}

/**
 * The period of an agent report: a preset (today ... next 30 days) applies at once; "Choose dates" opens
 * from/to days, applied together once they make a period of at most 92 days. The days the server
 * resolved are announced, so a reader of a preset knows which days it covers.
 */
export function PeriodPicker(props: PeriodPickerProps) {
  // A new period from outside (Back, a link) starts the picker afresh.
  return <PeriodPickerFields key={periodKey(props.value)} {...props} />;
}

function PeriodPickerFields({ value, onChange, resolved }: PeriodPickerProps) {
  const { t, i18n } = useTranslation('agent');
  const id = useId();
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(
    value.preset === 'custom' ? { from: value.from, to: value.to } : null,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const selected = draft ? 'custom' : value.preset;

  const choose = (preset: string) => {
    setProblem(null);
    if (preset === 'custom') {
      setDraft({ from: resolved?.from ?? '', to: resolved?.to ?? '' });
      return;
    }
    const known = periodPresets.find((candidate) => candidate === preset);
    if (!known) return;
    setDraft(null);
    onChange({ preset: known });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const found = customPeriodProblem(draft.from, draft.to);
    if (found) {
      setProblem(t(`agent.period.problems.${found}`, { days: maxPeriodDays }));
      return;
    }
    setProblem(null);
    onChange({ preset: 'custom', from: draft.from, to: draft.to });
  };

  return (
    <div className="agent-period">
      <FieldFrame label={t('agent.period.label')}>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={selected}
            onChange={(event) => choose(event.target.value)}
          >
            {periodPresets.map((preset) => (
              <option key={preset} value={preset}>
                {t(`agent.period.presets.${preset}`)}
              </option>
            ))}
            <option value="custom">{t('agent.period.presets.custom')}</option>
          </select>
        )}
      </FieldFrame>
      {draft ? (
        <form
          className="agent-period__custom"
          onSubmit={apply}
          noValidate
          aria-label={t('agent.period.custom')}
        >
          <FieldFrame label={t('agent.period.from')}>
            {(control) => (
              <input
                {...control}
                type="date"
                className="form-field__input"
                value={draft.from}
                max={draft.to || undefined}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              />
            )}
          </FieldFrame>
          <FieldFrame label={t('agent.period.to')} error={problem}>
            {(control) => (
              <input
                {...control}
                type="date"
                className="form-field__input"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              />
            )}
          </FieldFrame>
          <button type="submit" className="button button--secondary">
            {t('agent.period.apply')}
          </button>
        </form>
      ) : null}
      <p className="agent-period__resolved" id={`${id}-resolved`} aria-live="polite">
        {resolved
          ? t('agent.period.showing', {
              from: formatDay(resolved.from, i18n.language),
              to: formatDay(resolved.to, i18n.language),
            })
          : null}
      </p>
    </div>
  );
}
