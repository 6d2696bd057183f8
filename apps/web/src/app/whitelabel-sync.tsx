import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '../features/system';
import { defaultLanguage, hasDictionary, languageStorageKey, switchLanguage } from '../i18n';
import { rememberMerchantCode } from '../lib/session';
import { readStored } from '../lib/storage';
import { ThemeProvider } from './theme-provider';

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

  return (
    <ThemeProvider merchantDefault={whitelabel?.defaultTheme ?? null} offered={whitelabel?.themes}>
      {children}
    </ThemeProvider>
  );
}
