import type { RouteObject } from 'react-router';
import { retryableLazy } from './lazy-page';
import { RoutePage } from './route-page';

/**
 * The BGS pages (/bgs/play/<gameCode>, /bgs/verify) run inside the game popup's iframe, so they render
 * without the portal's header, menus and footer: one route beside the layout (the exact /bgs list page
 * still wins inside it), one lazy chunk with the usual loader and retry, a few bytes in the entry chunk.
 */
export const inhouseRoute: RouteObject = {
  path: '/bgs/*',
  caseSensitive: true,
  element: (
    <RoutePage
      entry={{ path: '/bgs/*', page: 'notOpen', guard: 'public', sideMenu: false, titleKey: 'nav.inHouse' }}
      page={retryableLazy(() => import('./pages/bgs-route'))}
    />
  ),
};
