import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegisterFieldSetting, WhitelabelSettings } from '@portal/contracts';
import { patternDescriptions, registerFieldNames, type PatternId } from '@portal/contracts/rules';
import { Icon } from '../../../../components/ui/icon';
import { SettingsForm, useDraft } from './settings-form';

const patternIds = Object.keys(patternDescriptions).map(Number) as PatternId[];

/** What the form checks before sending (the server checks again): lengths, required-shown, the musts. */
function problemOf(rules: readonly RegisterFieldSetting[]): string | null {
  for (const rule of rules) {
    if (rule.maxLength < Math.max(rule.minLength, 1)) return `lengths:${rule.field}`;
    if (rule.required && !rule.shown) return `requiredShown:${rule.field}`;
  }
  for (const field of ['username', 'password']) {
    if (!rules.some((rule) => rule.field === field && rule.required)) return `must:${field}`;
  }
  return null;
}

/** The register form's fields in form order: shown, required, pattern, lengths, accepted pattern. */
export function RegisterEditor({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [rules, setRules] = useDraft(settings.register);
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState('');
  const missing = registerFieldNames.filter((name) => !rules.some((rule) => rule.field === name));
  const update = (index: number, patch: Partial<RegisterFieldSetting>) =>
    setRules(rules.map((rule, position) => (position === index ? { ...rule, ...patch } : rule)));
  const move = (index: number, by: number) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    next.splice(index + by, 0, rule!);
    setRules(next);
  };
  const numberOf = (text: string) => (/^\d{1,3}$/.test(text) ? Number(text) : 0);
  const problemText = problem
    ? t(`register.problem.${problem.split(':')[0]}`, { field: problem.split(':')[1] })
    : null;
  return (
    <SettingsForm
      title={t('register.title')}
      lead={t('register.lead')}
      build={() => {
        const found = problemOf(rules);
        setProblem(found);
        return found ? null : { area: 'register', body: { fields: rules } };
      }}
    >
      <div className="ops-settings__scroll">
        <table className="data-table ops-settings__register">
          <caption className="visually-hidden">{t('register.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('register.field')}</th>
              <th scope="col">{t('register.shown')}</th>
              <th scope="col">{t('register.required')}</th>
              <th scope="col">{t('register.pattern')}</th>
              <th scope="col">{t('register.min')}</th>
              <th scope="col">{t('register.max')}</th>
              <th scope="col">{t('register.accepted')}</th>
              <th scope="col">{t('register.order')}</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, index) => (
              <tr key={rule.field}>
                <th scope="row">{rule.field}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('register.shownOf', { field: rule.field })}
                    checked={rule.shown}
                    onChange={(event) =>
                      update(index, {
                        shown: event.target.checked,
                        required: rule.required && event.target.checked,
                      })
                    }
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('register.requiredOf', { field: rule.field })}
                    checked={rule.required}
                    onChange={(event) =>
                      update(index, {
                        required: event.target.checked,
                        shown: rule.shown || event.target.checked,
                      })
                    }
                  />
                </td>
                <td>
                  <select
                    aria-label={t('register.patternOf', { field: rule.field })}
                    value={rule.patternId}
                    onChange={(event) => update(index, { patternId: Number(event.target.value) })}
                  >
                    {patternIds.map((id) => (
                      <option key={id} value={id}>
                        {id}: {patternDescriptions[id]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    className="ops-settings__number"
                    inputMode="numeric"
                    aria-label={t('register.minOf', { field: rule.field })}
                    value={String(rule.minLength)}
                    onChange={(event) => update(index, { minLength: numberOf(event.target.value) })}
                  />
                </td>
                <td>
                  <input
                    className="ops-settings__number"
                    inputMode="numeric"
                    aria-label={t('register.maxOf', { field: rule.field })}
                    value={String(rule.maxLength)}
                    onChange={(event) => update(index, { maxLength: numberOf(event.target.value) })}
                  />
                </td>
                <td>
                  <input
                    aria-label={t('register.acceptedOf', { field: rule.field })}
                    value={rule.acceptedPattern}
                    maxLength={200}
                    onChange={(event) => update(index, { acceptedPattern: event.target.value })}
                  />
                </td>
                <td className="ops-settings__order">
                  <button
                    type="button"
                    className="icon-button"
                    disabled={index === 0}
                    aria-label={t('register.up', { field: rule.field })}
                    onClick={() => move(index, -1)}
                  >
                    <span aria-hidden="true" className="ops-settings__flip">
                      <Icon name="chevronDown" size={18} />
                    </span>
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    disabled={index === rules.length - 1}
                    aria-label={t('register.down', { field: rule.field })}
                    onClick={() => move(index, 1)}
                  >
                    <Icon name="chevronDown" size={18} />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {missing.length > 0 ? (
        <div className="ops-settings__add">
          <select
            aria-label={t('register.addField')}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            <option value="">{t('register.addField')}</option>
            {missing.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="button button--ghost"
            disabled={adding === ''}
            onClick={() => {
              const field = missing.find((name) => name === adding);
              if (!field) return;
              setRules([
                ...rules,
                {
                  field,
                  shown: true,
                  required: false,
                  acceptedPattern: '*',
                  minLength: 0,
                  maxLength: 50,
                  patternId: 0,
                },
              ]);
              setAdding('');
            }}
          >
            {t('register.add')}
          </button>
        </div>
      ) : null}
      {problemText ? (
        <p className="form-field__error" role="alert">
          {problemText}
        </p>
      ) : null}
    </SettingsForm>
  );
}
