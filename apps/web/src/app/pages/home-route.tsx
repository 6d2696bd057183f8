import { lazy, Suspense } from 'react';
import { LobbySkeleton } from '../../features/games/lobby-skeleton';
import { HomePage } from '../../features/home';
import { useWhitelabel } from '../../features/system';
import { useSession } from '../../lib/use-session';

// Home's game lobby is its own chunk below the hero, so the home first load stays within its budget.
const HomeLobbyChunk = lazy(() => import('./home-lobby-entry'));

/** Home for /, /index, /index.html, /home, and under the login and registration popups. */
export default function HomeRoute() {
  const whitelabel = useWhitelabel();
  const isVisitor = useSession().token === null;
  return (
    <HomePage
      merchantName={whitelabel.data?.merchantName ?? null}
      isVisitor={isVisitor}
      lobby={
        // The lobby (hot games, rows, jackpot, winners) arrives as its own chunk; the skeleton holds
        // its final size so nothing shifts when it does.
        <Suspense fallback={<LobbySkeleton />}>
          <HomeLobbyChunk />
        </Suspense>
      }
    />
  );
}
