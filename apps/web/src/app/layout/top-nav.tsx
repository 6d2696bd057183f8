import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { flushSync } from 'react-dom';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon';
import type { NavItem } from './navigation';

// The vendor drop-downs load after the header paints; a sized slot keeps the links from moving.
const HeaderVendorMenu = lazy(() => import('./header-vendor-menu'));

/**
 * How many of the list's items fit beside the "More" button: each item's width is measured (items that
 * do not fit stay laid out, hidden, so they can be measured again), the button's only when some overflow.
 */
export function countFitting(
  itemWidths: readonly number[],
  available: number,
  moreWidth: number,
  gap: number,
) {
  let used = 0;
  for (const [index, width] of itemWidths.entries()) {
    used += width + (index > 0 ? gap : 0);
    const rest = index < itemWidths.length - 1 ? gap + moreWidth : 0;
    if (used + rest > available) return index;
  }
  return itemWidths.length;
}

/** Keeps `visible` at the number of items that fit the nav, measured again on every resize. */
function useFittingCount(total: number) {
  const navRef = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(total);
  // The count on screen, for the observer to compare with outside React's render.
  const shown = useRef(total);
  useLayoutEffect(() => {
    shown.current = visible;
  }, [visible]);
  useLayoutEffect(() => {
    const nav = navRef.current;
    const list = nav?.querySelector('ul');
    if (!nav || !list) return undefined;
    const fitting = () => {
      const items = Array.from(list.children).filter((child) => child instanceof HTMLElement);
      const more = nav.querySelector<HTMLElement>('.top-nav__more-button');
      const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
      return countFitting(
        items.map((item) => item.offsetWidth),
        nav.clientWidth,
        more?.offsetWidth ?? 0,
        gap,
      );
    };
    if (typeof ResizeObserver !== 'function') {
      setVisible(fitting());
      return undefined;
    }
    // The observer's first call comes after the browser's own layout of the frame, before it paints:
    // reading the widths there costs nothing, where reading them here, in React's commit, forced a
    // layout of the whole page inside the commit's task (about 40 ms on a throttled phone's first
    // load). A changed count is applied at once (flushSync), before that paint, so the links never show
    // overflowing; an unchanged one, the usual case, renders nothing (a flushSync would also run every
    // effect React has pending, in this task).
    const observer = new ResizeObserver(() => {
      // Hidden (phones: the side drawer carries the links), there is nothing to fit.
      if (nav.clientWidth === 0) return;
      const count = fitting();
      if (count !== shown.current) flushSync(() => setVisible(count));
    });
    observer.observe(nav);
    for (const item of Array.from(list.children)) observer.observe(item);
    return () => observer.disconnect();
  }, [total]);
  return { navRef, visible: Math.min(visible, total) };
}

/**
 * The header's top navigation. Links that do not fit the width collapse into a "More" menu (a button
 * with aria-expanded; Escape, a click outside or a navigation closes it); on phones the side drawer
 * carries the links instead and CSS hides this bar when the page has one.
 */
export function TopNav({ navItems }: { navItems: readonly NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { navRef, visible } = useFittingCount(navItems.length);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname && visible < navItems.length;
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: PointerEvent) => {
      if (!navRef.current?.querySelector('.top-nav__more')?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, navRef]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpenOn(null);
    buttonRef.current?.focus();
  };

  return (
    <nav className="top-nav" aria-label={t('layout.mainNavigation')} ref={navRef}>
      <ul className="top-nav__list">
        {navItems.map((item, index) => (
          <li
            key={item.to}
            className={index < visible ? 'top-nav__item' : 'top-nav__item top-nav__item--overflow'}
          >
            <NavLink to={item.to} end className="top-nav__link">
              {t(item.labelKey)}
            </NavLink>
            {item.category ? (
              <Suspense fallback={<span className="vendor-menu-slot" />}>
                <HeaderVendorMenu category={item.category} label={t(item.labelKey)} />
              </Suspense>
            ) : null}
          </li>
        ))}
      </ul>
      {/* Laid out (invisible) even when every link fits, so its width is known before it is needed. */}
      <div
        className={visible < navItems.length ? 'top-nav__more' : 'top-nav__more top-nav__more--idle'}
        onKeyDown={closeOnEscape}
      >
        <button
          ref={buttonRef}
          type="button"
          className="top-nav__link top-nav__more-button"
          aria-expanded={open}
          aria-controls="top-nav-more"
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {t('layout.more')}
          <Icon name="chevronDown" size={16} />
        </button>
        <ul id="top-nav-more" className="top-nav__more-list" hidden={!open}>
          {navItems.slice(visible).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className="top-nav__more-link" onClick={() => setOpenOn(null)}>
                <Icon name={item.icon} size={18} />
                {t(item.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
