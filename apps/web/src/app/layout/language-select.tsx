import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { languageDisplayName, htmlLangOf, switchLanguage } from '../../i18n';

/** The language selector: the merchant's languages that have a dictionary. */
export function LanguageSelect({ languages }: { languages: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [failed, setFailed] = useState(false);
  if (languages.length < 2) return null;

  const change = (code: string) => {
    setFailed(false);
    switchLanguage(i18n, code).catch(() => setFailed(true));
  };

  return (
    <div className="language-select">
      <label htmlFor={id} className="language-select__label">
        <Icon name="globe" size={18} />
        {t('layout.language')}
      </label>
      <select
        id={id}
        className="language-select__control"
        value={i18n.language}
        onChange={(event) => change(event.target.value)}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={htmlLangOf(code)}>
            {languageDisplayName(code)}
          </option>
        ))}
      </select>
      {failed ? (
        <p className="language-select__error" role="alert">
          {t('errors.networkAbnormal')}
        </p>
      ) : null}
    </div>
  );
}
