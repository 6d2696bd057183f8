import { lobbyConstants } from './lobby-constants';

/**
 * The counters work in hundredths (integers), so adding 165.11 a thousand times never drifts the way
 * binary floating point would.
 */
export type Hundredths = number;

/** A random whole number in [min, max], from the given source of randomness. */
function randomInt(min: number, max: number, random: () => number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** The jackpot's starting value: 20,000,000.00 to 21,000,000.00 with random cents. */
export function jackpotStart(random: () => number = Math.random): Hundredths {
  return randomInt(lobbyConstants.jackpotStartMin * 100, lobbyConstants.jackpotStartMax * 100, random);
}

/** One jackpot step: 100 to 500 (whole units) added, and the delay before the next one. */
export function jackpotStep(random: () => number = Math.random): { add: Hundredths; delayMs: number } {
  const intervals = lobbyConstants.jackpotIntervalsMs;
  const add = randomInt(lobbyConstants.jackpotStepMin, lobbyConstants.jackpotStepMax, random) * 100;
  const delayMs = intervals[randomInt(0, intervals.length - 1, random)] ?? intervals[0];
  return { add, delayMs };
}

/** The hot counter after `ticks` steps of 165.11 from `start`. */
export function hotCounterAfter(start: Hundredths, ticks: number): Hundredths {
  return start + ticks * Math.round(lobbyConstants.hotCounterStep * 100);
}

/** One formatter per locale: building an Intl.NumberFormat costs far more than formatting with it. */
const hundredthsFormats = new Map<string, Intl.NumberFormat>();

/**
 * Grouping and decimal separators of the shipped languages' tags (i18n/languages.ts), as Intl writes
 * them (checked by lobby-model.test). The first Intl.NumberFormat of a page loads the locale's number
 * data: 130-220 ms of main thread on Lighthouse's throttled phone, after the first paint, for the
 * jackpot and hot counters on home. Other tags ask Intl.
 */
const separatorsByTag: Readonly<Record<string, readonly [group: string, decimal: string]>> = {
  en: [',', '.'],
  'en-US': [',', '.'],
  'zh-Hans': [',', '.'],
  ja: [',', '.'],
  ko: [',', '.'],
  ms: [',', '.'],
  th: [',', '.'],
  id: ['.', ','],
  vi: ['.', ','],
};

/** Formats hundredths as a number with thousands separators and 2 decimals in the given locale. */
export function formatHundredths(value: Hundredths, locale: string): string {
  const separators = separatorsByTag[locale];
  if (separators && Number.isSafeInteger(value)) {
    const [group, decimal] = separators;
    const magnitude = Math.abs(value);
    const whole = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+$)/g, group);
    const cents = String(magnitude % 100).padStart(2, '0');
    return `${value < 0 ? '-' : ''}${whole}${decimal}${cents}`;
  }
  let format = hundredthsFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    hundredthsFormats.set(locale, format);
  }
  return format.format(value / 100);
}

/** Splits a list into consecutive groups of `size` (the last one may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (size < 1) throw new Error('chunk size must be at least 1');
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) groups.push(items.slice(start, start + size));
  return groups;
}
