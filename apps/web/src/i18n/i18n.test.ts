import { describe, expect, it } from 'vitest';
import {
  createI18n,
  dictionaryLanguages,
  languageStorageKey,
  switchLanguage,
  type Dictionary,
} from './index';
import { htmlLangOf, languageDisplayName } from './languages';

const dictionaries = import.meta.glob<{ default: Dictionary }>('./locales/*.json', { eager: true });

function keysOf(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function dictionary(code: string): Dictionary {
  const module = dictionaries[`./locales/${code}.json`];
  if (!module) throw new Error(`No dictionary ${code}`);
  return module.default;
}

describe('dictionaries', () => {
  const englishKeys = keysOf(dictionary('EN')).sort();

  it('discovers every dictionary file, English first', () => {
    expect(dictionaryLanguages[0]).toBe('EN');
    expect([...dictionaryLanguages].sort()).toEqual(
      Object.keys(dictionaries)
        .map((path) => path.slice('./locales/'.length, -'.json'.length))
        .sort(),
    );
    expect(dictionaryLanguages).toContain('TY');
  });

  it.each(Object.keys(dictionaries).filter((path) => !path.endsWith('/EN.json')))(
    '%s has every English key and no extra ones',
    (path) => {
      const module = dictionaries[path];
      if (!module) throw new Error(path);
      expect(keysOf(module.default).sort()).toEqual(englishKeys);
    },
  );

  it('keeps the interpolation placeholders of each English string', () => {
    const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    const thai = dictionary('TY');
    const lookup = (source: Dictionary, key: string): string => {
      const found = key
        .split('.')
        .reduce<string | Dictionary | undefined>(
          (node, part) => (typeof node === 'object' ? node[part] : undefined),
          source,
        );
      return typeof found === 'string' ? found : '';
    };
    for (const key of englishKeys) {
      expect(placeholders(lookup(thai, key)), key).toEqual(placeholders(lookup(dictionary('EN'), key)));
    }
  });
});

const namespaceFiles = import.meta.glob<{ default: Dictionary }>('./namespaces/*/*.json', { eager: true });
const namespaces = [...new Set(Object.keys(namespaceFiles).map((path) => path.split('/')[2]!))];

describe('feature namespaces', () => {
  it.each(namespaces)('%s has an English dictionary, and every other language has exactly its keys', (ns) => {
    const english = namespaceFiles[`./namespaces/${ns}/EN.json`];
    expect(english, `${ns}/EN.json`).toBeDefined();
    // Plural forms differ by language (Thai has only _other): compare keys without their plural suffix.
    const withoutPlurals = (keys: string[]) =>
      [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    const englishKeys = withoutPlurals(keysOf(english!.default));
    for (const code of dictionaryLanguages.filter((language) => language !== 'EN')) {
      const other = namespaceFiles[`./namespaces/${ns}/${code}.json`];
      expect(other, `${ns}/${code}.json`).toBeDefined();
      expect(withoutPlurals(keysOf(other!.default)), `${ns}/${code}.json`).toEqual(englishKeys);
    }
  });

  it('loads a namespace on first use, in the current language, with shell strings as fallback', async () => {
    window.localStorage.setItem(languageStorageKey, 'TY');
    const i18n = await createI18n();
    expect(i18n.hasResourceBundle('TY', 'payments')).toBe(false);
    await i18n.loadNamespaces('payments');
    const thai = namespaceFiles['./namespaces/payments/TY.json']!.default;
    const firstKey = keysOf(thai)[0]!;
    expect(i18n.t(firstKey, { ns: 'payments' })).toBe(
      firstKey.split('.').reduce<string | Dictionary>((node, part) => (node as Dictionary)[part]!, thai),
    );
    expect(i18n.t('auth.login', { ns: 'payments' })).toBe('เข้าสู่ระบบ');
    window.localStorage.removeItem(languageStorageKey);
  });
});

describe('i18n instance', () => {
  it('starts in English by default', async () => {
    const i18n = await createI18n();
    expect(i18n.language).toBe('EN');
    expect(i18n.t('auth.login')).toBe('Log in');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the stored language, with its dictionary loaded', async () => {
    window.localStorage.setItem(languageStorageKey, 'TY');
    const i18n = await createI18n();
    expect(i18n.language).toBe('TY');
    expect(i18n.t('auth.login')).toBe('เข้าสู่ระบบ');
    expect(document.documentElement.lang).toBe('th');
  });

  it('ignores a stored language that has no dictionary', async () => {
    window.localStorage.setItem(languageStorageKey, 'XX');
    const i18n = await createI18n();
    expect(i18n.language).toBe('EN');
  });

  it('falls back to English for a key the language lacks', async () => {
    const i18n = await createI18n('TY');
    i18n.addResource('EN', 'translation', 'onlyInEnglish', 'Only in English');
    expect(i18n.t('onlyInEnglish')).toBe('Only in English');
    expect(i18n.t('common.retry')).toBe('ลองอีกครั้ง');
  });

  it('switches language, remembers the choice and sets <html lang>', async () => {
    const i18n = await createI18n('EN');
    await switchLanguage(i18n, 'TY');
    expect(i18n.t('nav.home')).toBe('หน้าแรก');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('TY');
    expect(document.documentElement.lang).toBe('th');
  });

  it('does not remember a switch the app made on its own', async () => {
    const i18n = await createI18n('EN');
    await switchLanguage(i18n, 'TY', { remember: false });
    expect(i18n.language).toBe('TY');
    expect(window.localStorage.getItem(languageStorageKey)).toBeNull();
  });

  it('refuses a language without a dictionary', async () => {
    const i18n = await createI18n('EN');
    await expect(switchLanguage(i18n, 'XX')).rejects.toThrow('No dictionary');
    expect(i18n.language).toBe('EN');
  });
});

describe('language names', () => {
  it('maps product codes to BCP 47 tags', () => {
    expect(htmlLangOf('TY')).toBe('th');
    expect(htmlLangOf('EN')).toBe('en');
    expect(htmlLangOf('ID')).toBe('id');
  });

  it('names each language in itself', () => {
    expect(languageDisplayName('EN')).toBe('English');
    expect(languageDisplayName('TY')).toBe('ไทย');
  });
});
