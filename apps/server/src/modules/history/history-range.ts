import type { HistoryPreset } from '@portal/contracts';
import { AppError } from '../../http/errors';
import type { TimeRange } from './history.repo';

const dayMs = 86_400_000;
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

function dayNumber(text: string, field: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new AppError(400, 'invalid_date', `${field} is not a calendar date`, [
      { field, message: 'is not a calendar date', code: 'invalid' },
    ]);
  }
  return ms / dayMs;
}

const dayText = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/**
 * The instants a history read covers, in the merchant's calendar (its GMT offset). Presets (today,
 * last7, last30: each ending today) win over from/to; from alone runs to today, to alone starts 6 days
 * earlier; neither means the last 7 days. Spec section 9's "next/last 7 and 30 days" are shortcuts of the
 * web pages that move the shown window and send it as from/to (decision 0014).
 */
export function resolveRange(input: RangeInput, gmtOffsetMinutes: number, now = Date.now()): ResolvedRange {
  const offsetMs = gmtOffsetMinutes * 60_000;
  const today = Math.floor((now + offsetMs) / dayMs);
  let fromDay: number;
  let toDay: number;
  if (input.preset) {
    toDay = today;
    fromDay = today - ({ today: 0, last7: 6, last30: 29 } as const)[input.preset];
  } else {
    toDay = input.to ? dayNumber(input.to, 'to') : today;
    fromDay = input.from ? dayNumber(input.from, 'from') : toDay - 6;
  }
  if (fromDay > toDay) {
    throw new AppError(400, 'invalid_range', 'from must not be after to', [
      { field: 'from', message: 'is after to', code: 'invalid' },
    ]);
  }
  if (toDay - fromDay + 1 > maxRangeDays) {
    throw new AppError(400, 'invalid_range', `A range covers at most ${maxRangeDays} days`, [
      { field: 'from', message: `at most ${maxRangeDays} days before to`, code: 'invalid' },
    ]);
  }
  return {
    fromInclusive: new Date(fromDay * dayMs - offsetMs),
    toExclusive: new Date((toDay + 1) * dayMs - offsetMs),
    fromDay: dayText(fromDay),
    toDay: dayText(toDay),
  };
}
