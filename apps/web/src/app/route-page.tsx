import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ComponentType } from 'react';
import type { ApiCall } from '../lib/api';
import { retryableLazy, PageErrorBoundary, PageFallback, type RetryableLazy } from './lazy-page';
import { NavigationEffects } from './navigation-effects';
import * as homeRoute from './pages/home-route';
import type { PageProps } from './pages/page-props';
import type { PageKey, RouteEntry } from './routes';

/** What the boot hands a page's chunk so it can start its first reads before it renders. */
export interface PageBoot {
  queryClient: QueryClient;
  api: ApiCall;
  /** Loads i18n namespaces once the dictionary is ready (the instance is still being created). */
  loadNamespaces: (namespaces: string[]) => Promise<void>;
}

/**
 * A page chunk: its component and, optionally, `prefetch`, which the boot calls as soon as the chunk
 * arrives for the first address, so the page's data, lower chunks and strings load in parallel with
 * the rest of the boot instead of one after the other as components mount. It resolves (never
 * rejects) when the top of the page can render complete; the boot waits for that, within a limit.
 */
export interface PageModule {
  default: ComponentType<PageProps>;
  prefetch?: (boot: PageBoot) => Promise<void>;
}

type PageLoader = () => Promise<PageModule>;

/**
 * The chunk behind each page key. Every page loads lazily except home, the usual first page: it is
 * small, and bundling it saves the first load a round trip before its data and lower chunks can start.
 */
export const pageLoaders: Record<PageKey, PageLoader> = {
  home: () => Promise.resolve(homeRoute),
  help: () => import('./pages/help-route'),
  promotions: () => import('./pages/promotions-route'),
  download: () => import('./pages/download-route'),
  agent: () => import('./pages/agent-route'),
  agentHome: () => import('./pages/agent-home-route'),
  member: () => import('./pages/member-route'),
  resetPassword: () => import('./pages/reset-password-route'),
  lottery: () => import('./pages/lottery-route'),
  games: () => import('./pages/games-route'),
  pointMall: () => import('./pages/point-mall-route'),
  seamless: () => import('./pages/seamless-route'),
  notOpen: () => import('./pages/not-open-page'),
  notFound: () => import('./pages/not-found-page'),
};

/** Builds one retryable lazy component per page key. */
export function createPages(
  loaders: Record<PageKey, PageLoader>,
): Record<PageKey, RetryableLazy<PageProps, PageModule>> {
  return {
    home: retryableLazy(loaders.home),
    help: retryableLazy(loaders.help),
    promotions: retryableLazy(loaders.promotions),
    download: retryableLazy(loaders.download),
    agent: retryableLazy(loaders.agent),
    agentHome: retryableLazy(loaders.agentHome),
    member: retryableLazy(loaders.member),
    resetPassword: retryableLazy(loaders.resetPassword),
    lottery: retryableLazy(loaders.lottery),
    games: retryableLazy(loaders.games),
    pointMall: retryableLazy(loaders.pointMall),
    seamless: retryableLazy(loaders.seamless),
    notOpen: retryableLazy(loaders.notOpen),
    notFound: retryableLazy(loaders.notFound),
  };
}

/** Renders a route's lazy page with the loader, the retry state and the after-navigation effects. */
export function RoutePage({ entry, page }: { entry: RouteEntry; page: RetryableLazy<PageProps> }) {
  // The lazy component lives in state: a retry swaps in a fresh one, which imports the chunk again,
  // and remounts the boundary so its error is cleared.
  const [{ Page, attempt }, setCurrent] = useState(() => ({ Page: page.current(), attempt: 0 }));
  return (
    <PageErrorBoundary
      key={attempt}
      onRetry={() => {
        page.reset();
        setCurrent((previous) => ({ Page: page.current(), attempt: previous.attempt + 1 }));
      }}
    >
      <Suspense fallback={<PageFallback />}>
        <Page route={entry} />
        <NavigationEffects />
      </Suspense>
    </PageErrorBoundary>
  );
}
