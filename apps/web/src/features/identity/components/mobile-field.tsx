import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLangOf } from '../../../i18n/languages';
import { countryName, type DialingCode } from '../model/dialing-codes';

interface MobileFieldProps {
  /** The merchant's countries (white-label settings), in its order. */
  countries: readonly DialingCode[];
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  mobileNum: string;
  onMobileNumChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
}

/** A mobile number with its country dialing code picker. */
export function MobileField({
  countries,
  dialingCode,
  onDialingCodeChange,
  mobileNum,
  onMobileNumChange,
  error,
  required = true,
}: MobileFieldProps) {
  const { t, i18n } = useTranslation('identity');
  const id = useId();
  const errorId = `${id}-error`;
  const language = htmlLangOf(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={`${id}-number`}>
        {t('identity.mobileNum')}
        {required ? (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="form-field__row mobile-field">
        <select
          className="form-field__input mobile-field__code"
          aria-label={t('identity.dialingCode')}
          value={dialingCode}
          onChange={(event) => onDialingCodeChange(event.target.value)}
        >
          {countries.length === 0 && dialingCode !== '' ? (
            <option value={dialingCode}>{dialingCode}</option>
          ) : null}
          {countries.map((entry) => (
            <option key={entry.countryCode} value={entry.countryDialingCode}>
              {`${entry.countryDialingCode} ${countryName(entry.countryCode, language)}`}
            </option>
          ))}
        </select>
        <input
          id={`${id}-number`}
          className="form-field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          value={mobileNum}
          onChange={(event) => onMobileNumChange(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
        />
      </div>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Whether a mobile number looks dialable: 4 to 15 digits (the contract's rule). */
export function isMobileNumber(value: string): boolean {
  return /^\d{4,15}$/.test(value);
}
