import { useCallback, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { IdentityProvider } from '../../features/identity';
import { useWhitelabel } from '../../features/system';
import { readStored, writeStored } from '../../lib/storage';
import { findRoute, type RouteEntry } from '../routes';
import { ContentSlot, identityBannerSlot } from './lazy-content';
import { Footer } from './footer';
import { Header } from './header';
import { LayoutContext } from './layout-context';
import { useGameCategories } from './game-categories';
import { buildTopNavigation } from './navigation';
import { RealityCheckMount } from './reality-check-mount';
import { ScrollToTopButton } from './scroll-to-top-button';
import { SideMenu } from './side-menu';

/** Below this width the side menu is an off-canvas drawer. */
export const mobileQuery = '(max-width: 767.98px)';
/** localStorage key remembering whether the desktop side menu is collapsed. */
export const sideMenuCollapsedKey = 'sideMenuCollapsed';

function useCurrentRoute(): RouteEntry {
  const matches = useMatches();
  const location = useLocation();
  const handle = matches[matches.length - 1]?.handle as { route?: RouteEntry } | undefined;
  return handle?.route ?? findRoute(location.pathname);
}

/** Header, side menu, main content, footer and scroll-to-top around every route (spec section 2). */
export function AppLayout() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const location = useLocation();
  const whitelabel = useWhitelabel();
  const merchantName = whitelabel.data?.merchantName ?? null;
  const isMobile = useMediaQuery(mobileQuery);
  // The drawer is open for the page it was opened on, so any navigation closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenOn === location.pathname;
  const [collapsed, setCollapsed] = useState(() => readStored('localStorage', sideMenuCollapsedKey) === '1');
  const categories = useGameCategories();
  const navItems = useMemo(() => buildTopNavigation(categories), [categories]);

  const openDrawer = useCallback(() => setDrawerOpenOn(location.pathname), [location.pathname]);
  const closeDrawer = useCallback(() => setDrawerOpenOn(null), []);
  const layout = useMemo(
    () => ({ drawerOpen, openDrawer, closeDrawer }),
    [drawerOpen, openDrawer, closeDrawer],
  );

  useEffect(() => {
    const section = t(route.titleKey);
    document.title = merchantName ? `${section} · ${merchantName}` : section;
  }, [t, route.titleKey, merchantName]);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((current) => {
      writeStored('localStorage', sideMenuCollapsedKey, current ? '0' : '1');
      return !current;
    });
  }, []);

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById('main')?.focus();
  };

  const showSideMenu = route.sideMenu;
  const shellClass = [
    'app-shell',
    showSideMenu ? 'app-shell--with-menu' : '',
    showSideMenu && collapsed && !isMobile ? 'app-shell--collapsed' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <IdentityProvider
      modules={whitelabel.data?.modules ?? null}
      whitelabel={whitelabel.data ?? null}
      bannerSlot={identityBannerSlot}
    >
      <LayoutContext.Provider value={layout}>
        <div className={shellClass}>
          <a className="skip-link" href="#main" onClick={skipToMain}>
            {t('layout.skipToContent')}
          </a>
          {showSideMenu ? (
            <SideMenu
              navItems={navItems}
              isMobile={isMobile}
              collapsed={collapsed && !isMobile}
              onToggleCollapsed={toggleCollapsed}
            />
          ) : null}
          <div className="app-shell__body" inert={isMobile && drawerOpen}>
            <Header
              merchantName={merchantName}
              logoUrl={whitelabel.data?.branding.logoUrl ?? null}
              navItems={navItems}
              showMenuButton={showSideMenu}
              currencyDecimals={whitelabel.data?.currency.decimals ?? 2}
            />
            <main id="main" className="app-main" tabIndex={-1}>
              <Outlet />
            </main>
            <Footer merchantName={merchantName} />
          </div>
          <ScrollToTopButton />
          <ContentSlot kind="serviceWidget" />
          <RealityCheckMount />
        </div>
      </LayoutContext.Provider>
    </IdentityProvider>
  );
}
