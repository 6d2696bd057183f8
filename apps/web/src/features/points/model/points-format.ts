import { htmlLangOf } from '../../../i18n/languages';
import type { Currency } from '@portal/contracts';
import { formatMinor, formatMoneyDisplay, parseMinor } from '@portal/contracts/rules';

/** Points travel as text with up to two decimals (hundredths of a point are the ledger's minor unit). */
const pointDecimals = 2;

/** The Intl locale of a dictionary code: its BCP 47 tag (TY -> th, VN -> vi, CN -> zh-Hans ...). */
export function localeOf(language: string): string {
  return htmlLangOf(language);
}

/** Points in hundredths, or null for text that is not a points figure. */
export function pointsMinor(text: string): bigint | null {
  return parseMinor(text, pointDecimals);
}

/** Points for people: separators, and decimals only when there are any ("1,250", "12.50", "-300"). */
export function displayPoints(text: string): string {
  const minor = pointsMinor(text);
  if (minor === null) return text;
  const shown = formatMoneyDisplay(minor, pointDecimals);
  return shown.endsWith('.00') ? shown.slice(0, -3) : shown;
}

/** A signed change for the details table: "+120", "-300". */
export function displayPointsChange(text: string): string {
  const shown = displayPoints(text);
  return shown.startsWith('-') ? shown : `+${shown}`;
}

/** An instant for people, in the reader's time zone and language. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/**
 * A decimal amount in the merchant currency ("฿1,000.00"); an amount with more decimals than the
 * currency (moneyText allows four) keeps them rather than being rounded.
 */
export function displayAmount(text: string, currency: Currency): string {
  const exact = parseMinor(text, currency.decimals);
  if (exact !== null) return formatMoneyDisplay(exact, currency.decimals, currency.symbol);
  const decimals = text.split('.')[1]?.length ?? 0;
  const minor = parseMinor(text, decimals);
  return minor === null ? text : formatMoneyDisplay(minor, decimals, currency.symbol);
}

/** What redeeming `units` of an item takes and pays, computed exactly (no floating point). */
export interface RedeemFigures {
  /** Points requirement, as points text. */
  points: string;
  /** Amount requirement, as decimal text; null for goods and vouchers. */
  amount: string | null;
}

/** units x the item's per-unit points and amount. */
export function redeemFigures(
  item: { pointsPerUnit: string; amountPerUnit: string | null },
  units: number,
): RedeemFigures {
  const count = BigInt(units);
  const perUnit = pointsMinor(item.pointsPerUnit) ?? 0n;
  const points = formatMinor(perUnit * count, pointDecimals);
  if (item.amountPerUnit === null) return { points, amount: null };
  const decimals = item.amountPerUnit.split('.')[1]?.length ?? 0;
  const amountMinor = parseMinor(item.amountPerUnit, decimals) ?? 0n;
  return { points, amount: formatMinor(amountMinor * count, decimals) };
}

/** Whether `available` points cover `needed` points. */
export function coversPoints(available: string, needed: string): boolean {
  const have = pointsMinor(available);
  const want = pointsMinor(needed);
  return have !== null && want !== null && have >= want;
}

/** A rate as people read it: the points, and the amount of money (decimal text) that earns them. */
export interface RateShown {
  points: string;
  amount: string;
}

// Rates carry up to four decimals (contracts: rateText).
const rateDecimals = 4;

/**
 * A rate of points per 1.00 shown per the smallest round amount (1, 10, 100, ... up to 10,000) that earns
 * at least one point, so 0.01 reads "1 point per 100.00" rather than "0.01 points per 1.00"; null for a
 * rate of zero (that type earns nothing).
 */
export function rateShown(rate: string): RateShown | null {
  const minor = parseMinor(rate, rateDecimals);
  if (minor === null || minor <= 0n) return null;
  const one = 10n ** BigInt(rateDecimals);
  let scale = 1n;
  while (minor * scale < one && scale < one) scale *= 10n;
  const points = formatMinor(minor * scale, rateDecimals).replace(/\.?0+$/, '');
  return { points: displayPointsText(points), amount: scale.toString() };
}

// Groups the integer digits of a points figure that may carry up to four decimals.
function displayPointsText(text: string): string {
  const [integer = '0', fraction] = text.split('.');
  const grouped = integer.replace(/\B(?=(?:[0-9]{3})+$)/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}
