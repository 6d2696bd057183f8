import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage, SubmitButton } from '../../../../components/ui/form';
import { useOperatorErrorText } from '../../api/queue-queries';
import { useSettingsChange, type SettingsChange } from './settings-queries';

/**
 * One settings area's form: its fields, a save button, and the server's answer in words (saved, or the
 * refusal with the error catalogue's text). `build` returns the change to send, or null when a field the
 * form checks itself is wrong (it shows its own message then).
 */
export function SettingsForm({
  title,
  lead,
  build,
  children,
}: {
  title: string;
  lead?: ReactNode;
  build: () => SettingsChange | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('ops-settings');
  const errorText = useOperatorErrorText();
  const change = useSettingsChange();
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = build();
    if (next) change.mutate(next);
  };
  return (
    <section className="ops-settings__area" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {lead ? <p className="ops-settings__lead">{lead}</p> : null}
      <form className="ops-settings__form" onSubmit={submit} noValidate>
        {children}
        <FormError>{change.isError ? errorText(change.error) : null}</FormError>
        {change.isSuccess ? <FormMessage kind="success">{t('saved')}</FormMessage> : null}
        <div className="ops-settings__actions">
          <SubmitButton pending={change.isPending} pendingLabel={t('saving')}>
            {t('save')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

/** A labelled checkbox (a module switch, a language, a theme). */
export function Switch({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="ops-settings__switch">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Local state that starts from the server's value and is replaced when a new value arrives. */
export function useDraft<Value>(value: Value): [Value, (next: Value) => void] {
  const [state, setState] = useState({ from: value, draft: value });
  if (state.from !== value) {
    setState({ from: value, draft: value });
    return [value, (next) => setState({ from: value, draft: next })];
  }
  return [state.draft, (next) => setState({ from: value, draft: next })];
}

/** Splits a list typed one per line or separated by commas; blanks dropped. */
export function listOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
