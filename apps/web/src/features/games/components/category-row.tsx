import type { GameCategory } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useGameList } from '../api/games-queries';
import { lobbyConstants } from '../model/lobby-constants';
import { useNearViewport } from '../../../components/ui/use-near-viewport';
import { GameGridSkeleton } from './game-grid';
import { GridCarousel } from './grid-carousel';

/** Home's rows, in the spec's order, and the page each row's "more" opens. */
export const homeRows: readonly { category: GameCategory; to: string }[] = [
  { category: 'RNG', to: '/rng' },
  { category: 'FISH', to: '/fish' },
  { category: 'PVP', to: '/pvp' },
  { category: 'LIVE', to: '/live' },
];

/**
 * One category row of home: its first 20 games in a grid carousel, and a link to the full list. The
 * games are read once the row comes near the viewport.
 */
export function CategoryRow({ category, to }: { category: GameCategory; to: string }) {
  const { t } = useTranslation('games');
  const { ref, near } = useNearViewport<HTMLElement>();
  const list = useGameList(
    { gameType: category, filter: 'ALL', pageSize: lobbyConstants.homePageSize },
    { enabled: near },
  );
  const title = t(`categories.${category}`);
  const titleId = `lobby-row-${category}`;
  let body;
  if (!near || (list.isLoading && !list.data)) body = <GameGridSkeleton count={lobbyConstants.gridPerView} />;
  else if (list.isError && !list.data)
    body = <ErrorState compact message={t('list.error')} onRetry={() => void list.refetch()} />;
  else if (!list.data || list.data.content.length === 0)
    body = <EmptyState icon="gamepad" title={t('list.emptyTitle')} />;
  else body = <GridCarousel games={list.data.content} label={title} />;
  return (
    <section ref={ref} className="lobby-row" aria-labelledby={titleId}>
      {/* A div, not a header: some assistive technologies still announce a nested header as a banner. */}
      <div className="lobby-row__header">
        <h2 id={titleId} className="section__title">
          {title}
        </h2>
        <Link className="lobby-row__more" to={to}>
          {t('home.more')}
          <span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      <div className="lobby-row__body">{body}</div>
    </section>
  );
}
