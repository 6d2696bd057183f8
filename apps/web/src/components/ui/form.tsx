import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Icon } from './icon';

/**
 * The form kit: one look and one set of accessibility ties for every form (identity, payments, wallet,
 * feedback, and the operator console to come). A field's error and hint are linked to its control with
 * aria-describedby, an error marks the control aria-invalid, a form-level error is announced (role
 * alert), and the submit button shows its pending state. Texts come from the caller, already translated.
 */

/** The attributes that tie a control to its field: spread them on the input, select or textarea. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldFrameProps {
  label: ReactNode;
  error?: string | null | undefined;
  hint?: string | null | undefined;
  /** Shows the required '*' after the label (hidden from assistive tech, which gets aria-required). */
  requiredMark?: boolean | undefined;
  /** Something next to the control: a send-code button, a captcha image. */
  addon?: ReactNode;
  /** Renders the control with the attributes that tie it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled field around any control (input, select, textarea), with its hint and inline error. */
export function FieldFrame({ label, error, hint, requiredMark, addon, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': requiredMark ? true : undefined,
  };
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
        <div className="form-field__control">{children(control)}</div>
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A field's inline error (nothing when there is none); `id` is what the control's aria-describedby names. */
export function FieldError({ id, children }: { id: string; children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className="form-field__error">
      {children}
    </p>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string | null | undefined;
  requiredMark?: boolean | undefined;
  addon?: ReactNode;
  /** For type="password": the show/hide toggle's labels; without them there is no toggle. */
  revealLabels?: { show: string; hide: string } | undefined;
}

/** A labelled text input (FieldFrame + input); a password with `revealLabels` gets a show toggle. */
export function Field({
  label,
  value,
  onValueChange,
  error,
  hint,
  requiredMark,
  addon,
  revealLabels,
  type = 'text',
  ...inputProps
}: FieldProps) {
  const [revealed, setRevealed] = useState(false);
  const revealable = type === 'password' && revealLabels !== undefined;
  return (
    <FieldFrame label={label} error={error} hint={hint} requiredMark={requiredMark} addon={addon}>
      {(control) => (
        <>
          <input
            {...inputProps}
            {...control}
            type={revealable && revealed ? 'text' : type}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            className="form-field__input"
          />
          {revealable ? (
            <button
              type="button"
              className="form-field__reveal"
              aria-label={revealed ? revealLabels.hide : revealLabels.show}
              aria-pressed={revealed}
              onClick={() => setRevealed((current) => !current)}
            >
              <Icon name={revealed ? 'eyeOff' : 'eye'} size={18} />
            </button>
          ) : null}
        </>
      )}
    </FieldFrame>
  );
}

/** A form-level message: an error (role alert, announced at once) or a success or info note (role status). */
export function FormMessage({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <Icon name={kind === 'error' ? 'alert' : kind === 'success' ? 'check' : 'info'} size={18} />
      <span>{children}</span>
    </div>
  );
}

/** A form's error banner; nothing when there is no error. */
export function FormError({ children }: { children: string | null | undefined }) {
  return children ? <FormMessage kind="error">{children}</FormMessage> : null;
}

interface SubmitButtonProps {
  pending: boolean;
  /** The label while the form is being sent. */
  pendingLabel: string;
  children: ReactNode;
  /** Full width (the identity dialogs' look). */
  block?: boolean;
}

/** The primary submit button: disabled and aria-busy while pending, showing `pendingLabel`. */
export function SubmitButton({ pending, pendingLabel, children, block = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={`button button--primary${block ? ' button--block' : ''}`}
      disabled={pending}
      aria-busy={pending}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
