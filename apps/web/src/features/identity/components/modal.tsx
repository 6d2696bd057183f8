import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon';

interface ModalProps {
  title: string;
  icon?: IconName;
  /** Null: the dialog cannot be dismissed (Escape, backdrop and close button do nothing). */
  onClose: (() => void) | null;
  children: ReactNode;
  size?: 'small' | 'medium';
  /** alertdialog for confirmations and warnings. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (the message of a confirmation). */
  describedBy?: string;
}

const focusableSelector =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href]';

/**
 * A modal dialog on the native <dialog>: the browser keeps focus inside and the page inert. The title
 * labels it; focus starts on the first field (or the element marked data-autofocus) and returns to
 * where it was when the dialog closes.
 */
export function Modal({ title, icon, onClose, children, size = 'small', role, describedBy }: ModalProps) {
  const { t } = useTranslation('identity');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>(
        `.dialog__body ${focusableSelector.split(', ').join(', .dialog__body ')}`,
      );
    first?.focus();
    return () => {
      dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`dialog identity-dialog identity-dialog--${size}`}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {icon ? <Icon name={icon} /> : null}
            {title}
          </h2>
          {onClose ? (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
              <Icon name="close" />
            </button>
          ) : null}
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
