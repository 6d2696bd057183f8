import { lazy, Suspense } from 'react';
import { LobbySkeleton } from '../../features/games/lobby-skeleton';
import { HomePage } from '../../features/home';
import { useWhitelabel } from '../../features/system';
import { useSession } from '../../lib/use-session';

// Home's game lobby is its own chunk below the hero, so the home first load stays within its budget.
const HomeLobbyChunk = lazy(() => import('./home-lobby-entry'));
// Notice marquee, home banners, announcement popup and notice list: one lazy chunk of features/content.
const HomeContentChunk = lazy(() => import('../../features/content/home/home-content'));

/** The marquee (44 px), the 16:5 carousel and the gaps between them, before the chunk's CSS exists. */
const homeContentSkeleton = {
  minHeight: 'calc(44px + 16px + min(100vw, 1280px) * 5 / 16 * 0.7)',
  marginBottom: '24px',
} as const;

/** Home for /, /index, /index.html, /home, and under the login and registration popups. */
export default function HomeRoute() {
  const whitelabel = useWhitelabel();
  const isVisitor = useSession().token === null;
  return (
    <>
      {/* Sized like the marquee and the banner carousel, so the page does not shift when they arrive. */}
      <Suspense fallback={<div aria-hidden="true" style={homeContentSkeleton} />}>
        <HomeContentChunk />
      </Suspense>
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
    </>
  );
}
