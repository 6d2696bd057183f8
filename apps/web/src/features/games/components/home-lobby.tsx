import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useHotGames } from '../api/games-queries';
import { GameGridSkeleton } from './game-grid';
import { CategoryRow, homeRows } from './category-row';
import { HotGames } from './hot-games';
import { JackpotCounter } from './jackpot-counter';
import { WinnerBoard } from './winner-board';

/** Home's hot games section with its counter. */
function HotSection() {
  const { t } = useTranslation('games');
  const hot = useHotGames();
  let body;
  if (hot.isLoading && !hot.data) body = <GameGridSkeleton count={3} />;
  else if (hot.isError && !hot.data)
    body = <ErrorState compact message={t('list.error')} onRetry={() => void hot.refetch()} />;
  else if (!hot.data || hot.data.list.length === 0)
    body = <EmptyState icon="gamepad" title={t('home.hotEmpty')} />;
  else body = <HotGames games={hot.data.list} />;
  return (
    <section className="lobby__hot" aria-labelledby="lobby-hot-title">
      <h2 id="lobby-hot-title" className="section__title">
        {t('home.hotTitle')}
      </h2>
      {body}
    </section>
  );
}

/**
 * Home's lobby below the hero: hot games, the jackpot counter, the RNG, FISH, PVP and LIVE rows and the
 * winner board. It loads as its own chunk; LobbySkeleton holds its place with the same section sizes.
 */
export function HomeLobby() {
  return (
    <div className="lobby">
      <div className="lobby__top">
        <HotSection />
        <JackpotCounter />
      </div>
      {homeRows.map((row) => (
        <CategoryRow key={row.category} category={row.category} to={row.to} />
      ))}
      <WinnerBoard />
    </div>
  );
}
