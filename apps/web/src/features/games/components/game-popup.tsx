import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';

interface GamePopupProps {
  /** The launch URL the server returned. */
  url: string;
  title: string;
  onClose: () => void;
  /** A same-origin game page posted `{ type: 'balance' }` (after a bet or a win). */
  onBalanceMessage: () => void;
  /** /seamless's address of this game: the popup offers "Open full page" there (same game session). */
  fullPageHref?: string | undefined;
}

/** Whether a `message` event is a balance notice from a page of our own origin. */
export function isBalanceMessage(event: MessageEvent, origin: string): boolean {
  if (event.origin !== origin) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'balance';
}

/** What a game frame may do (decision 0044): its sandbox and permissions, by whose page it shows. */
export interface FramePolicy {
  /** Undefined: no sandbox attribute (the portal's own page, which a sandbox could not bound). */
  sandbox: string | undefined;
  allow: string;
}

/**
 * An in-house game (a page of the portal's own origin, /bgs/play/...) is the portal's code: a sandbox
 * with allow-same-origin would bound nothing (a same-origin page can lift it, as Chrome warns on every
 * launch) and one without it would cut the page off from its own origin's API, scripts and images, so it
 * gets none, and only full screen. A vendor's page (seamless or transfer, another origin) is sandboxed:
 * scripts, forms, popups and dialogs, and its own origin's storage (allow-same-origin grants the
 * vendor's origin, never the portal's), but no navigation of the portal, no downloads, no pointer lock.
 */
export function framePolicyOf(url: string, portalOrigin: string): FramePolicy {
  let origin: string;
  try {
    origin = new URL(url, `${portalOrigin}/`).origin;
  } catch {
    origin = 'null';
  }
  if (origin === portalOrigin) return { sandbox: undefined, allow: 'fullscreen' };
  return {
    sandbox: 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals',
    allow: 'fullscreen; autoplay',
  };
}

/**
 * The game iframe popup: a modal <dialog> (focus kept inside, Escape and the close button close it).
 * The iframe gets the launch URL; what it may do is framePolicyOf's (decision 0044), so a vendor page
 * cannot navigate the portal itself.
 */
export function GamePopup({ url, title, onClose, onBalanceMessage, fullPageHref }: GamePopupProps) {
  const { t } = useTranslation('games');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onBalanceRef = useRef(onBalanceMessage);
  const policy = framePolicyOf(url, window.location.origin);
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
          {fullPageHref ? (
            <Link
              className="button button--ghost game-popup__full"
              to={fullPageHref}
              state={{ url, title }}
              onClick={onClose}
            >
              <Icon name="expand" size={18} />
              {t('popup.fullPage')}
            </Link>
          ) : null}
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
          allow={policy.allow}
          sandbox={policy.sandbox}
          referrerPolicy="no-referrer-when-downgrade"
        />
      </div>
    </dialog>
  );
}
