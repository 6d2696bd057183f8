import type { Game } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { targetKey, useGames } from '../model/games-context';
import { StarIcon } from './star-icon';

/** Icon size of a game card; the image is sized so the grid never shifts while it loads. */
export const gameIconSize = 160;

interface GameItemProps {
  game: Game;
  /** The first rows of a page above the fold load eagerly; everything else lazily. */
  eager?: boolean;
}

/** A game list item (spec section 2): favourite toggle, hot label, image, play button. */
export function GameItem({ game, eager = false }: GameItemProps) {
  const { t } = useTranslation('games');
  const games = useGames();
  const favourite = games.isFavourite(game.gameId);
  const busy = games.launchingKey === targetKey({ kind: 'game', game });
  const opensList = game.isGame === 'VASSALAGE';
  const icon = game.iconUrl;
  return (
    <article className="game-item" aria-label={game.displayName}>
      <div className="game-item__media">
        {icon ? (
          <img
            className="game-item__image"
            src={icon}
            alt=""
            width={gameIconSize}
            height={gameIconSize}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="game-item__image game-item__image--blank" aria-hidden="true">
            <Icon name="gamepad" size={40} />
          </span>
        )}
        {game.isHot === 1 ? <span className="game-item__hot">{t('item.hot')}</span> : null}
        {game.maintenance ? <span className="game-item__maintenance">{t('item.maintenance')}</span> : null}
        {opensList ? null : (
          <button
            type="button"
            className={favourite ? 'game-item__favourite game-item__favourite--on' : 'game-item__favourite'}
            aria-pressed={favourite}
            aria-label={t(favourite ? 'item.unfavourite' : 'item.favourite', { game: game.displayName })}
            onClick={() => games.toggleFavourite(game)}
          >
            <StarIcon filled={favourite} />
          </button>
        )}
      </div>
      <div className="game-item__body">
        <h3 className="game-item__name">{game.displayName}</h3>
        <p className="game-item__vendor">{game.vassalage}</p>
      </div>
      <button
        type="button"
        className="button button--primary game-item__play"
        aria-label={t(opensList ? 'item.openVendor' : 'item.play', { game: game.displayName })}
        aria-busy={busy}
        disabled={busy}
        onClick={() => games.launch({ kind: 'game', game })}
      >
        <Icon name="play" size={16} />
        {t(opensList ? 'item.games' : 'item.playShort')}
      </button>
    </article>
  );
}
