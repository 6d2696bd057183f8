import { describe, expect, it } from 'vitest';
import {
  createI18n,
  dictionaryLanguages,
  languageStorageKey,
  switchLanguage,
  type Dictionary,
} from './index';
import { htmlLangOf, languageDisplayName, ownName } from './languages';

const dictionaries = import.meta.glob<{ default: Dictionary }>('./locales/*.json', { eager: true });
const namespaceFiles = import.meta.glob<{ default: Dictionary }>('./namespaces/*/*.json', { eager: true });
const namespaces = [...new Set(Object.keys(namespaceFiles).map((path) => path.split('/')[2]!))].sort();

function keysOf(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function entriesOf(dictionary: Dictionary, prefix = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entriesOf(value, `${prefix}${key}.`),
  );
}

function dictionary(code: string): Dictionary {
  const module = dictionaries[`./locales/${code}.json`];
  if (!module) throw new Error(`No dictionary ${code}`);
  return module.default;
}

/** `{{name}}` placeholders of a text, each once, sorted. */
function placeholders(text: string): string[] {
  return [...new Set(text.match(/{{\s*[\w.]+\s*(?:,[^}]*)?}}/g) ?? [])].sort();
}

const pluralSuffix = /_(ordinal_)?(zero|one|two|few|many|other)$/;

/**
 * What a translation of an English dictionary must hold in a language: every English key, except that a
 * plural key (`x_one`, `x_other`; ordinals `x_ordinal_one` ...) becomes the plural forms that language
 * uses, by Intl's rules for its BCP 47 tag, the rules the app gives i18next (index.ts). English forms the
 * language does not use are tolerated (i18next never asks for them) but not required.
 */
function expectedOf(english: Dictionary, code: string) {
  const tag = htmlLangOf(code);
  const categories = {
    cardinal: new Intl.PluralRules(tag).resolvedOptions().pluralCategories,
    ordinal: new Intl.PluralRules(tag, { type: 'ordinal' }).resolvedOptions().pluralCategories,
  };
  const englishEntries = new Map(entriesOf(english));
  const required = new Map<string, string>();
  const tolerated = new Set<string>();
  for (const [key, text] of englishEntries) {
    const plural = pluralSuffix.exec(key);
    if (!plural) {
      required.set(key, text);
      continue;
    }
    const base = key.slice(0, plural.index) + (plural[1] ? '_ordinal' : '');
    // Placeholders are compared with the English `other` form, the one that names them all.
    const model = englishEntries.get(`${base}_other`) ?? text;
    for (const category of plural[1] ? categories.ordinal : categories.cardinal) {
      required.set(`${base}_${category}`, model);
    }
    tolerated.add(key);
  }
  return { required, tolerated };
}

/** Why a translated dictionary is not complete against the English one: empty when it is. */
function completenessProblems(english: Dictionary, translated: Dictionary, code: string): string[] {
  const { required, tolerated } = expectedOf(english, code);
  const found = new Map(entriesOf(translated));
  const problems: string[] = [];
  for (const [key, englishText] of required) {
    const text = found.get(key);
    if (text === undefined) problems.push(`missing ${key}`);
    else if (text.trim() === '') problems.push(`empty ${key}`);
    else if (placeholders(text).join() !== placeholders(englishText).join()) {
      problems.push(
        `${key}: placeholders ${placeholders(text).join()} instead of ${placeholders(englishText).join()}`,
      );
    }
  }
  for (const key of found.keys()) {
    if (!required.has(key) && !tolerated.has(key)) problems.push(`extra ${key}`);
  }
  return problems;
}

function codeOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

/**
 * A language is shipped (offered by the selectors) when `locales/<CODE>.json` exists; this suite is what
 * makes "shipped" mean "complete": every shipped language has every English key, in the main dictionary
 * and in every namespace, with the same placeholders. A language still being written keeps its main
 * dictionary out of the tree; its namespace files may land earlier, but must be complete too.
 */
describe('dictionaries', () => {
  const englishKeys = keysOf(dictionary('EN')).sort();

  it('discovers every dictionary file, English first', () => {
    expect(dictionaryLanguages[0]).toBe('EN');
    expect([...dictionaryLanguages].sort()).toEqual(Object.keys(dictionaries).map(codeOf).sort());
    expect(dictionaryLanguages).toContain('TY');
  });

  it.each(Object.keys(dictionaries).filter((path) => !path.endsWith('/EN.json')))(
    '%s has every English key with its placeholders, and no extra ones',
    (path) => {
      expect(completenessProblems(dictionary('EN'), dictionaries[path]!.default, codeOf(path))).toEqual([]);
    },
  );

  it('knows the English keys (the comparison is not vacuous)', () => {
    expect(englishKeys.length).toBeGreaterThan(50);
    expect(completenessProblems(dictionary('EN'), { auth: { login: 'x' } }, 'TY')).toContain(
      'missing nav.home',
    );
    expect(completenessProblems(dictionary('EN'), dictionary('EN'), 'EN')).toEqual([]);
  });
});

