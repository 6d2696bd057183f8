import { useEffect, useRef, useState } from 'react';

/** How far below the fold a section starts loading, so it is ready by the time it scrolls in. */
const preloadMargin = '400px 0px';

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
