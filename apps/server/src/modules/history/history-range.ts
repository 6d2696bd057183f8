import type { HistoryPreset } from '@portal/contracts';
import { DateTime } from 'luxon';
import { AppError } from '../../http/errors';
import { calendarDate, dayFormat as dateFormat } from '../../lib/calendar-date';
import { periodOf, zoneOfGmtOffset } from '../../lib/periods';
import type { TimeRange } from './history.repo';

/** The longest range one read may cover; with indexed scans and pages of 100 this keeps reads bounded. */
export const maxRangeDays = 366;

export interface RangeInput {
  preset?: HistoryPreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface ResolvedRange extends TimeRange {
  /** The merchant calendar days covered, both inclusive, as yyyy-MM-dd. */
  fromDay: string;
  toDay: string;
}

/**
 * The instants a history read covers, in the merchant's calendar (its GMT offset). Presets (today,
 * last7, last30: each ending today) win over from/to; from alone runs to today, to alone starts 6 days
 * earlier; neither means the last 7 days. Spec section 9's "next/last 7 and 30 days" are shortcuts of the
 * web pages that move the shown window and send it as from/to (decision 0014).
 */
export function resolveRange(input: RangeInput, gmtOffsetMinutes: number, now = Date.now()): ResolvedRange {
  const zone = zoneOfGmtOffset(gmtOffsetMinutes);
  const today = DateTime.fromMillis(now, { zone }).startOf('day');
  let fromDay: DateTime;
  let toDay: DateTime;
  if (input.preset) {
    toDay = today;
    fromDay = today.minus({ days: ({ today: 0, last7: 6, last30: 29 } as const)[input.preset] });
  } else {
    toDay = input.to ? calendarDate(input.to, 'to', zone) : today;
    fromDay = input.from ? calendarDate(input.from, 'from', zone) : toDay.minus({ days: 6 });
  }
  if (fromDay > toDay) {
    throw new AppError('invalid_range', 'from must not be after to', [
      { field: 'from', message: 'is after to', code: 'invalid' },
    ]);
  }
  if (Math.round(toDay.diff(fromDay, 'days').days) + 1 > maxRangeDays) {
    throw new AppError('invalid_range', `A range covers at most ${maxRangeDays} days`, [
      { field: 'from', message: `at most ${maxRangeDays} days before to`, code: 'invalid' },
    ]);
  }
  return {
    fromInclusive: periodOf('day', fromDay.toMillis(), zone).start,
    toExclusive: periodOf('day', toDay.toMillis(), zone).end,
    fromDay: fromDay.toFormat(dateFormat),
    toDay: toDay.toFormat(dateFormat),
  };
}
