// Money is an integer count of minor units (bigint) everywhere in code, and a plain decimal string such as
// "1234.50" in JSON. Nothing here touches floating point: a float cannot hold 0.1 exactly, and a balance that
// drifts by a fraction of a cent is a balance that does not reconcile. This file is pure (no imports) because
// the browser bundle imports it.

/** The exclusive bound on the absolute value of an amount in minor units: 10^18 still fits a PostgreSQL bigint. */
export const moneyMinorLimit = 10n ** 18n;

// More fraction digits than this could never be told apart from zero under moneyMinorLimit.
const maxDecimals = 18;

// A sign, at most 18 integer digits, a point and at most 18 fraction digits; longer text is refused before any
// regular expression or BigInt conversion runs on it.
const maxTextLength = 1 + maxDecimals + 1 + maxDecimals;

// The grammar of a JSON number without the exponent and without '+': an optional '-', an integer part with no
// leading zeros (so '.5', '012' and '12.' are refused) and an optional fraction. ASCII digits only.
const decimalText = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

// The mask hides the magnitude too, which a same-length row of asterisks would give away.
const moneyMask = '******';

/** Throws when decimals is not a whole number of fraction digits from 0 to 18: that is a programming error. */
function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > maxDecimals) {
    throw new RangeError(`decimals must be an integer from 0 to ${maxDecimals}, got ${decimals}`);
  }
}

/**
 * The shape of an unsigned decimal in a request: at most `integerDigits` and `fractionDigits`, no leading
 * zeros (parseMinor's canonical form, so a text the schema passes always parses: '00' or '0100' would
 * pass a plain \d{1,n} and then fail on the server).
 */
export function decimalPattern(integerDigits: number, fractionDigits: number): RegExp {
  const fraction = fractionDigits > 0 ? `(\\.\\d{1,${fractionDigits}})?` : '';
  return new RegExp(`^(0|[1-9]\\d{0,${integerDigits - 1}})${fraction}$`);
}

/**
 * The amount in minor units that text states, or null when text is not a plain decimal with at most decimals
 * fraction digits and an absolute value below 10^18 minor units. A leading '-' is accepted (refunds and
 * adjustments are negative); whether a negative amount is allowed is the caller's business.
 */
export function parseMinor(text: string, decimals: number): bigint | null {
  assertDecimals(decimals);
  if (text.length > maxTextLength) return null;
  const parts = decimalText.exec(text);
  if (parts === null) return null;
  const [, sign = '', integerDigits = '0', fractionDigits = ''] = parts;
  // Extra fraction digits are refused even when they are zeros: '1.500' for a two-decimal currency means the
  // sender and receiver disagree about the currency, which must not pass silently.
  if (fractionDigits.length > decimals) return null;
  const absoluteMinor = BigInt(integerDigits + fractionDigits.padEnd(decimals, '0'));
  if (absoluteMinor >= moneyMinorLimit) return null;
  // Bigint has no negative zero, so '-0.00' parses to 0n.
  return sign === '-' ? -absoluteMinor : absoluteMinor;
}

/** The sign and the integer and fraction digit strings of minor, the fraction exactly decimals long. */
function splitMinor(
  minor: bigint,
  decimals: number,
): { sign: string; integerDigits: string; fraction: string } {
  assertDecimals(decimals);
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(decimals + 1, '0');
  const integerDigits = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return { sign, integerDigits, fraction };
}

/** minor as the plain decimal string of the JSON wire format, e.g. 123450n with 2 decimals is '1234.50'. */
export function formatMinor(minor: bigint, decimals: number): string {
  const { sign, integerDigits, fraction } = splitMinor(minor, decimals);
  return decimals === 0 ? `${sign}${integerDigits}` : `${sign}${integerDigits}.${fraction}`;
}

/** minor for people: thousands separators, exactly decimals fraction digits, the sign before the symbol. */
export function formatMoneyDisplay(minor: bigint, decimals: number, symbol = ''): string {
  const { sign, integerDigits, fraction } = splitMinor(minor, decimals);
  const grouped = integerDigits.replace(/\B(?=(?:[0-9]{3})+$)/g, ',');
  const amount = decimals === 0 ? grouped : `${grouped}.${fraction}`;
  return `${sign}${symbol}${amount}`;
}

/**
 * The masked form of a displayed amount when the player hides the balance: always six asterisks so the mask does
 * not reveal the magnitude, except that nothing shown (an empty string) stays empty.
 */
export function maskMoney(display: string): string {
  return display === '' ? '' : moneyMask;
}
