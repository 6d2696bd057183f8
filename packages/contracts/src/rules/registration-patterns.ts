// The registration pattern ids of spec section 5. The server and the web form both call checkField, so a value
// the form accepts is exactly a value the server accepts. This file is pure (no imports) because the browser
// bundle imports it.
//
// Decisions that the specification leaves open, made here once for both sides:
// - "Letters" in ids 1, 4, 5, 7 and 14 means ASCII A-Z and a-z, and "digits" everywhere means ASCII 0-9: these
//   ids guard account identifiers, where look-alike letters from other scripts would allow impersonation.
// - The "letters and spaces" ids (8, 12, 15, 16, 17, 18) accept words separated by single ASCII spaces, with no
//   leading or trailing space and at least one letter, so stored names have one canonical spelling. Callers
//   trim before checking (spec section 5 says inputs are trimmed).
// - Ids 2 and 10 require at least one Chinese character: a value of only digits or only punctuation is not
//   "Chinese characters and ...".
// - Length is counted in Unicode code points, so '😀😀😀' and 'สมชาย' count what a person sees more closely
//   than UTF-16 units would (combining marks still count as their own code points).

/** A registration pattern id of spec section 5. */
export type PatternId =
  0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19;

/** One field's rule as the register settings deliver it. */
export interface FieldRule {
  /** '*' (or '') means any; otherwise a regular-expression source that must also match the whole value. */
  acceptedPattern: string;
  minLength: number;
  maxLength: number;
  patternId: number;
}

/** Why a value failed its rule, in the order checkField tests them. */
export type FieldProblem = 'empty' | 'too_short' | 'too_long' | 'pattern';

/** The English text for each pattern id, used in the "please enter ..." message with min and max. */
export const patternDescriptions: Record<PatternId, string> = {
  0: 'any text',
  1: 'a letter followed by letters and digits',
  2: 'Chinese characters and digits',
  3: 'an email address',
  4: 'letters and digits without special characters',
  5: 'letters and digits combined',
  6: 'digits only',
  7: 'letters and digits with at least one uppercase letter',
  8: 'English letters and spaces',
  9: 'text without spaces',
  10: 'Chinese characters and punctuation',
  11: 'a date as yyyy-MM-dd',
  12: 'letters and spaces',
  13: 'a date as MM-dd-yyyy',
  14: 'letters and digits only',
  15: 'Korean characters only',
  16: 'Thai characters only',
  17: 'Thai or English letters and spaces',
  18: 'uppercase letters and spaces with at least one English letter',
  19: 'letters, digits and symbols',
};

const asciiStartThenAlphanumeric = /^[A-Za-z][A-Za-z0-9]*$/;
const asciiAlphanumeric = /^[A-Za-z0-9]+$/;
const asciiLetterAndDigit = /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/;
const asciiDigits = /^[0-9]+$/;
const alphanumericWithUppercase = /^(?=.*[A-Z])[A-Za-z0-9]+$/;
const hanAndDigits = /^(?=.*\p{Script=Han})[\p{Script=Han}0-9]+$/u;

// The HTML living standard's rule for <input type="email">, so the form and the browser agree, except that the
// domain must contain a dot: an address at a bare host name cannot receive mail from the internet.
const email =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// With the u flag \s covers every Unicode space separator and line terminator, not only ASCII whitespace.
const noWhitespace = /^\S+$/u;

