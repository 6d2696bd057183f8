/**
 * The product's language codes are its own (TY is Thai, VN Vietnamese, ...). This maps the codes that
 * differ from a BCP 47 tag; any other code is used lower-cased (EN -> en, ID -> id).
 */
const bcp47ByCode: Readonly<Record<string, string>> = {
  TY: 'th',
  CN: 'zh-Hans',
  TW: 'zh-Hant',
  HK: 'zh-Hant-HK',
  VN: 'vi',
  KR: 'ko',
  JP: 'ja',
  IN: 'hi',
  MY: 'ms',
  BR: 'pt-BR',
  KH: 'km',
  MM: 'my',
  BD: 'bn',
  PH: 'fil',
  LA: 'lo',
  PK: 'ur',
  GR: 'el',
  UA: 'uk',
  SE: 'sv',
  DK: 'da',
  CZ: 'cs',
};

/** The BCP 47 tag for <html lang> and Intl, e.g. TY -> th. */
export function htmlLangOf(code: string): string {
  return bcp47ByCode[code] ?? code.toLowerCase();
}

/**
 * The own names of the languages the portal ships dictionaries for (what Intl.DisplayNames says, checked
 * by i18n.test). Building an Intl.DisplayNames loads that locale's data: about 45 ms of main thread
 * per page on Lighthouse's throttled phone for the header's language list, for names that never change.
 */
const ownNames: Readonly<Record<string, string>> = {
  EN: 'English',
  CN: '简体中文',
  ID: 'Indonesia',
  JP: '日本語',
  KR: '한국어',
  MY: 'Melayu',
  TY: 'ไทย',
  VN: 'Tiếng Việt',
};

/** Display names already worked out: Intl.DisplayNames is costly to build, and the header asks on every render. */
const displayNames = new Map<string, string>(Object.entries(ownNames));

/** The language's own name for itself (English, ไทย), for the language selector. */
export function languageDisplayName(code: string): string {
  let name = displayNames.get(code);
  if (name === undefined) {
    name = ownName(code);
    displayNames.set(code, name);
  }
  return name;
}

/** The language's own name from Intl (languages without a table entry above). */
export function ownName(code: string): string {
  const tag = htmlLangOf(code);
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (!name || name === tag) return code;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return code;
  }
}
