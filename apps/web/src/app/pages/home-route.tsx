import { lazy, Suspense, useState } from 'react';
import { contentQueries } from '../../features/content/api/content-reads';
import '../../features/content/content-frame.css';
import { useAfterIdle } from '../../components/ui/use-near-viewport';
import { LobbySkeleton } from '../../features/games/lobby-skeleton';
import { HomePage } from '../../features/home';
import { useWhitelabel } from '../../features/system';
import { useSession } from '../../lib/use-session';
import { retryableLazy } from '../lazy-page';
import type { PageBoot } from '../route-page';
import { prefetchFirstBanner } from './first-banner';

// Home's game lobby is its own chunk below the hero, so the home first load stays within its budget.
const loadLobby = () => import('./home-lobby-entry');
const HomeLobbyChunk = lazy(loadLobby);
// Notice marquee, home banners, announcement popup and notice list: one lazy chunk of features/content.
// The boot's prefetch loads it, usually before the first render, and home then renders it without
// suspending (retryableLazy's current()), so the first paint shows the banner, not the placeholder.
const homeContent = retryableLazy<object>(() => import('../../features/content/home/home-content'));

/**
 * Called by the boot when home is the first page: the content and lobby chunks, their strings, the
 * notices and banners and the first banner's picture start loading now, together, not when the
 * components mount. Resolves when what the top of the page shows is ready (the content chunk, its
 * strings, the notices and the first banner's picture, decoded), so the first render can show it at
 * once; never rejects (a failure is left to the component that shows it).
 */
export function prefetch({ queryClient, api, loadNamespaces }: PageBoot): Promise<void> {
  void loadLobby().catch(() => undefined);
  const notices = queryClient.prefetchQuery(contentQueries.notices(api));
  const firstBanner = prefetchFirstBanner({ queryClient, api }, 'w_home');
  return Promise.all([
    homeContent.preload(),
    loadNamespaces(['content', 'games']),
    notices,
    firstBanner,
  ]).then(
    () => undefined,
    () => undefined,
  );
}

/** The notice strip and the banner carousel's boxes (content-frame.css), before the chunk arrives. */
function HomeContentPlaceholder() {
  return (
    <div className="home-content" aria-hidden="true">
      <div className="notice-marquee skeleton" />
      <div className="banner-carousel banner-carousel--w_home skeleton" />
    </div>
  );
}

/** Home for /, /index, /index.html, /home, and under the login and registration popups. */
export default function HomeRoute() {
  const whitelabel = useWhitelabel();
  const isVisitor = useSession().token === null;
  const lobbyReady = useAfterIdle();
  // Decided once per mount: switching from the lazy component to the loaded one later would remount it.
  const [HomeContent] = useState(() => homeContent.current());
  return (
    <>
      {/* Sized like the marquee and the banner carousel, so the page does not shift when they arrive. */}
      <Suspense fallback={<HomeContentPlaceholder />}>
        <HomeContent />
      </Suspense>
      <HomePage
        merchantName={whitelabel.data?.merchantName ?? null}
        isVisitor={isVisitor}
        lobby={
          // The lobby (hot games, rows, jackpot, winners) arrives as its own chunk and renders once the
          // top of the page has painted; the skeleton holds its final size so nothing shifts when it does.
          lobbyReady ? (
            <Suspense fallback={<LobbySkeleton />}>
              <HomeLobbyChunk />
            </Suspense>
          ) : (
            <LobbySkeleton />
          )
        }
      />
    </>
  );
}
