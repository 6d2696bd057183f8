import type { ActivityClaimPayload } from '@portal/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, FieldError, FormError, SubmitButton } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { contactApps, contactProblems, type ContactApp, type ContactProblems } from '../model/contact';

type Contact = NonNullable<ActivityClaimPayload['contact']>;

interface ContactDialogProps {
  /** The activity's title, under the dialog's title. */
  activityTitle: string;
  pending: boolean;
  /** The server's refusal, in words, shown in the dialog. */
  error: string | null;
  onSubmit: (contact: Contact) => void;
  onClose: () => void;
}

/**
 * Asks for the Zalo or WhatsApp id a contact bonus or an application needs (spec: "bonus redeem needs a
 * Zalo or WhatsApp id"), checked as the contract checks it before anything is sent.
 */
export function ContactDialog({ activityTitle, pending, error, onSubmit, onClose }: ContactDialogProps) {
  const { t } = useTranslation('rewards');
  const [app, setApp] = useState<ContactApp | null>(null);
  const [id, setId] = useState('');
  const [problems, setProblems] = useState<ContactProblems | null>(null);
  const appErrorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = contactProblems(app, id);
    setProblems(found);
    if (found || app === null) {
      const firstInvalid = found?.app ? 'input[name="contact-app"]' : 'input[data-contact-id]';
      (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>(firstInvalid)?.focus();
      return;
    }
    onSubmit({ app, id: id.trim() });
  };

  const idError =
    problems?.id === 'required'
      ? t('rewards.contact.idRequired')
      : problems?.id === 'format'
        ? t('rewards.contact.idFormat')
        : null;
  return (
    <ModalDialog title={t('rewards.contact.title')} icon="chat" onClose={onClose} className="reward-dialog">
      <form className="identity-form reward-contact" onSubmit={submit} noValidate>
        <p className="reward-contact__text">
          <strong>{activityTitle}</strong>
          <br />
          {t('rewards.contact.text')}
        </p>
        <fieldset
          className={`reward-contact__apps${problems?.app ? ' form-field--invalid' : ''}`}
          aria-describedby={problems?.app ? appErrorId : undefined}
          aria-required="true"
        >
          <legend className="form-field__label">
            {t('rewards.contact.app')}
            <span className="form-field__required" aria-hidden="true">
              *
            </span>
          </legend>
          {contactApps.map((choice, index) => (
            <label key={choice} className="checkbox">
              <input
                type="radio"
                name="contact-app"
                value={choice}
                checked={app === choice}
                aria-invalid={problems?.app ? true : undefined}
                onChange={() => {
                  setApp(choice);
                  setProblems((current) => (current ? { ...current, app: null } : current));
                }}
                data-autofocus={index === 0 ? true : undefined}
              />
              <span>{t(`rewards.contact.${choice}`)}</span>
            </label>
          ))}
          <FieldError id={appErrorId}>{problems?.app ? t('rewards.contact.appRequired') : null}</FieldError>
        </fieldset>
        <Field
          label={t('rewards.contact.id')}
          value={id}
          onValueChange={(value) => {
            setId(value);
            if (problems?.id) setProblems({ ...problems, id: null });
          }}
          hint={t('rewards.contact.hint')}
          error={idError}
          requiredMark
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          data-contact-id
        />
        <FormError>{error}</FormError>
        <div className="reward-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('rewards.contact.cancel')}
          </button>
          <SubmitButton pending={pending} pendingLabel={t('rewards.pending')}>
            {t('rewards.contact.submit')}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
