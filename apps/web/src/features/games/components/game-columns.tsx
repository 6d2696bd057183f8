import type { Game } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { chunk } from '../model/counters';
import { lobbyConstants } from '../model/lobby-constants';
import { GameItem } from './game-item';
import './game-columns.css';

/**
 * The "games chunked 2" layout (spec section 9): the games in columns of two, one column beside the
 * next, scrolled sideways (by touch, trackpad, or the keyboard: the list is focusable and scrolls with
 * the arrow keys). Reading order stays the list's: down a column, then the next column.
 */
export function GameColumns({ games, eagerCount = 0 }: { games: readonly Game[]; eagerCount?: number }) {
  const { t } = useTranslation('games');
  const columns = chunk(games, lobbyConstants.gamesChunkSize);
  return (
    <ul className="game-columns" aria-label={t('list.gamesLabel')} tabIndex={0}>
      {columns.map((column, columnIndex) => (
        <li key={column[0]?.gameId ?? columnIndex} className="game-columns__column">
          <ul className="game-columns__pair">
            {column.map((game, rowIndex) => (
              <li key={game.gameId}>
                <GameItem
                  game={game}
                  eager={columnIndex * lobbyConstants.gamesChunkSize + rowIndex < eagerCount}
                />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
