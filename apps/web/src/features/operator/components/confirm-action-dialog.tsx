import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, FormMessage, SubmitButton } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';

/** Longest reason or remark the ops calls accept (rejectPayload, claim note, redeem remark). */
const reasonMaxLength = 200;

interface ConfirmActionDialogProps {
  /** The action's label key (namespace operator), e.g. actions.approve. */
  labelKey: string;
  money: boolean;
  reason: 'none' | 'optional' | 'required';
  /** The reason field's label key when it is no reason (a feedback's answer). */
  reasonLabelKey?: string | undefined;
  reasonMaxLength?: number | undefined;
  subject: { account: string; amount: string | null };
  pending: boolean;
  /** The failure of the last attempt, already translated. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks before a queue action runs: names the account and amount, says when money moves, and takes the
 * reason a rejection needs. The dialog stays open on failure, with the error, so the operator can retry.
 */
export function ConfirmActionDialog(props: ConfirmActionDialogProps) {
  const { labelKey, money, reason, subject, pending, error, onConfirm, onCancel } = props;
  const maxLength = props.reasonMaxLength ?? reasonMaxLength;
  const { t } = useTranslation('operator');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const label = t(labelKey);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (reason === 'required' && trimmed.length === 0) {
      setMissing(true);
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <ModalDialog
      title={t('confirm.title', { action: label })}
      onClose={onCancel}
      className="operator-confirm"
    >
      <form className="operator-confirm__form" onSubmit={submit} noValidate>
        <p>
          {subject.amount
            ? t('confirm.questionAmount', { action: label, account: subject.account, amount: subject.amount })
            : t('confirm.question', { action: label, account: subject.account })}
        </p>
        {money ? <FormMessage kind="info">{t('confirm.money')}</FormMessage> : null}
        {reason === 'none' ? null : (
          <div className={`form-field${missing ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={reasonId}>
              {props.reasonLabelKey
                ? t(props.reasonLabelKey)
                : reason === 'required'
                  ? t('confirm.reasonRequired')
                  : t('confirm.reasonOptional')}
            </label>
            <textarea
              id={reasonId}
              className="form-field__input operator-confirm__reason"
              value={text}
              maxLength={maxLength}
              rows={maxLength > reasonMaxLength ? 6 : 3}
              aria-invalid={missing ? true : undefined}
              aria-describedby={missing ? `${reasonId}-error` : undefined}
              data-autofocus
              onChange={(event) => {
                setText(event.target.value);
                setMissing(false);
              }}
            />
            {missing ? (
              <p id={`${reasonId}-error`} className="form-field__error">
                {t('confirm.reasonMissing')}
              </p>
            ) : null}
          </div>
        )}
        <FormError>{error}</FormError>
        <div className="operator-confirm__buttons">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('confirm.cancel')}
          </button>
          <SubmitButton pending={pending} pendingLabel={t('confirm.pending')}>
            {label}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
