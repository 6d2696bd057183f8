import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { readSession, type Session } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './layout/route-error-page';
import { inhouseRoute } from './inhouse-routes';
import { createPages, pageLoaders, RoutePage } from './route-page';
import { guardRedirect, routeTable, type RouteEntry } from './routes';

/** What each matched route carries for the layout (side menu, title). */
export interface RouteHandle {
  route: RouteEntry;
}

/**
 * Turns the route table into React Router routes under the layout. Guards run as loaders, before
 * anything renders, so a guarded page never flashes.
 */
export function buildRoutes(
  pages = createPages(pageLoaders),
  session: () => Session = readSession,
): RouteObject[] {
  const children: RouteObject[] = routeTable.map((entry) => ({
    path: entry.path,
    caseSensitive: true,
    handle: { route: entry } satisfies RouteHandle,
    loader:
      entry.guard === 'public'
        ? undefined
        : () => {
            const target = guardRedirect(entry.guard, session());
            return target ? redirect(target) : null;
          },
    element: <RoutePage key={entry.path} entry={entry} page={pages[entry.page]} />,
  }));
  // The in-house game pages live in the game popup, outside the layout (app/inhouse-routes.tsx). The
  // operator console (issue 16) has its own frame and staff session: one lazy route, a stub whose
  // chunk loads the console (pages/operator.tsx), because home's first load has no bytes to spare.
  return [
    { element: <AppLayout />, errorElement: <RouteErrorPage />, children },
    inhouseRoute,
    { path: '/operator/*', lazy: () => import('./pages/operator') },
  ];
}

/** The app's router: history mode; the boot passes the pages it has started loading. */
export function createAppRouter(pages = createPages(pageLoaders)) {
  return createBrowserRouter(buildRoutes(pages));
}
