import type { Currency } from '@portal/contracts';
import { displayMoney } from '../../../lib/money-display';

/** The Intl locale of a dictionary code (TY is Thai). */
export function localeOf(language: string): string {
  return language === 'TY' ? 'th' : 'en';
}

/** An instant for people, in the reader's time zone and language. */
export function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** A percentage such as "100.00" as people write it ("100", "12.5"). */
export function formatPercent(text: string, language: string): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 2 }).format(value);
}

/** Formats decimal strings from the server in the merchant currency ("฿1,000.00"). */
export type MoneyFormat = (amount: string) => string;

/** The money format of a currency. */
export function moneyFormat(currency: Currency): MoneyFormat {
  return (amount) => displayMoney(amount, currency);
}
