import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorPage } from './layout/route-error-page';
import { retryableLazy } from './lazy-page';
import { RoutePage } from './route-page';
import type { PageProps } from './pages/page-props';
import type { RouteEntry } from './routes';

/**
 * The BGS pages run inside the game popup's iframe, so they render without the portal's header, menus
 * and footer: their own routes beside the layout, each a lazy chunk with the usual loader and retry.
 */
const bareRoutes: { entry: RouteEntry; load: () => Promise<{ default: ComponentType<PageProps> }> }[] = [
  {
    entry: {
      path: '/bgs/play/:gameCode',
      page: 'notOpen',
      guard: 'public',
      sideMenu: false,
      titleKey: 'nav.inHouse',
    },
    load: () => import('./pages/bgs-play-route'),
  },
  {
    entry: {
      path: '/bgs/verify',
      page: 'notOpen',
      guard: 'public',
      sideMenu: false,
      titleKey: 'nav.inHouse',
    },
    load: () => import('./pages/bgs-verify-route'),
  },
];

/** React Router routes of the in-house game pages. */
export function inhouseRoutes(): RouteObject[] {
  return bareRoutes.map(({ entry, load }) => ({
    path: entry.path,
    caseSensitive: true,
    errorElement: <RouteErrorPage />,
    element: <RoutePage entry={entry} page={retryableLazy(load)} />,
  }));
}
