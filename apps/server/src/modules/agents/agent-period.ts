import { maxAgentPeriodDays, type AgentPeriodQuery } from '@portal/contracts';
import { DateTime } from 'luxon';
import { AppError } from '../../http/errors';
import { calendarDate, dayFormat } from '../../lib/calendar-date';
import { zoneOfGmtOffset } from '../../lib/periods';

/** A report period: merchant calendar days, both inclusive, as yyyy-MM-dd (they compare as text). */
export interface AgentPeriod {
  fromDay: string;
  toDay: string;
  /** Days since 2000-01-01 of fromDay and toDay: the team_activity words are counted in these. */
  fromDayNumber: number;
  toDayNumber: number;
}

const epoch = DateTime.fromISO('2000-01-01', { zone: 'UTC' });

function presetDays(preset: NonNullable<AgentPeriodQuery['preset']>, today: DateTime): [DateTime, DateTime] {
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [today.minus({ days: 1 }), today.minus({ days: 1 })];
    case 'thisWeek':
      return [today.startOf('week'), today];
    case 'thisMonth':
      return [today.startOf('month'), today];
    case 'last7':
      return [today.minus({ days: 6 }), today];
    case 'last30':
      return [today.minus({ days: 29 }), today];
    case 'next7':
      return [today, today.plus({ days: 6 })];
    case 'next30':
      return [today, today.plus({ days: 29 })];
  }
}

const dayNumber = (day: DateTime) =>
  Math.round(DateTime.fromISO(day.toFormat(dayFormat), { zone: 'UTC' }).diff(epoch, 'days').days);

/**
 * The days a report covers, in the merchant's calendar (its GMT offset): a preset (ISO weeks start on
 * Monday), else from/to (from alone runs to today, to alone is one day), else today. A malformed date is
 * invalid_date and a reversed or too long period invalid_range, each naming the field.
 */
export function resolveAgentPeriod(
  query: AgentPeriodQuery,
  gmtOffsetMinutes: number,
  now = Date.now(),
): AgentPeriod {
  const zone = zoneOfGmtOffset(gmtOffsetMinutes);
  const today = DateTime.fromMillis(now, { zone }).startOf('day');
  let from: DateTime;
  let to: DateTime;
  if (query.preset) {
    [from, to] = presetDays(query.preset, today);
  } else {
    from = query.from ? calendarDate(query.from, 'from', zone) : today;
    to = query.to ? calendarDate(query.to, 'to', zone) : query.from ? today : from;
    if (!query.from && query.to) from = to;
  }
  if (from > to) {
    throw new AppError('invalid_range', 'from must not be after to', [
      { field: 'from', message: 'is after to', code: 'invalid' },
    ]);
  }
  const days = dayNumber(to) - dayNumber(from) + 1;
  if (days > maxAgentPeriodDays) {
    throw new AppError('invalid_range', `A period covers at most ${maxAgentPeriodDays} days`, [
      { field: 'from', message: `at most ${maxAgentPeriodDays} days before to`, code: 'invalid' },
    ]);
  }
  return {
    fromDay: from.toFormat(dayFormat),
    toDay: to.toFormat(dayFormat),
    fromDayNumber: dayNumber(from),
    toDayNumber: dayNumber(to),
  };
}

/**
 * The team_activity words a period touches, each with the mask of its days inside the period (signed
 * 64-bit, as PostgreSQL's bigint holds it).
 */
export function activityWords(period: AgentPeriod): { word: number; mask: bigint }[] {
  const words: { word: number; mask: bigint }[] = [];
  for (let word = Math.floor(period.fromDayNumber / 64); word * 64 <= period.toDayNumber; word += 1) {
    const low = Math.max(period.fromDayNumber - word * 64, 0);
    const high = Math.min(period.toDayNumber - word * 64, 63);
    const mask = ((1n << BigInt(high + 1)) - 1n) & ~((1n << BigInt(low)) - 1n);
    words.push({ word, mask: BigInt.asIntN(64, mask) });
  }
  return words;
}
