import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country, WhitelabelSettings } from '@portal/contracts';
import { SettingsForm, useDraft } from './settings-form';

const linePattern = /^([A-Za-z]{2})\s+\+?([1-9][0-9]{0,3})$/;

/** `TH +66` per line -> countries; the 1-based numbers of the lines that are not such a pair. */
export function parseCountryLines(text: string): { countries: Country[]; badLines: number[] } {
  const countries: Country[] = [];
  const badLines: number[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const match = linePattern.exec(line);
    if (!match?.[1] || !match[2]) badLines.push(index + 1);
    else countries.push({ countryCode: match[1].toUpperCase(), countryDialingCode: `+${match[2]}` });
  });
  return { countries, badLines };
}

/**
 * The countries of the players' mobile pickers (registration, SMS login, reset by phone): one
 * `code +dialing code` per line in the order players see them; the first is preselected.
 */
export function CountriesForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [text, setText] = useDraft(
    settings.countries.map((entry) => `${entry.countryCode} ${entry.countryDialingCode}`).join('\n'),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  return (
    <SettingsForm
      title={t('countries.title')}
      lead={t('countries.lead')}
      build={() => {
        const { countries, badLines } = parseCountryLines(text);
        const codes = countries.map((entry) => entry.countryCode);
        const twice = codes.filter((code, index) => codes.indexOf(code) !== index);
        const message =
          badLines.length > 0
            ? t('countries.badLines', { lines: badLines.join(', ') })
            : twice.length > 0
              ? t('countries.twice', { codes: [...new Set(twice)].join(', ') })
              : countries.length === 0
                ? t('countries.empty')
                : null;
        setProblem(message);
        return message === null ? { area: 'countries', body: { countries } } : null;
      }}
    >
      <div className={`form-field${problem ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={id}>
          {t('countries.list')}
        </label>
        <textarea
          id={id}
          className="form-field__input"
          rows={8}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className="form-field__hint">
          {t('countries.hint')}
        </p>
        {problem ? (
          <p id={`${id}-error`} className="form-field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
    </SettingsForm>
  );
}
