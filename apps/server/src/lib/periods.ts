import { DateTime, IANAZone, Info, type Zone } from 'luxon';

/**
 * Calendar periods in a time zone (decision 0022): the hours, days, ISO weeks, half-months and months
 * that salaries, dividends, missions and leaderboards pay by. A period's key names it exactly (kind,
 * local label, zone) and is the idempotency key of whatever is paid for it.
 */

export const periodKinds = ['hour', 'day', 'week', 'half-month', 'month'] as const;
export type PeriodKind = (typeof periodKinds)[number];

export interface Period {
  kind: PeriodKind;
  /** The time zone the period is a calendar period of, normalised (`Asia/Bangkok`, `UTC+7`). */
  timeZone: string;
  /** First instant inside the period. */
  start: Date;
  /** First instant after the period: the next period's start. */
  end: Date;
  /** Stable and unique, e.g. `day:2026-11-24@Asia/Bangkok`, `half-month:2026-11-2@UTC+7`. */
  key: string;
}

export class InvalidTimeZoneError extends Error {
  constructor(timeZone: string) {
    super(`unknown time zone: ${timeZone}`);
  }
}

const hourMs = 3_600_000;
/** Offsets change at whole minutes at most, so a search for the change stops at minute precision. */
const minuteMs = 60_000;

interface ResolvedZone {
  zone: Zone;
  name: string;
}

/** Zones resolved so far; a deployment names a handful, the bound only guards against junk input. */
const resolvedZones = new Map<string, ResolvedZone>();
const maxResolvedZones = 1_000;

/** The luxon zone of an IANA name (any case) or a fixed offset (`UTC`, `UTC+7`, `UTC-3:30`). */
function resolveZone(timeZone: string): ResolvedZone {
  const cached = resolvedZones.get(timeZone);
  if (cached) return cached;
  const zone = Info.normalizeZone(timeZone);
  if (!zone?.isValid) throw new InvalidTimeZoneError(timeZone);
  // Intl spells IANA names canonically, so `asia/bangkok` and `Asia/Bangkok` give one key.
  const name =
    zone instanceof IANAZone
      ? new Intl.DateTimeFormat('en-US', { timeZone: zone.name }).resolvedOptions().timeZone
      : fixedZoneName(zone.offset(0));
  const resolved = { zone, name };
  if (resolvedZones.size < maxResolvedZones) resolvedZones.set(timeZone, resolved);
  return resolved;
}

/**
 * The name of a fixed offset as luxon parses it back: `UTC`, `UTC+7`, `UTC-3:30`, `UTC-1:01` (luxon's
 * own FixedOffsetZone name drops the zero of `-1:01`, and then does not parse).
 */
