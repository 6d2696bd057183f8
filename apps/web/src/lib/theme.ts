import { readStored, writeStored } from './storage';

export type ThemeName = 'dark' | 'light';

/** localStorage key shared with public/theme-init.js, which applies the theme before first paint. */
export const themeStorageKey = 'theme';

/** The theme the visitor chose explicitly, if any. */
export function readStoredTheme(): ThemeName | null {
  const stored = readStored('localStorage', themeStorageKey);
  return stored === 'dark' || stored === 'light' ? stored : null;
}

/** The operating system's colour-scheme preference. */
export function preferredTheme(): ThemeName {
  const prefersLight =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-color-scheme: light)').matches;
  return prefersLight ? 'light' : 'dark';
}

/**
 * The theme to show: the stored choice, else the merchant's default when it sets one, else the
 * visitor's preference (first visit follows prefers-color-scheme).
 */
export function resolveTheme(
  merchantDefault: ThemeName | null = null,
  stored: ThemeName | null = readStoredTheme(),
  preferred: ThemeName = preferredTheme(),
): ThemeName {
  return stored ?? merchantDefault ?? preferred;
}

/** Applies a theme to the document. */
export function applyTheme(theme: ThemeName): void {
  document.documentElement.setAttribute('data-theme', theme);
}

/** Applies and remembers the visitor's explicit choice. */
export function chooseTheme(theme: ThemeName): void {
  applyTheme(theme);
  writeStored('localStorage', themeStorageKey, theme);
}
