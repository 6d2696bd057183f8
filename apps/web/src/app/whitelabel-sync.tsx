import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../features/system';
import { defaultLanguage, hasDictionary, languageStorageKey, switchLanguage } from '../i18n';
import { rememberMerchantCode } from '../lib/session';
import { readStored } from '../lib/storage';
import { ThemeProvider } from './theme-provider';

type Branding = NonNullable<ReturnType<typeof useWhitelabel>['data']>['branding'];

/** Black or white text on `hex`, whichever reads better (relative luminance). */
function textOn(hex: string): string {
  const [red, green, blue] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const luminance = 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
  return luminance > 0.5 ? '#1d1400' : '#ffffff';
}

/**
 * The merchant's brand colours over both themes' own (inline custom properties on <html> win over the
 * [data-theme] rules); a colour left empty gives the theme's back.
 */
function applyBranding(branding: Branding | undefined): void {
  const primary = branding?.primaryColor ?? null;
  const accent = branding?.accentColor ?? null;
  const style = document.documentElement.style;
  const values: [string, string | null][] = [
    ['--color-primary', primary],
    ['--color-primary-strong', primary],
    ['--gradient-primary', primary && `linear-gradient(135deg, ${primary} 0%, ${primary} 100%)`],
    ['--color-on-primary', primary && textOn(primary)],
    ['--color-accent', accent],
    ['--color-chart-1', accent],
  ];
  for (const [name, value] of values) {
    if (value) style.setProperty(name, value);
    else style.removeProperty(name);
  }
}

/**
 * Applies the merchant's white-label settings once they arrive: remembers the merchant code, keeps
 * the language among the merchant's languages (default when the visitor has not chosen), and hands
 * the theme settings to the theme provider.
 */
export function WhitelabelSync({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const whitelabel = useWhitelabel().data;

  useEffect(() => {
    if (!whitelabel) return;
    rememberMerchantCode(whitelabel.merchantCode);
    const offered = whitelabel.languages.filter(hasDictionary);
    const chosen = readStored('localStorage', languageStorageKey);
    const wanted =
      chosen && offered.includes(chosen)
        ? chosen
        : offered.includes(whitelabel.defaultLanguage)
          ? whitelabel.defaultLanguage
          : (offered[0] ?? defaultLanguage);
    // A failed dictionary load leaves the current language in place; the selector can retry.
    if (wanted !== i18n.language)
      void switchLanguage(i18n, wanted, { remember: false }).catch(() => undefined);
  }, [whitelabel, i18n]);

  const branding = whitelabel?.branding;
  useEffect(() => applyBranding(branding), [branding]);

  return (
    <ThemeProvider merchantDefault={whitelabel?.defaultTheme ?? null} offered={whitelabel?.themes}>
      {children}
    </ThemeProvider>
  );
}