function fixedZoneName(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = Math.trunc(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  return `UTC${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The zone name of a merchant's fixed GMT offset in minutes (420 -> `UTC+7`). */
export function zoneOfGmtOffset(offsetMinutes: number): string {
  if (!Number.isInteger(offsetMinutes) || Math.abs(offsetMinutes) > 18 * 60) {
    throw new InvalidTimeZoneError(`GMT offset of ${offsetMinutes} minutes`);
  }
  return fixedZoneName(offsetMinutes);
}

const offsetAt = (zone: Zone, ms: number) => zone.offset(ms) * minuteMs;
const mod = (value: number, divisor: number) => ((value % divisor) + divisor) % divisor;

/** The first instant after `from` (exclusive) up to `to` whose offset differs from `from`'s. */
function offsetChangeAfter(zone: Zone, from: number, to: number): number {
  const offset = offsetAt(zone, from);
  let low = from;
  let high = to;
  while (high - low > minuteMs) {
    const middle = low + Math.max(1, Math.floor((high - low) / 2 / minuteMs)) * minuteMs;
    if (offsetAt(zone, middle) === offset) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The start of the local hour holding `ms`: the last instant at or before it whose own wall clock
 * reads :00. Worked out on absolute time, because a local hour repeats when clocks go back and a
 * 30-minute shift (Australia/Lord_Howe) moves the grid of whole hours.
 */
function hourStart(zone: Zone, ms: number): number {
  const offset = offsetAt(zone, ms);
  const candidate = ms - mod(ms + offset, hourMs);
  if (offsetAt(zone, candidate) === offset) return candidate;
  // The offset changed after the candidate: no :00 of this offset lies between the change and ms.
  const change = offsetChangeAfter(zone, candidate, ms);
  return hourStart(zone, change - 1);
}

/** The first instant after `start` whose wall clock reads :00 (the next hour's start). */
function hourEnd(zone: Zone, start: number): number {
  const offset = offsetAt(zone, start);
  const candidate = start + hourMs - mod(start + offset, hourMs);
  if (offsetAt(zone, candidate) === offset && offsetAt(zone, candidate - 1) === offset) return candidate;
  const change = offsetChangeAfter(zone, start, candidate);
  const after = offsetAt(zone, change);
  return change + mod(-(change + after), hourMs);
}

/** The first instant of a local calendar date (midnight, or the first instant after a skipped one). */
function dateStart(zone: Zone, year: number, month: number, day: number): DateTime {
  return DateTime.fromObject({ year, month, day }, { zone });
}

/** The first local date of the period holding `local`, and the first date of the next one. */
function dateBounds(kind: Exclude<PeriodKind, 'hour'>, local: DateTime): [DateTime, DateTime] {
  const day = local.startOf('day');
  switch (kind) {
    case 'day':
      return [day, day.plus({ days: 1 })];
    case 'week': {
      const monday = day.minus({ days: day.weekday - 1 });
      return [monday, monday.plus({ days: 7 })];
    }
    case 'half-month': {
      const month = day.startOf('month');
      return day.day <= 15
        ? [month, month.set({ day: 16 })]
        : [month.set({ day: 16 }), month.plus({ months: 1 })];
    }
    case 'month': {
      const month = day.startOf('month');
      return [month, month.plus({ months: 1 })];
    }
  }
}

function labelOf(kind: PeriodKind, start: DateTime): string {
  switch (kind) {
    case 'hour':
      // The offset tells apart the two 01:00 hours of the night clocks go back.
      return start.toFormat("yyyy-MM-dd'T'HHZZ");
    case 'day':
      return start.toFormat('yyyy-MM-dd');
    case 'week':
      return start.toFormat("kkkk-'W'WW");
    case 'half-month':
      return `${start.toFormat('yyyy-MM')}-${start.day <= 15 ? 1 : 2}`;
    case 'month':
      return start.toFormat('yyyy-MM');
  }
}

/** The calendar period of `kind` in `timeZone` that holds `instant`. */
export function periodOf(kind: PeriodKind, instant: Date | number, timeZone: string): Period {
  const { zone, name } = resolveZone(timeZone);
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('periodOf needs a valid instant');
  let start: number;
  let end: number;
  let local: DateTime;
  if (kind === 'hour') {
    start = hourStart(zone, ms);
    end = hourEnd(zone, start);
    local = DateTime.fromMillis(start, { zone });
  } else {
    const [first, next] = dateBounds(kind, DateTime.fromMillis(ms, { zone }));
    local = dateStart(zone, first.year, first.month, first.day);
    start = local.toMillis();
    end = dateStart(zone, next.year, next.month, next.day).toMillis();
  }
  return {
    kind,
    timeZone: name,
    start: new Date(start),
    end: new Date(end),
    key: `${kind}:${labelOf(kind, local)}@${name}`,
  };
}

/** The period right after `period` (its start is `period.end`). */
export function nextPeriod(period: Period): Period {
  return periodOf(period.kind, period.end, period.timeZone);
}

/** The period right before `period` (its end is `period.start`). */
export function previousPeriod(period: Period): Period {
  return periodOf(period.kind, period.start.getTime() - 1, period.timeZone);
}

const keyPattern = /^(hour|day|week|half-month|month):([0-9W:+T-]+)@(.+)$/;

/** An instant inside the period a label names, or undefined when the label is not well formed. */
function instantOfLabel(kind: PeriodKind, label: string, zone: Zone): DateTime | undefined {
  const halfMonth = /^(\d{4}-\d{2})-([12])$/.exec(label);
  const parsed =
    kind === 'hour'
      ? DateTime.fromFormat(label, "yyyy-MM-dd'T'HHZZ", { setZone: true })
      : kind === 'half-month'
        ? halfMonth
          ? DateTime.fromISO(`${halfMonth[1]}-${halfMonth[2] === '1' ? '01' : '16'}`, { zone })
          : undefined
        : DateTime.fromISO(label, { zone });
  return parsed?.isValid ? parsed : undefined;
}

/** The period a key names; throws when the key is not one `periodOf` could have made. */
export function parsePeriodKey(key: string): Period {
  const match = keyPattern.exec(key);
  if (!match) throw new RangeError(`not a period key: ${key}`);
  const kind = match[1] as PeriodKind;
  const { zone } = resolveZone(match[3]!);
  const instant = instantOfLabel(kind, match[2]!, zone);
  const period = instant ? periodOf(kind, instant.toMillis(), match[3]!) : undefined;
  if (!period || period.key !== key) throw new RangeError(`not a period key: ${key}`);
  return period;
}
