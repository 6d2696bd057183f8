import type { GamePage } from '@portal/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFavourites, useRecentGames } from '../api/games-queries';
import { GameGrid } from './game-grid';

type AccountList = 'favorite' | 'recent';

function AccountGames({ kind, query }: { kind: AccountList; query: UseQueryResult<GamePage> }) {
  const { t } = useTranslation('games');
  return (
    <div className="page game-list-page">
      <header className="page__header">
        <h1 className="page__title">{t(`account.${kind}Title`)}</h1>
        <p className="page__lead">{t(`account.${kind}Lead`)}</p>
      </header>
      <GameGrid
        games={query.data?.content}
        isLoading={query.isLoading}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        emptyTitle={t(`account.${kind}EmptyTitle`)}
        emptyText={t(`account.${kind}EmptyText`)}
        eagerCount={6}
      />
    </div>
  );
}

function FavouriteGames() {
  return <AccountGames kind="favorite" query={useFavourites()} />;
}

function RecentGames() {
  return <AccountGames kind="recent" query={useRecentGames()} />;
}

/** /favorite (the member's favourites, pageSize 999) or /recent (the last 20 launches, newest first). */
export function AccountGamesPage({ kind }: { kind: AccountList }) {
  return kind === 'favorite' ? <FavouriteGames /> : <RecentGames />;
}
