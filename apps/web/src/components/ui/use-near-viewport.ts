import { startTransition, useEffect, useRef, useState } from 'react';

/** How far below the fold a section starts loading, so it is ready by the time it scrolls in. */
const preloadMargin = '400px 0px';
/** The longest an idle wait lasts before the work runs anyway. */
const idleTimeoutMs = 2_000;

/**
 * Whether the element has come within a screen's reach of the viewport (and stays true once it has).
 * Home's lower sections wait for it before they fetch and render their games, which keeps the first
 * load's requests and main-thread work to what is on screen. Without IntersectionObserver it is true.
 */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: preloadMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * False for the first render, true once the browser has been idle after it: for sections that are
 * on screen but matter less than what is above them (home's lobby below the hero), so the top of the
 * page renders and paints first, and for the footer far below. True at once where the browser cannot
 * tell when it is idle (no requestIdleCallback: older Safari, tests).
 */
export function useAfterIdle(): boolean {
  const [ready, setReady] = useState(() => typeof window.requestIdleCallback !== 'function');
  useEffect(() => {
    if (ready) return undefined;
    // A transition: the section renders in slices that yield to input instead of one long task.
    const handle = window.requestIdleCallback(() => startTransition(() => setReady(true)), {
      timeout: idleTimeoutMs,
    });
    return () => window.cancelIdleCallback(handle);
  }, [ready]);
  return ready;
}
