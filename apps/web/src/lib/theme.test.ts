import { describe, expect, it } from 'vitest';
import { setPreferredColorScheme } from '../test/happy-dom';
import { chooseTheme, readStoredTheme, resolveTheme, themeStorageKey } from './theme';

const prefer = setPreferredColorScheme;

describe('theme choice', () => {
  it('follows prefers-color-scheme on a first visit', () => {
    prefer('light');
    expect(resolveTheme()).toBe('light');
    prefer('dark');
    expect(resolveTheme()).toBe('dark');
  });

  it('uses the merchant default over the preference when the visitor has not chosen', () => {
    prefer('dark');
    expect(resolveTheme('light')).toBe('light');
  });

  it('persists an explicit choice, which then wins over preference and merchant default', () => {
    prefer('dark');
    chooseTheme('light');
    expect(window.localStorage.getItem(themeStorageKey)).toBe('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(readStoredTheme()).toBe('light');
    expect(resolveTheme('dark')).toBe('light');
  });

  it('ignores a stored value that is not a theme', () => {
    window.localStorage.setItem(themeStorageKey, 'neon');
    prefer('light');
    expect(readStoredTheme()).toBeNull();
    expect(resolveTheme()).toBe('light');
  });
});
