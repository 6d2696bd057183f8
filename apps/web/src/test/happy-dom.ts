import type { DetachedWindowAPI } from 'happy-dom';

// happy-dom's control API for the test window (viewport, media features), typed.
function happyDom(): DetachedWindowAPI {
  return (window as unknown as { happyDOM: DetachedWindowAPI }).happyDOM;
}

/** Resizes the test viewport, so width media queries match as in a real browser. */
export function setViewportWidth(width: number): void {
  happyDom().setViewport({ width, height: 800 });
}

/** Sets the visitor's prefers-color-scheme. */
export function setPreferredColorScheme(scheme: 'light' | 'dark'): void {
  happyDom().settings.device.prefersColorScheme = scheme;
}
