import { lazy, Suspense } from 'react';
import { PageFallback } from '../lazy-page';
import { NavigationEffects } from '../navigation-effects';

// The console itself is one step further: this stub's chunk needs nothing beyond the entry, so the
// entry's table of chunk dependencies names one file for the console instead of its script, styles
// and shared chunks (home's first load has no room to spare; bench/README.md).
const OperatorConsole = lazy(() =>
  import('../../features/operator').then((module) => ({ default: module.OperatorConsole })),
);

/** /operator/*: the operator console (the lazy route in app/router.tsx), loaded on the staff's visit. */
export function Component() {
  return (
    <Suspense fallback={<PageFallback />}>
      <OperatorConsole />
      <NavigationEffects />
    </Suspense>
  );
}