// ASCII punctuation and symbols, plus the punctuation of the CJK, general-punctuation, vertical, compatibility
// and full-width blocks (only code points that are \p{P}, so full-width letters and digits stay out), plus the
// middle dot used between the parts of transliterated names. U+3000 (ideographic space) is not \p{P}.
const hanAndPunctuation =
  /^(?=.*\p{Script=Han})(?:\p{Script=Han}|[!-/:-@[-`{-~]|(?=\p{P})[\u00B7\u2010-\u2027\u3000-\u303F\uFE10-\uFE1F\uFE30-\uFE4F\uFF00-\uFF65])+$/u;

const englishWords = /^[A-Za-z]+(?: [A-Za-z]+)*$/;

// A word starts with a letter, and combining marks (\p{M}) may follow so Thai vowels and Devanagari matras work.
const anyScriptWords = /^\p{L}[\p{L}\p{M}]*(?: \p{L}[\p{L}\p{M}]*)*$/u;

// The Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) are Hangul letters that render as nothing; they are a
// known trick for invisible or look-alike names, so they are refused.
const hangulLetter = String.raw`(?![\u115F\u1160\u3164\uFFA0])\p{Script=Hangul}`;
const koreanWords = new RegExp(`^(?:${hangulLetter})+(?: (?:${hangulLetter})+)*$`, 'u');

// \p{Script=Thai} is the Thai block without the baht sign (U+0E3F, script Common) and unassigned code points;
// Thai digits are accepted as Thai text. A word may not start with a combining mark.
const thaiWord = String.raw`(?!\p{M})\p{Script=Thai}+`;
const thaiWords = new RegExp(`^${thaiWord}(?: ${thaiWord})*$`, 'u');

// Letters only here: A-Z, a-z, or Thai letters and marks (not Thai digits or Thai punctuation such as ๏).
const thaiOrEnglishLetter = String.raw`(?:[A-Za-z]|(?=[\p{L}\p{M}])\p{Script=Thai})`;
const thaiOrEnglishWords = new RegExp(
  `^(?!\\p{M})(?:${thaiOrEnglishLetter})+(?: (?!\\p{M})(?:${thaiOrEnglishLetter})+)*$`,
  'u',
);

// Uppercase letters of any cased script (for example Vietnamese 'NGUYỄN VĂN A' as banks print it), with their
// combining marks, and at least one A-Z so a name is readable by staff who only read English letters.
const uppercaseWords = /^(?=.*[A-Z])\p{Lu}[\p{Lu}\p{M}]*(?: \p{Lu}[\p{Lu}\p{M}]*)*$/u;

// Any visible character: no whitespace and no control, format, private-use, surrogate or unassigned code
// points (\p{C}), except the zero-width joiner that emoji sequences such as '👨‍👩‍👧' need. Format characters are
// refused because bidirectional overrides and zero-width spaces let two different values look the same.
const visibleCharacters = /^(?=.*[^\s\p{C}])(?:[^\s\p{C}]|\u200D)+$/u;

const isoDate = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const usDate = /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/;

/** Whether year-month-day names a real day of the proleptic Gregorian calendar; year 0 is refused. */
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const isLeapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/** Whether value is a real date written as yyyy-MM-dd. */
function isIsoDate(value: string): boolean {
  const parts = isoDate.exec(value);
  if (parts === null) return false;
  return isCalendarDate(Number(parts[1]), Number(parts[2]), Number(parts[3]));
}

/** Whether value is a real date written as MM-dd-yyyy. */
function isUsDate(value: string): boolean {
  const parts = usDate.exec(value);
  if (parts === null) return false;
  return isCalendarDate(Number(parts[3]), Number(parts[1]), Number(parts[2]));
}

/** Id 0 checks length only, so any text passes the pattern step. */
function anyText(): boolean {
  return true;
}

const patternTests: Record<PatternId, (value: string) => boolean> = {
  0: anyText,
  1: (value) => asciiStartThenAlphanumeric.test(value),
  2: (value) => hanAndDigits.test(value),
  3: (value) => email.test(value),
  4: (value) => asciiAlphanumeric.test(value),
  5: (value) => asciiLetterAndDigit.test(value),
  6: (value) => asciiDigits.test(value),
  7: (value) => alphanumericWithUppercase.test(value),
  8: (value) => englishWords.test(value),
  9: (value) => noWhitespace.test(value),
  10: (value) => hanAndPunctuation.test(value),
  11: isIsoDate,
  12: (value) => anyScriptWords.test(value),
  13: isUsDate,
  // Ids 14 and 4 accept the same values; the specification keeps both because their messages differ.
  14: (value) => asciiAlphanumeric.test(value),
  15: (value) => koreanWords.test(value),
  16: (value) => thaiWords.test(value),
  17: (value) => thaiOrEnglishWords.test(value),
  18: (value) => uppercaseWords.test(value),
  19: (value) => visibleCharacters.test(value),
};

/** Whether patternId is one of the ids 0-19 that spec section 5 defines. */
export function isPatternId(patternId: number): patternId is PatternId {
  return Number.isInteger(patternId) && patternId >= 0 && patternId <= 19;
}

/** Whether value matches pattern id patternId; an unknown id fails closed (false) so a bad setting rejects. */
export function matchesPattern(value: string, patternId: number): boolean {
  if (!isPatternId(patternId)) return false;
  return patternTests[patternId](value);
}

// Operator patterns are compiled once each; the cache is bounded so a stream of distinct settings cannot grow it.
const operatorPatternCacheLimit = 64;
const operatorPatternCache = new Map<string, RegExp | null>();

/** The operator's pattern anchored to the whole value, or null when the source is not a valid 'u' regex. */
function compileOperatorPattern(source: string): RegExp | null {
  const cached = operatorPatternCache.get(source);
  if (cached !== undefined) return cached;
  let compiled: RegExp | null;
  try {
    // The source is compiled alone first: a source such as 'a)|(b' would otherwise close the wrapping group
    // and escape the anchors, yet still compile once wrapped.
    new RegExp(source, 'u');
    compiled = new RegExp(`^(?:${source})$`, 'u');
  } catch {
    compiled = null;
  }
  if (operatorPatternCache.size >= operatorPatternCacheLimit) operatorPatternCache.clear();
  operatorPatternCache.set(source, compiled);
  return compiled;
}

/** Whether value matches the operator's acceptedPattern; '*' or '' mean any, an invalid regex never matches. */
function matchesAcceptedPattern(value: string, acceptedPattern: string): boolean {
  // An empty setting means the operator configured nothing; read as a regex it would reject every value.
  if (acceptedPattern === '*' || acceptedPattern === '') return true;
  // An invalid operator regex is a configuration mistake: rejecting (rather than throwing or accepting) keeps
  // bad values out and shows the user the field's message instead of an error page.
  const compiled = compileOperatorPattern(acceptedPattern);
  return compiled !== null && compiled.test(value);
}

/** The number of Unicode code points in value (a surrogate pair counts once). */
function codePointLength(value: string): number {
  let length = 0;
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    // A high surrogate followed by a low surrogate is one code point; a lone surrogate counts as one.
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) index += 1;
    length += 1;
  }
  return length;
}

/**
 * The first problem of value against rule, or null when it passes. An empty value is always 'empty': whether
 * the field is required is the caller's business, which skips optional empty fields before calling.
 */
export function checkField(value: string, rule: FieldRule): FieldProblem | null {
  if (value === '') return 'empty';
  // Length is checked before any regular expression so patterns, including operator ones, only ever run on
  // input no longer than maxLength.
  const length = codePointLength(value);
  if (length < rule.minLength) return 'too_short';
  if (length > rule.maxLength) return 'too_long';
  if (!matchesPattern(value, rule.patternId)) return 'pattern';
  if (!matchesAcceptedPattern(value, rule.acceptedPattern)) return 'pattern';
  return null;
}
