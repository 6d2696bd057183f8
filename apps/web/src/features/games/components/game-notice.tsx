import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GameDialog } from './game-dialog';

/** A launch or favourite message (trial account, maintenance, refusal) with an OK button. */
export function GameNotice({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const { t } = useTranslation('games');
  const textId = useId();
  return (
    <GameDialog title={title} onClose={onClose} role="alertdialog" className="game-notice">
      <p id={textId} className="game-notice__text">
        {text}
      </p>
      <div className="game-notice__actions">
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {t('notice.ok')}
        </button>
      </div>
    </GameDialog>
  );
}
