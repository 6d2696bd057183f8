import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Permission } from '@portal/contracts';
import { Icon } from '../../components/ui/icon';
import { Skeleton, SkeletonLines } from '../../components/ui/skeleton';
import { ErrorState } from '../../components/ui/error-state';
import { useFocusTrap } from '../../components/ui/use-focus-trap';
import { hasDictionary } from '../../i18n';
import { errorMessageKey } from '../../lib/api';
import { usePermission, useWhitelabel } from '../../features/system';
import { LanguageSelect } from './language-select';
import { useLayout } from './layout-context';
import type { NavItem } from './navigation';
import { appDownloads, resourceIcons, resourcesOfTypes, sideMenuSocialTypes } from './resources';
import { ContentSlot } from './lazy-content';

// The QR encoder loads only when the merchant lists an app, keeping it out of the first load.
const QrCode = lazy(() =>
  import('../../components/ui/qr-code').then((module) => ({ default: module.QrCode })),
);

interface SideMenuProps {
  navItems: readonly NavItem[];
  isMobile: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}

function ServiceAndLinks({ info }: { info: Permission['info'] }) {
  const { t } = useTranslation();
  const downloads = appDownloads(info.resources);
  const social = resourcesOfTypes(info.resources, sideMenuSocialTypes);
  return (
    <>
      {downloads.length > 0 ? (
        <section className="side-menu__section side-menu__downloads" aria-labelledby="side-downloads">
          <h2 id="side-downloads" className="side-menu__heading">
            {t('layout.downloadApp')}
          </h2>
          <ul className="side-menu__qr-list">
            {downloads.map((resource) => (
              <li key={resource.resourceType + resource.url} className="side-menu__qr">
                <a href={resource.url} target="_blank" rel="noopener noreferrer">
                  <Suspense fallback={<Skeleton className="skeleton--qr" />}>
                    <QrCode
                      value={resource.url}
                      sizePx={96}
                      label={t('layout.qrLabel', { platform: resource.resourceType })}
                    />
                  </Suspense>
                  <span>{resource.resourceType === 'iOS' ? 'iOS' : 'Android'}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {info.customerService.length > 0 ? (
        <section className="side-menu__section" aria-labelledby="side-service">
          <h2 id="side-service" className="side-menu__heading">
            {t('layout.customerService')}
          </h2>
          <ul className="side-menu__links">
            {info.customerService.map((entry) => (
              <li key={entry.id}>
                <a className="side-menu__link" href={entry.path} target="_blank" rel="noopener noreferrer">
                  <Icon name="headset" />
                  <span className="side-menu__label">{entry.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {social.length > 0 ? (
        <section className="side-menu__section" aria-labelledby="side-community">
          <h2 id="side-community" className="side-menu__heading">
            {t('layout.community')}
          </h2>
          <ul className="side-menu__links">
            {social.map((resource) => (
              <li key={resource.resourceType + resource.url}>
                <a className="side-menu__link" href={resource.url} target="_blank" rel="noopener noreferrer">
                  <Icon name={resourceIcons[resource.resourceType]} />
                  <span className="side-menu__label">{resource.labelNameEn}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * The side menu: category links, language, app download QR codes, customer service and community
 * links. On desktop it can collapse to icons; on mobile it is a focus-trapped drawer.
 */
export function SideMenu({ navItems, isMobile, collapsed, onToggleCollapsed }: SideMenuProps) {
  const { t } = useTranslation();
  const { drawerOpen, closeDrawer } = useLayout();
  const asideRef = useRef<HTMLElement>(null);
  const permission = usePermission();
  const whitelabel = useWhitelabel();
  const languages = (whitelabel.data?.languages ?? []).filter(hasDictionary);
  const drawerActive = isMobile && drawerOpen;
  const close = useCallback(() => closeDrawer(), [closeDrawer]);
  // A closed drawer's lower sections (language, banner, QR codes, service links) render once it has
  // been opened: on a phone they would cost the first load a banner read, images and QR drawing unseen.
  const [drawerVisited, setDrawerVisited] = useState(false);
  if (drawerActive && !drawerVisited) setDrawerVisited(true);
  const showSections = !collapsed && (!isMobile || drawerActive || drawerVisited);
  useFocusTrap(asideRef, drawerActive, close);

  const className = [
    'side-menu',
    collapsed ? 'side-menu--collapsed' : '',
    isMobile ? 'side-menu--drawer' : '',
    drawerActive ? 'side-menu--open' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <aside
        id="side-menu"
        ref={asideRef}
        className={className}
        aria-label={t('layout.sideMenu')}
        inert={isMobile && !drawerOpen}
        role={drawerActive ? 'dialog' : undefined}
        aria-modal={drawerActive ? true : undefined}
        tabIndex={-1}
      >
        <div className="side-menu__top">
          {isMobile ? (
            <button type="button" className="icon-button" aria-label={t('layout.closeMenu')} onClick={close}>
              <Icon name="close" />
            </button>
          ) : (
            <button
              type="button"
              className="icon-button side-menu__collapse"
              aria-label={collapsed ? t('layout.expandMenu') : t('layout.collapseMenu')}
              aria-expanded={!collapsed}
              aria-controls="side-menu"
              onClick={onToggleCollapsed}
            >
              <Icon name={collapsed ? 'chevronRight' : 'chevronLeft'} />
            </button>
          )}
        </div>
        <nav aria-label={t('layout.categories')} className="side-menu__section">
          <ul className="side-menu__links">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className="side-menu__link"
                  title={collapsed ? t(item.labelKey) : undefined}
                >
                  <Icon name={item.icon} />
                  <span className="side-menu__label">{t(item.labelKey)}</span>
                </NavLink>
              </li>
            ))}
            <ContentSlot kind="sideMenuMessages" collapsed={collapsed} />
            <ContentSlot kind="sideMenuRewards" collapsed={collapsed} />
            <ContentSlot kind="sideMenuInvite" collapsed={collapsed} />
          </ul>
        </nav>
        {showSections ? (
          <>
            <div className="side-menu__section">
              <LanguageSelect languages={languages} />
            </div>
            <div className="side-menu__section">
              <ContentSlot kind="banner" group="w_leftmenu" />
            </div>
            {permission.isPending ? (
              <SkeletonLines count={4} className="side-menu__section" />
            ) : permission.isError ? (
              <div className="side-menu__section">
                <ErrorState
                  compact
                  message={t(errorMessageKey(permission.error))}
                  onRetry={() => void permission.refetch()}
                />
              </div>
            ) : (
              <ServiceAndLinks info={permission.data.info} />
            )}
          </>
        ) : null}
      </aside>
      {drawerActive ? <div className="drawer-backdrop" aria-hidden="true" onClick={close} /> : null}
    </>
  );
}
