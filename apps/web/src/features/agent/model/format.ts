import { htmlLangOf } from '../../../i18n/languages';
import type { Currency } from '@portal/contracts';
import { displayMoney } from '../../../lib/money-display';

/** The Intl locale of a dictionary code: its BCP 47 tag (TY -> th, VN -> vi, CN -> zh-Hans ...). */
export function localeOf(language: string): string {
  return htmlLangOf(language);
}

/** A calendar day (yyyy-MM-dd, the merchant's calendar) for people, without shifting it by time zone. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A short day for chart axes and compact cells ("5 Mar"). */
export function formatShortDay(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(localeOf(language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
}

/** An instant for people, in the reader's time zone. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** The date of an instant for people, in the reader's time zone (a registration day). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/** A count with the reader's digit grouping. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(value);
}

/** Formats the server's decimal strings in the merchant's currency. */
export type MoneyFormat = (amount: string) => string;

export function moneyFormat(currency: Currency): MoneyFormat {
  return (amount) => displayMoney(amount, currency);
}

/** The tone of a signed amount: negative is money out (or a loss), positive money in (or a win). */
export function amountTone(amount: string): 'amount amount--out' | 'amount amount--in' | 'amount' {
  if (amount.startsWith('-')) return 'amount amount--out';
  return /[1-9]/.test(amount) ? 'amount amount--in' : 'amount';
}

/** A rate from the server (a percentage string such as "0.35") for people: its exact digits, never rounded. */
export function formatRate(rate: string): string {
  return `${rate}%`;
}

/** An instant moved to the merchant's wall clock (its fixed GMT offset), to be formatted in UTC. */
function merchantClock(iso: string, gmtOffsetMinutes: number, shiftMs = 0): Date | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms + shiftMs + gmtOffsetMinutes * 60_000);
}

/** An instant as the merchant's wall clock reads it (payout periods are the merchant's calendar periods). */
export function formatMerchantTime(iso: string, gmtOffsetMinutes: number, language: string): string {
  const clock = merchantClock(iso, gmtOffsetMinutes);
  if (!clock) return iso;
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(clock);
}

/**
 * A period from its start to its end (exclusive), in the merchant's calendar: its days ("1 – 7 Mar 2026",
 * one day alone when it is a day) or, for an hour or a 5-minute window, its times.
 */
export function formatMerchantPeriod(
  period: { start: string; end: string },
  precision: 'day' | 'time',
  gmtOffsetMinutes: number,
  language: string,
): string {
  const start = merchantClock(period.start, gmtOffsetMinutes);
  // The end is exclusive: the period's last day is the one of the instant before it.
  const end = merchantClock(period.end, gmtOffsetMinutes, precision === 'day' ? -1 : 0);
  if (!start || !end || end < start) return `${period.start} – ${period.end}`;
  const format = new Intl.DateTimeFormat(
    localeOf(language),
    precision === 'day'
      ? { dateStyle: 'medium', timeZone: 'UTC' }
      : { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' },
  );
  const sameDay = start.toISOString().slice(0, 10) === end.toISOString().slice(0, 10);
  if (precision === 'day' && sameDay) return format.format(start);
  return format.formatRange(start, end);
}
