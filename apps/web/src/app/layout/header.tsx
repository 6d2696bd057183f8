import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark';
import { Icon } from '../../components/ui/icon';
import { Skeleton } from '../../components/ui/skeleton';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { useSession } from '../../lib/use-session';
import { HeaderAccount } from './header-account';
import { useLayout } from './layout-context';
import type { NavItem } from './navigation';
import { ThemeToggle } from './theme-toggle';
import { TopNav } from './top-nav';
import './header-vendor-menu.css';

/**
 * Below this width a page with a side menu (beside the page, or the phones' drawer) lists every link
 * there, and layout.css hides the top navigation: it is then not rendered at all, so its vendor
 * drop-downs' chunks and the game menus they read are not loaded for nothing on a phone's first page.
 */
const sideMenuCarriesLinksQuery = '(max-width: 1023.98px)';

interface HeaderProps {
  merchantName: string | null;
  /** The merchant's uploaded logo (white-label brand); null: the portal's star mark. */
  logoUrl?: string | null;
  navItems: readonly NavItem[];
  /** Pages without the side menu have no drawer to open. */
  showMenuButton: boolean;
  /** Fraction digits of the merchant's currency, for the balance. */
  currencyDecimals: number;
}

/** Logo and merchant name, top navigation, theme toggle and the visitor's log-in and register links. */
export function Header({
  merchantName,
  logoUrl = null,
  navItems,
  showMenuButton,
  currencyDecimals,
}: HeaderProps) {
  const { t } = useTranslation();
  const { drawerOpen, openDrawer } = useLayout();
  const isVisitor = useSession().token === null;
  const topNavShown = !(useMediaQuery(sideMenuCarriesLinksQuery) && showMenuButton);

  return (
    <header className={showMenuButton ? 'site-header site-header--with-drawer' : 'site-header'}>
      <div className="site-header__bar">
        {showMenuButton ? (
          <button
            type="button"
            className="icon-button site-header__menu-button"
            aria-label={t('layout.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls="side-menu"
            onClick={openDrawer}
          >
            <Icon name="menu" />
          </button>
        ) : null}
        <Link to="/" className="brand">
          {logoUrl ? (
            <img className="brand-mark brand-logo" src={logoUrl} alt="" height={34} />
          ) : (
            <BrandMark />
          )}
          <span className="brand__name">
            {merchantName ?? <Skeleton className="skeleton--brand" />}
            <span className="visually-hidden"> {t('layout.homeLink')}</span>
          </span>
        </Link>
        {topNavShown ? <TopNav navItems={navItems} /> : null}
        <div className="site-header__actions">
          <ThemeToggle />
          {isVisitor ? (
            <>
              <Link to="/login" className="button button--ghost">
                <Icon name="login" size={18} />
                {t('auth.login')}
              </Link>
              <Link to="/register" className="button button--primary site-header__register">
                {t('auth.register')}
              </Link>
            </>
          ) : (
            <HeaderAccount currencyDecimals={currencyDecimals} />
          )}
        </div>
      </div>
    </header>
  );
}
