import type { Game, GameListLayout } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { GameColumns } from './game-columns';
import { GameItem } from './game-item';

interface GameGridProps {
  games: readonly Game[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** Placeholder cards while loading, so the grid takes its final height at once. */
  skeletonCount?: number;
  emptyTitle?: string;
  emptyText?: string;
  /** How many leading cards load their image eagerly. */
  eagerCount?: number;
  /** The merchant's game-list layout: a grid (default) or columns of two (spec "games chunked 2"). */
  layout?: GameListLayout;
}

/** Cards standing in for games while a list loads. */
export function GameGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation('games');
  return (
    <div className="game-grid" role="status" aria-label={t('list.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="game-item game-item--skeleton" aria-hidden="true">
          <Skeleton className="game-item__image" />
          <Skeleton className="skeleton--line" />
        </div>
      ))}
    </div>
  );
}

/** A grid of game items with its loading, empty and error states. */
export function GameGrid({
  games,
  isLoading,
  isError,
  onRetry,
  skeletonCount = 12,
  emptyTitle,
  emptyText,
  eagerCount = 0,
  layout = 'grid',
}: GameGridProps) {
  const { t } = useTranslation('games');
  if (isLoading && !games) return <GameGridSkeleton count={skeletonCount} />;
  if (isError && !games) return <ErrorState message={t('list.error')} onRetry={onRetry} />;
  if (!games || games.length === 0) {
    return (
      <EmptyState
        icon="gamepad"
        title={emptyTitle ?? t('list.emptyTitle')}
        text={emptyText ?? t('list.emptyText')}
      />
    );
  }
  if (layout === 'chunked2') return <GameColumns games={games} eagerCount={eagerCount} />;
  return (
    <ul className="game-grid" aria-label={t('list.gamesLabel')}>
      {games.map((game, index) => (
        <li key={game.gameId} className="game-grid__cell">
          <GameItem game={game} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
