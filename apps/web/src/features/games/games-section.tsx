import type { GameListLayout } from '@portal/contracts';
import { AccountGamesPage } from './components/account-games-page';
import { GameCentrePage } from './components/game-centre-page';
import { GameListPage } from './components/game-list-page';
import { gamesViews } from './model/game-routes';

/** The page of a games route (lists, centres, /bgs, /favorite, /recent); null for other paths. */
export function GamesSection({
  path,
  title,
  listLayout = 'grid',
}: {
  path: string;
  title: string;
  /** The merchant's game-list layout for the category lists. */
  listLayout?: GameListLayout;
}) {
  const view = gamesViews[path];
  if (!view) return null;
  switch (view.kind) {
    case 'list':
      return <GameListPage key={path} category={view.category} title={title} layout={listLayout} />;
    case 'centre':
      return <GameCentrePage key={path} category={view.category} title={title} />;
    case 'favorite':
    case 'recent':
      return <AccountGamesPage kind={view.kind} />;
  }
}
