import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../lib/storage';
import { setLoaderLabel } from '../lib/loader';
import { htmlLangOf } from './languages';
import english from './locales/EN.json';

export { htmlLangOf, languageDisplayName } from './languages';

/** A nested dictionary of translated strings. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}

export const defaultLanguage = 'EN';
/** localStorage key of the visitor's language choice (spec section 3). */
export const languageStorageKey = 'language';

// Every dictionary file is discovered here: adding a language is dropping `locales/<CODE>.json`.
// English ships in the main bundle (it is the fallback); the others load on demand as their own chunks.
const lazyDictionaries = import.meta.glob<{ default: Dictionary }>([
  './locales/*.json',
  '!./locales/EN.json',
]);

function codeOfPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

const dictionaryLoaders = new Map(
  Object.entries(lazyDictionaries).map(([path, load]) => [codeOfPath(path), load] as const),
);

// Feature dictionaries: `namespaces/<namespace>/<CODE>.json`, each its own chunk, loaded when a component
// first asks for the namespace (`useTranslation('games')`), so a feature's strings travel with the feature
// and never weigh on the home page's first load. A missing language falls back to English.
// English's loaders are in the entry (the default language, and every other's fallback). The other
// languages' loaders (one per language and namespace: about 25 bytes gzipped each, 2.7 KB for six more
// languages) are a small chunk of their own, fetched beside the language's main dictionary, so adding a
// language costs the home page's first load almost nothing.
type Loaders = Record<string, () => Promise<{ default: Dictionary }>>;
const englishNamespaceLoaders: Loaders = import.meta.glob<{ default: Dictionary }>('./namespaces/*/EN.json');
let otherNamespaceLoaders: Promise<Loaders> | undefined;

function namespaceLoadersOf(language: string): Promise<Loaders> {
  if (language === defaultLanguage) return Promise.resolve(englishNamespaceLoaders);
  otherNamespaceLoaders ??= import('./namespace-loaders').then(
    (module) => module.namespaceLoaders,
    (error: unknown) => {
      otherNamespaceLoaders = undefined; // a later read tries again
      throw error;
    },
  );
  return otherNamespaceLoaders;
}

const namespaceBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    namespaceLoadersOf(language)
      .then((loaders) => {
        const load = loaders[`./namespaces/${namespace}/${language}.json`];
        return load ? load().then((module) => module.default) : {};
      })
      .then(
        (dictionary) => callback(null, dictionary),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

/**
 * The namespace of the error catalogue's texts (`namespaces/errors/<CODE>.json`, one text per code of
 * packages/contracts/src/errors.ts). About 120 texts per language are too heavy for the home page's
 * first load, so they come as their own chunk: the boot loads them once the first page is up, and until
 * then a failure shows the generic message (lib/api/error-message.ts), never a raw key.
 */
export const errorsNamespace = 'errors';

/** Loads the error catalogue's texts in the current language (and follows later language switches). */
export async function loadErrorTexts(instance: I18n): Promise<void> {
  await instance.loadNamespaces(errorsNamespace);
}

/** Every language code that has a dictionary. */
export const dictionaryLanguages: readonly string[] = [defaultLanguage, ...dictionaryLoaders.keys()];

/** Whether a dictionary exists for the code. */
export function hasDictionary(code: string): boolean {
  return dictionaryLanguages.includes(code);
}

/** Loads the dictionary of a language into the instance, once. */
async function ensureDictionary(instance: I18n, code: string): Promise<void> {
  if (code === defaultLanguage || instance.hasResourceBundle(code, 'translation')) return;
  const load = dictionaryLoaders.get(code);
  if (!load) throw new Error(`No dictionary for language ${code}`);
  // The language's namespace loaders come at the same time, not after (see namespaceLoadersOf).
  const [module] = await Promise.all([load(), namespaceLoadersOf(code)]);
  instance.addResourceBundle(code, 'translation', module.default, true, true);
}

/** The stored language when it has a dictionary, else the default. */
export function storedLanguage(): string {
  const stored = readStored('localStorage', languageStorageKey);
  return stored && hasDictionary(stored) ? stored : defaultLanguage;
}

function reflectLanguage(instance: I18n, code: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = htmlLangOf(code);
  setLoaderLabel(instance.t('common.loading'));
}

/** The part of i18next's plural resolver the app adjusts (i18next types it as `any`). */
interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * i18next picks plural forms with `Intl.PluralRules(<language code>)`, but the product's codes are not
 * BCP 47 tags (VN, CN, KR, JP are unknown to Intl, TY is Tahitian): Intl then falls back to the
 * runtime's locale, English on most machines, and `count: 1` asks for `x_one`, a form Thai, Vietnamese,
 * Chinese, Korean, Japanese, Indonesian and Malay do not have, so the English text would show. The rules
 * are taken from the language's BCP 47 tag instead (languages.ts), so each dictionary carries exactly
 * the forms its language uses (checked by i18n.test.ts).
 */
function applyBcp47PluralRules(instance: I18n): void {
  const resolver = instance.services.pluralResolver as PluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(htmlLangOf(code), options);
}

/**
 * Creates an i18next instance with English bundled and `language` loaded; missing keys fall back to
 * English. Each call creates a fresh instance, so tests never share state.
 */
export async function createI18n(language: string = storedLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on('languageChanged', (code: string) => reflectLanguage(instance, code));
  await instance
    .use(namespaceBackend)
    .use(initReactI18next)
    .init({
      resources: { [defaultLanguage]: { translation: english } },
      ns: ['translation'],
      defaultNS: 'translation',
      // A feature namespace may use shell strings (errors, common) without repeating them.
      fallbackNS: 'translation',
      lng: defaultLanguage,
      fallbackLng: defaultLanguage,
      load: 'currentOnly',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      initAsync: false,
    });
  applyBcp47PluralRules(instance);
  const initial = hasDictionary(language) ? language : defaultLanguage;
  try {
    await ensureDictionary(instance, initial);
    await instance.changeLanguage(initial);
  } catch {
    // A dictionary chunk that fails to load leaves the app in English rather than blank.
    await instance.changeLanguage(defaultLanguage);
  }
  return instance;
}

/**
 * Switches language: loads its dictionary and applies it. A visitor's choice is remembered; a switch
 * the app makes on its own (the merchant's default) is not, so it never overrides a later default.
 */
export async function switchLanguage(
  instance: I18n,
  code: string,
  options: { remember: boolean } = { remember: true },
): Promise<void> {
  if (!hasDictionary(code)) throw new Error(`No dictionary for language ${code}`);
  await ensureDictionary(instance, code);
  await instance.changeLanguage(code);
  if (options.remember) writeStored('localStorage', languageStorageKey, code);
}