describe('feature namespaces', () => {
  it.each(namespaces)('%s has an English dictionary and one per shipped language', (ns) => {
    expect(namespaceFiles[`./namespaces/${ns}/EN.json`], `${ns}/EN.json`).toBeDefined();
    for (const code of dictionaryLanguages) {
      expect(namespaceFiles[`./namespaces/${ns}/${code}.json`], `${ns}/${code}.json`).toBeDefined();
    }
  });

  it.each(Object.keys(namespaceFiles).filter((path) => !path.endsWith('/EN.json')))(
    '%s has every English key with its placeholders (plural forms by language), and no extra ones',
    (path) => {
      const english = namespaceFiles[path.replace(/[^/]+\.json$/, 'EN.json')];
      expect(english, `English of ${path}`).toBeDefined();
      expect(completenessProblems(english!.default, namespaceFiles[path]!.default, codeOf(path))).toEqual([]);
    },
  );

  it('asks each language for the plural forms it has (Thai: only "other", English: "one" and "other")', () => {
    const english = namespaceFiles['./namespaces/lottery/EN.json']!.default;
    const required = (code: string) =>
      [...expectedOf(english, code).required.keys()].filter((key) => key.startsWith('slip.pick_'));
    expect(required('EN')).toEqual(['slip.pick_one', 'slip.pick_other']);
    expect(required('TY')).toEqual(['slip.pick_other']);
    expect(required('VN')).toEqual(['slip.pick_other']);
    expect(required('CN')).toEqual(['slip.pick_other']);
  });

  it.each(dictionaryLanguages)(
    '%s: a count of 1 and of 5 reads in the language itself, never in English',
    async (code) => {
      const i18n = await createI18n(code);
      await i18n.loadNamespaces('rewards');
      const rewards = namespaceFiles[`./namespaces/rewards/${code}.json`]!.default['rewards'] as Dictionary;
      const terms = rewards['terms'] as Dictionary;
      // The streak has no `_one` form in a one-form language: English plural rules would show English.
      const streak = (count: number) => {
        const form = new Intl.PluralRules(htmlLangOf(code)).select(count);
        return (terms[`streak_${form}`] as string).replace('{{count}}', String(count));
      };
      expect(i18n.t('rewards.terms.streak', { ns: 'rewards', count: 1 })).toBe(streak(1));
      expect(i18n.t('rewards.terms.streak', { ns: 'rewards', count: 5 })).toBe(streak(5));
      const ordinal = new Intl.PluralRules(htmlLangOf(code), { type: 'ordinal' }).select(2);
      expect(i18n.t('rewards.rank', { ns: 'rewards', count: 2, ordinal: true })).toBe(
        (rewards[`rank_ordinal_${ordinal}`] as string).replace('{{count}}', '2'),
      );
    },
  );

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
    expect(htmlLangOf('VN')).toBe('vi');
    expect(htmlLangOf('CN')).toBe('zh-Hans');
    expect(htmlLangOf('MY')).toBe('ms');
    expect(htmlLangOf('KR')).toBe('ko');
    expect(htmlLangOf('JP')).toBe('ja');
  });

  it('formats numbers and dates with the language, through its tag', () => {
    const day = new Date(Date.UTC(2026, 0, 31, 12));
    expect(new Intl.NumberFormat(htmlLangOf('VN'), { minimumFractionDigits: 2 }).format(1234567.5)).toBe(
      '1.234.567,50',
    );
    expect(new Intl.NumberFormat(htmlLangOf('CN'), { minimumFractionDigits: 2 }).format(1234567.5)).toBe(
      '1,234,567.50',
    );
    expect(
      new Intl.DateTimeFormat(htmlLangOf('CN'), { dateStyle: 'long', timeZone: 'UTC' }).format(day),
    ).toBe('2026年1月31日');
    expect(
      new Intl.DateTimeFormat(htmlLangOf('VN'), { dateStyle: 'long', timeZone: 'UTC' }).format(day),
    ).toMatch(/31 tháng 1, 2026/);
  });

  it('names each language in itself', () => {
    expect(languageDisplayName('EN')).toBe('English');
    expect(languageDisplayName('TY')).toBe('ไทย');
    expect(languageDisplayName('VN')).toBe('Tiếng Việt');
    expect(languageDisplayName('CN')).toMatch(/中文|简体/);
  });

  it('keeps a written-out own name for every shipped dictionary, the same as Intl gives', () => {
    for (const code of dictionaryLanguages) expect(languageDisplayName(code)).toBe(ownName(code));
    expect(languageDisplayName('TW')).toBe(ownName('TW'));
  });
});
