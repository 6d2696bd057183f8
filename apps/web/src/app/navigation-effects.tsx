import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { hideLoader } from '../lib/loader';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * After each navigation, once the page has rendered: hide the loader and scroll to the hash target,
 * or to the top. Rendered inside each route's Suspense boundary so it runs after the chunk arrived.
 * A navigation whose state says `keepScroll` (a list's filter, sort or page kept in the address) stays
 * where the reader is.
 */
export function NavigationEffects() {
  const location = useLocation();
  // A layout effect runs at commit, before paint: passive effects can be held back while other parts
  // of the tree (such as a lazy QR code) are still loading, which would leave the loader up.
  useLayoutEffect(() => {
    hideLoader();
    const id = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
    const target = id ? document.getElementById(id) : null;
    if ((location.state as { keepScroll?: boolean } | null)?.keepScroll === true) return;
    if (target) {
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    } else {
      window.scrollTo({ top: 0, left: 0 });
    }
  }, [location.key, location.pathname, location.hash, location.state]);
  return null;
}
