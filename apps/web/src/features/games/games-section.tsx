import { AccountGamesPage } from './components/account-games-page';
import { GameCentrePage } from './components/game-centre-page';
import { GameListPage } from './components/game-list-page';
import { gamesViews } from './model/game-routes';

/** The page of a games route (lists, centres, /bgs, /favorite, /recent); null for other paths. */
export function GamesSection({ path, title }: { path: string; title: string }) {
  const view = gamesViews[path];
  if (!view) return null;
  switch (view.kind) {
    case 'list':
      return <GameListPage key={path} category={view.category} title={title} />;
    case 'centre':
      return <GameCentrePage key={path} category={view.category} title={title} />;
    case 'favorite':
    case 'recent':
      return <AccountGamesPage kind={view.kind} />;
  }
}
