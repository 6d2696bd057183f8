import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useWinnerBoard } from '../api/games-queries';
import { lobbyConstants } from '../model/lobby-constants';
import { useNearViewport } from '../../../components/ui/use-near-viewport';
import { biggestWins, displayWin } from '../model/winners';

/** Icon size of a winner row. */
const winnerIconSize = 40;

/**
 * The winner board: the 9 biggest of the latest 20 real wins (player masked, game, prize), read once the
 * board comes near the viewport.
 */
export function WinnerBoard() {
  const { t } = useTranslation('games');
  const { ref, near } = useNearViewport<HTMLElement>();
  const board = useWinnerBoard({ enabled: near });
  let body;
  if (!near || (board.isLoading && !board.data))
    body = <SkeletonLines count={lobbyConstants.winnersShown} className="winner-board__loading" />;
  else if (board.isError && !board.data)
    body = <ErrorState compact message={t('winners.error')} onRetry={() => void board.refetch()} />;
  else {
    const wins = biggestWins(board.data?.list ?? []);
    body =
      wins.length === 0 ? (
        <EmptyState icon="crown" title={t('winners.emptyTitle')} text={t('winners.emptyText')} />
      ) : (
        <table className="winner-board__table">
          <thead>
            <tr>
              <th scope="col">{t('winners.player')}</th>
              <th scope="col">{t('winners.game')}</th>
              <th scope="col" className="winner-board__amount">
                {t('winners.prize')}
              </th>
            </tr>
          </thead>
          <tbody>
            {wins.map((win, index) => (
              <tr key={`${win.customerName}-${win.gameCode}-${win.wonAt}-${index}`}>
                <td>{win.customerName}</td>
                <td>
                  <span className="winner-board__game">
                    <img
                      src={win.iconUrl}
                      alt=""
                      width={winnerIconSize}
                      height={winnerIconSize}
                      loading="lazy"
                      decoding="async"
                    />
                    {win.gameName}
                  </span>
                </td>
                <td className="winner-board__amount">{displayWin(win.winAmount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
  return (
    <section ref={ref} className="winner-board" aria-labelledby="winner-board-title">
      <h2 id="winner-board-title" className="section__title">
        {t('winners.title')}
      </h2>
      {body}
    </section>
  );
}
