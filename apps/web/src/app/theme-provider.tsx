import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../components/ui/use-media-query';
import { applyTheme, chooseTheme, readStoredTheme, resolveTheme, type ThemeName } from '../lib/theme';

interface ThemeState {
  theme: ThemeName;
  /** Themes the merchant offers; the toggle shows only when there are two. */
  offered: readonly ThemeName[];
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

interface ThemeProviderProps {
  /** The merchant's default theme; null follows the visitor's preference. */
  merchantDefault?: ThemeName | null;
  offered?: readonly ThemeName[];
  children: ReactNode;
}

const bothThemes: readonly ThemeName[] = ['dark', 'light'];

function allowed(theme: ThemeName, offered: readonly ThemeName[]): ThemeName {
  return offered.includes(theme) ? theme : (offered[0] ?? theme);
}

/**
 * Holds the active theme and applies it to <html data-theme>: the visitor's stored choice, else the
 * merchant's default, else the system preference (followed live), limited to the offered themes.
 */
export function ThemeProvider({
  merchantDefault = null,
  offered = bothThemes,
  children,
}: ThemeProviderProps) {
  const [chosen, setChosen] = useState<ThemeName | null>(readStoredTheme);
  const prefersLight = useMediaQuery('(prefers-color-scheme: light)');
  const theme = allowed(resolveTheme(merchantDefault, chosen, prefersLight ? 'light' : 'dark'), offered);

  useEffect(() => applyTheme(theme), [theme]);

  const toggleTheme = useCallback(() => {
    const next = allowed(theme === 'dark' ? 'light' : 'dark', offered);
    chooseTheme(next);
    setChosen(next);
  }, [theme, offered]);

  const value = useMemo(() => ({ theme, offered, toggleTheme }), [theme, offered, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The active theme and its toggle. */
export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme needs a ThemeProvider');
  return state;
}
