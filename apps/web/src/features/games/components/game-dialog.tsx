import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';

interface GameDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

/**
 * A modal <dialog> of the games feature (vendor game list, launch messages): the title labels it,
 * Escape, the backdrop and the close button close it, focus returns where it was.
 */
export function GameDialog({ title, onClose, children, role, className }: GameDialogProps) {
  const { t } = useTranslation('games');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus], .game-dialog__close')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className={`dialog game-dialog ${className ?? ''}`}
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel game-dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button game-dialog__close"
            onClick={onClose}
            aria-label={t('popup.close')}
          >
            <Icon name="close" />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
