import type { Game } from '@portal/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { lobbyConstants } from '../model/lobby-constants';
import { GameItem } from './game-item';

/**
 * A category row: a grid carousel of two rows with 6 columns per view (3 on phones). Arrows appear only
 * above 12 games (spec section 9); below that the grid shows everything without them. The row scrolls
 * with scroll snapping, so touch, trackpad and the arrows all move by whole columns.
 */
export function GridCarousel({ games, label }: { games: readonly Game[]; label: string }) {
  const { t } = useTranslation('games');
  const trackRef = useRef<HTMLUListElement>(null);
  const arrows = games.length > lobbyConstants.gridArrowsAbove;
  const scroll = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollBy({ left: direction * track.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="grid-carousel">
      {arrows ? (
        <button
          type="button"
          className="icon-button grid-carousel__arrow grid-carousel__arrow--previous"
          onClick={() => scroll(-1)}
          aria-label={t('home.previousIn', { row: label })}
        >
          <Icon name="chevronLeft" />
        </button>
      ) : null}
      <ul ref={trackRef} className="grid-carousel__track" aria-label={label}>
        {games.map((game) => (
          <li key={game.gameId} className="grid-carousel__cell">
            <GameItem game={game} />
          </li>
        ))}
      </ul>
      {arrows ? (
        <button
          type="button"
          className="icon-button grid-carousel__arrow grid-carousel__arrow--next"
          onClick={() => scroll(1)}
          aria-label={t('home.nextIn', { row: label })}
        >
          <Icon name="chevronRight" />
        </button>
      ) : null}
    </div>
  );
}
