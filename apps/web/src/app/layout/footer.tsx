import { lazy, Suspense } from 'react';
import { useAfterIdle } from '../../components/ui/use-near-viewport';

// The footer is far below the fold on every page: its code is not part of the first load either.
const FooterContent = lazy(() => import('./footer-content'));

/**
 * Products, help list, contact us, social links, vendor badges and the legal line. The footer is far
 * below on most pages: its content (and its reads) comes once the browser is idle after the first
 * render, from a chunk of its own, so the top of the page loads, renders and paints first.
 */
export function Footer({ merchantName }: { merchantName: string | null }) {
  const ready = useAfterIdle();
  return (
    <footer className="site-footer">
      {ready ? (
        <Suspense fallback={null}>
          <FooterContent merchantName={merchantName} />
        </Suspense>
      ) : null}
    </footer>
  );
}
