import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  hint?: string | null;
  /** Shows the required '*' (spec section 5: "items marked * are required"). */
  requiredMark?: boolean;
  /** Something next to the input: a send-code button, a captcha image. */
  addon?: ReactNode;
}

/** A labelled input whose error and hint are linked with aria-describedby; passwords get a show toggle. */
export function FormField({
  label,
  value,
  onValueChange,
  error,
  hint,
  requiredMark,
  addon,
  type = 'text',
  ...inputProps
}: FormFieldProps) {
  const { t } = useTranslation('identity');
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const isPassword = type === 'password';

  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {requiredMark ? (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="form-field__row">
        <div className="form-field__control">
          <input
            {...inputProps}
            id={id}
            type={isPassword && revealed ? 'text' : type}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-required={requiredMark ? true : undefined}
            className="form-field__input"
          />
          {isPassword ? (
            <button
              type="button"
              className="form-field__reveal"
              aria-label={revealed ? t('identity.hidePassword') : t('identity.showPassword')}
              aria-pressed={revealed}
              onClick={() => setRevealed((current) => !current)}
            >
              <Icon name={revealed ? 'eyeOff' : 'eye'} size={18} />
            </button>
          ) : null}
        </div>
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message: an error (role alert) or a success note (role status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon name={kind === 'error' ? 'alert' : kind === 'success' ? 'check' : 'info'} size={18} />
      <span>{children}</span>
    </div>
  );
}
