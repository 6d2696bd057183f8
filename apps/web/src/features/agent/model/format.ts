import type { Currency } from '@portal/contracts';
import { displayMoney } from '../../../lib/money-display';

/** The Intl locale of a dictionary code (TY is Thai). */
export function localeOf(language: string): string {
  return language === 'TY' ? 'th' : 'en';
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
