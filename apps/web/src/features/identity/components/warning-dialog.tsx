import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/** The warning of spec section 8: a message and a submit button that closes it. */
export function WarningDialog({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation('identity');
  const messageId = useId();
  return (
    <Modal
      title={t('identity.warning')}
      icon="alert"
      onClose={onClose}
      role="alertdialog"
      describedBy={messageId}
    >
      <p id={messageId} className="identity-dialog__message">
        {message}
      </p>
      <div className="identity-dialog__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          {t('identity.submit')}
        </button>
      </div>
    </Modal>
  );
}
