import { htmlLangOf } from '../../../i18n/languages';
import type { Currency } from '@portal/contracts';
import { displayMoney } from '../../../lib/money-display';

/** The Intl locale of a dictionary code: its BCP 47 tag (TY -> th, VN -> vi, CN -> zh-Hans ...). */
export function localeOf(language: string): string {
  return htmlLangOf(language);
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

/**
 * A closed period by its key (`day:2026-11-24@Asia/Bangkok`, `week:2026-W47@Asia/Bangkok`): a day as a
 * date in the reader's language, a week by its ISO number; any other key as it is.
 */
export function periodLabel(key: string, language: string, weekText: (week: number, year: number) => string) {
  const day = /^day:(\d{4})-(\d{2})-(\d{2})@/.exec(key);
  if (day) {
    const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    // The date is the period's own local date: formatting in UTC keeps it from shifting a day.
    return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  const week = /^week:(\d{4})-W(\d{2})@/.exec(key);
  if (week) return weekText(Number(week[2]), Number(week[1]));
  return key;
}
