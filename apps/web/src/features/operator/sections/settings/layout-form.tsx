import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameListLayout, WhitelabelSettings } from '@portal/contracts';
import { SettingsForm, useDraft } from './settings-form';

// The contract's gameListLayouts, written here: a lazy chunk takes only types from the main entry.
const gameListLayouts: readonly GameListLayout[] = ['grid', 'chunked2'];

/** The player pages' layout: the game lists as a grid or as columns of two (spec "games chunked 2"). */
export function LayoutForm({ settings }: { settings: WhitelabelSettings }) {
  const { t } = useTranslation('ops-settings');
  const [layout, setLayout] = useDraft(settings.layout.gameListLayout);
  const name = useId();
  return (
    <SettingsForm
      title={t('layout.title')}
      lead={t('layout.lead')}
      build={() => ({ area: 'layout', body: { gameListLayout: layout } })}
    >
      <fieldset className="ops-settings__group">
        <legend>{t('layout.gameList')}</legend>
        {gameListLayouts.map((option) => (
          <div key={option} className="ops-settings__switch">
            <input
              id={`${name}-${option}`}
              type="radio"
              name={name}
              value={option}
              checked={layout === option}
              aria-describedby={`${name}-${option}-hint`}
              onChange={() => setLayout(option)}
            />
            <label htmlFor={`${name}-${option}`}>{t(`layout.options.${option}`)}</label>
            <p id={`${name}-${option}-hint`} className="form-field__hint">
              {t(`layout.hints.${option}`)}
            </p>
          </div>
        ))}
      </fieldset>
    </SettingsForm>
  );
}
