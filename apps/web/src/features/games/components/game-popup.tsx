import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';

interface GamePopupProps {
  /** The launch URL the server returned. */
  url: string;
  title: string;
  onClose: () => void;
  /** A same-origin game page posted `{ type: 'balance' }` (after a bet or a win). */
  onBalanceMessage: () => void;
}

/** Whether a `message` event is a balance notice from a page of our own origin. */
export function isBalanceMessage(event: MessageEvent, origin: string): boolean {
  if (event.origin !== origin) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'balance';
}

/**
 * The game iframe popup: a modal <dialog> (focus kept inside, Escape and the close button close it).
 * The iframe gets the launch URL; what it may do is bounded by the sandbox (scripts, same-origin
 * storage, forms, full screen) so a vendor page cannot navigate the portal itself.
 */
export function GamePopup({ url, title, onClose, onBalanceMessage }: GamePopupProps) {
  const { t } = useTranslation('games');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onBalanceRef = useRef(onBalanceMessage);
  useEffect(() => {
    onBalanceRef.current = onBalanceMessage;
  }, [onBalanceMessage]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    dialog.querySelector<HTMLElement>('.game-popup__close')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (isBalanceMessage(event, window.location.origin)) onBalanceRef.current();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="dialog game-popup"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // A dialog opened without showModal (older engines, test DOMs) gets no cancel event.
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="game-popup__panel">
        <header className="game-popup__header">
          <h2 id={titleId} className="game-popup__title">
            <Icon name="play" size={18} />
            {title}
          </h2>
          <button
            type="button"
            className="icon-button game-popup__close"
            onClick={onClose}
            aria-label={t('popup.close')}
          >
            <Icon name="close" />
          </button>
        </header>
        <iframe
          className="game-popup__frame"
          src={url}
          title={t('popup.frameTitle', { game: title })}
          allow="fullscreen; autoplay"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"
          referrerPolicy="no-referrer-when-downgrade"
        />
      </div>
    </dialog>
  );
}
