/**
 * How the reports show figures: amounts keep the server's exact decimal strings (grouped for reading,
 * never through a float), counts and days in the reader's language.
 */

/** A decimal amount ("-1234567.50") grouped in the reader's locale ("-1,234,567.50"). */
export function formatAmount(text: string, locale: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '0', fraction] = match;
  const format = new Intl.NumberFormat(locale, { useGrouping: true });
  const decimal = format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const grouped = format.format(BigInt(whole));
  return `${sign}${grouped}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/** A count in the reader's locale. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A yyyy-MM-dd day in the reader's language (the day itself, not a moment: no time zone applies). */
export function formatDay(day: string, locale: string, style: 'short' | 'medium' = 'medium'): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString(locale, {
    timeZone: 'UTC',
    ...(style === 'short' ? { day: 'numeric', month: 'short' } : { dateStyle: 'medium' }),
  });
}
