import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError, SubmitButton } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';

/**
 * Asks before a change players see (publish, unpublish, remove, a vendor switched off) that moves no
 * money: names the item and what happens (the queues' money dialog is ConfirmActionDialog). Stays open
 * on failure with the error, so the operator can retry or cancel.
 */
export function ChangeConfirmDialog({
  title,
  question,
  confirmLabel,
  danger = false,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  question: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('operator');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <ModalDialog title={title} onClose={onCancel} className="operator-confirm">
      <form className="operator-confirm__form" onSubmit={submit} noValidate>
        <p>{question}</p>
        <FormError>{error}</FormError>
        <div className={`operator-confirm__buttons${danger ? ' operator-confirm__buttons--danger' : ''}`}>
          <button type="button" className="button button--ghost" onClick={onCancel} data-autofocus>
            {t('confirm.cancel')}
          </button>
          <SubmitButton pending={pending} pendingLabel={t('confirm.pending')}>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
