import { maxReportDays, type ReportPeriodQuery } from '@portal/contracts';
import { DateTime } from 'luxon';
import { AppError } from '../../http/errors';
import { calendarDate, dayFormat } from '../../lib/calendar-date';
import { zoneOfGmtOffset } from '../../lib/periods';

/** A report's days: merchant calendar days, both inclusive, as yyyy-MM-dd (they compare as text). */
export interface ReportDays {
  from: string;
  to: string;
  /** The merchant's zone, e.g. `UTC+7`. */
  timeZone: string;
  /** Every day of the period, in order. */
  days: string[];
}

function presetDays(preset: NonNullable<ReportPeriodQuery['preset']>, today: DateTime): [DateTime, DateTime] {
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [today.minus({ days: 1 }), today.minus({ days: 1 })];
    case 'last7':
      return [today.minus({ days: 6 }), today];
    case 'thisMonth':
      return [today.startOf('month'), today];
    case 'lastMonth': {
      const last = today.startOf('month').minus({ months: 1 });
      return [last, last.endOf('month').startOf('day')];
    }
  }
}

/**
 * The days a report covers in the merchant's calendar (its GMT offset, through the one date library):
 * a preset, else from/to (from alone runs to today, to alone is one day), else today. A malformed date
 * is invalid_date and a reversed or too long period invalid_range, each naming the field.
 */
export function resolveReportDays(
  query: ReportPeriodQuery,
  gmtOffsetMinutes: number,
  now = Date.now(),
): ReportDays {
  const timeZone = zoneOfGmtOffset(gmtOffsetMinutes);
  const today = DateTime.fromMillis(now, { zone: timeZone }).startOf('day');
  let from: DateTime;
  let to: DateTime;
  if (query.preset) {
    [from, to] = presetDays(query.preset, today);
  } else {
    from = query.from ? calendarDate(query.from, 'from', timeZone) : today;
    to = query.to ? calendarDate(query.to, 'to', timeZone) : query.from ? today : from;
    if (!query.from && query.to) from = to;
  }
  if (from > to) {
    throw new AppError('invalid_range', 'from must not be after to', [
      { field: 'from', message: 'is after to', code: 'invalid' },
    ]);
  }
  const count = Math.round(to.diff(from, 'days').days) + 1;
  if (count > maxReportDays) {
    throw new AppError('invalid_range', `A report covers at most ${maxReportDays} days`, [
      { field: 'from', message: `at most ${maxReportDays} days before to`, code: 'invalid' },
    ]);
  }
  const days = Array.from({ length: count }, (_, index) => from.plus({ days: index }).toFormat(dayFormat));
  return { from: from.toFormat(dayFormat), to: to.toFormat(dayFormat), timeZone, days };
}
