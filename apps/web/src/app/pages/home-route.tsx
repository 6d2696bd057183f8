import { lazy, Suspense } from 'react';
import { contentQueries } from '../../features/content/api/content-reads';
import '../../features/content/content-frame.css';
import { useAfterIdle } from '../../components/ui/use-near-viewport';
import { LobbySkeleton } from '../../features/games/lobby-skeleton';
import { HomePage } from '../../features/home';
import { useWhitelabel } from '../../features/system';
import { useSession } from '../../lib/use-session';
import type { PageBoot } from '../route-page';

// Home's game lobby is its own chunk below the hero, so the home first load stays within its budget.
const loadLobby = () => import('./home-lobby-entry');
const HomeLobbyChunk = lazy(loadLobby);
// Notice marquee, home banners, announcement popup and notice list: one lazy chunk of features/content.
const loadContent = () => import('../../features/content/home/home-content');
const HomeContentChunk = lazy(loadContent);

/**
 * Called by the boot when home is the first page: the content and lobby chunks, their strings and the
 * notices and banners above the fold start loading now, together, not when the components mount.
 */
export function prefetch({ queryClient, api, loadNamespaces }: PageBoot): void {
  void loadContent().catch(() => undefined);
  void loadLobby().catch(() => undefined);
  loadNamespaces(['content', 'games']);
  void queryClient.prefetchQuery(contentQueries.notices(api));
  // The first banner is what the page opens on, often its largest picture: its image is fetched as
  // soon as the list is known, in parallel with the chunks that will draw it.
  queryClient
    .fetchQuery(contentQueries.banners(api, 'w_home'))
    .then((banners) => {
      if (banners[0]) preloadImage(banners[0].url);
    })
    .catch(() => undefined);
}

function preloadImage(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
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
  return (
    <>
      {/* Sized like the marquee and the banner carousel, so the page does not shift when they arrive. */}
      <Suspense fallback={<HomeContentPlaceholder />}>
        <HomeContentChunk />
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
