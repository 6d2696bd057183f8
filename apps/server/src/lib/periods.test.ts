import fc from 'fast-check';
import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  InvalidTimeZoneError,
  nextPeriod,
  parsePeriodKey,
  periodKinds,
  periodOf,
  previousPeriod,
  zoneOfGmtOffset,
  type Period,
  type PeriodKind,
} from './periods';

const hourMs = 3_600_000;
const utc = (text: string) => new Date(`${text}Z`);
const lengthHours = (period: Period) => (period.end.getTime() - period.start.getTime()) / hourMs;

/** Every period of `kind` from the one holding `from` up to `to`. */
function periodsBetween(kind: PeriodKind, from: Date, to: Date, timeZone: string): Period[] {
  const periods = [periodOf(kind, from, timeZone)];
  while (periods.at(-1)!.end < to) periods.push(nextPeriod(periods.at(-1)!));
  return periods;
}

describe('period keys', () => {
  it('names each kind by its local label and zone', () => {
    const instant = utc('2026-11-24T17:30:00'); // 00:30 on the 25th in Bangkok
    expect(periodOf('hour', instant, 'Asia/Bangkok').key).toBe('hour:2026-11-25T00+07:00@Asia/Bangkok');
    expect(periodOf('day', instant, 'Asia/Bangkok').key).toBe('day:2026-11-25@Asia/Bangkok');
    expect(periodOf('day', instant, 'UTC').key).toBe('day:2026-11-24@UTC');
    expect(periodOf('week', instant, 'Asia/Bangkok').key).toBe('week:2026-W48@Asia/Bangkok');
    expect(periodOf('half-month', instant, 'Asia/Bangkok').key).toBe('half-month:2026-11-2@Asia/Bangkok');
    expect(periodOf('half-month', utc('2026-11-15T16:59:59.999'), 'Asia/Bangkok').key).toBe(
      'half-month:2026-11-1@Asia/Bangkok',
    );
    expect(periodOf('month', instant, 'Asia/Bangkok').key).toBe('month:2026-11@Asia/Bangkok');
  });

  it('spells a zone one way whatever its case, and refuses unknown zones', () => {
    expect(periodOf('day', 0, 'asia/bangkok').key).toBe('day:1970-01-01@Asia/Bangkok');
    expect(() => periodOf('day', 0, 'Mars/Olympus')).toThrow(InvalidTimeZoneError);
  });

  it('turns a merchant GMT offset into a fixed zone with the same calendar', () => {
    expect(zoneOfGmtOffset(420)).toBe('UTC+7');
    expect(zoneOfGmtOffset(-210)).toBe('UTC-3:30');
    const fixed = periodOf('day', utc('2026-06-01T20:00:00'), zoneOfGmtOffset(420));
    const named = periodOf('day', utc('2026-06-01T20:00:00'), 'Asia/Bangkok');
    expect(fixed.key).toBe('day:2026-06-02@UTC+7');
    expect([fixed.start, fixed.end]).toEqual([named.start, named.end]);
  });

  it('names every GMT offset a merchant may have so that it parses back', () => {
    expect(zoneOfGmtOffset(-61)).toBe('UTC-1:01');
    expect(zoneOfGmtOffset(0)).toBe('UTC');
    expect(() => zoneOfGmtOffset(19 * 60)).toThrow(InvalidTimeZoneError);
    fc.assert(
      fc.property(
        fc.integer({ min: -720, max: 840 }),
        fc.integer({ min: 0, max: 2 ** 41 }),
        (offset, instant) => {
          const day = periodOf('day', instant, zoneOfGmtOffset(offset));
          expect(Math.abs((day.start.getTime() + offset * 60_000) % (24 * hourMs))).toBe(0);
          expect(parsePeriodKey(day.key)).toEqual(day);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('refuses keys periodOf could not have made', () => {
    for (const key of [
      'day:2026-02-30@UTC',
      'day:2026-11-24',
      'year:2026@UTC',
      'half-month:2026-11-3@UTC',
      'hour:2026-11-01T01-03:00@America/New_York',
      'week:2026-W54@UTC',
      'month:2026-11@Nowhere/Else',
    ]) {
      expect(() => parsePeriodKey(key), key).toThrow();
    }
  });
});

describe('calendar edges', () => {
  it('uses ISO weeks that start on Monday and belong to the week-year', () => {
    const week = periodOf('week', utc('2027-01-01T12:00:00'), 'UTC');
    expect(week.key).toBe('week:2026-W53@UTC');
    expect(week.start).toEqual(utc('2026-12-28T00:00:00'));
    expect(week.end).toEqual(utc('2027-01-04T00:00:00'));
  });

  it('splits months at the 16th, the second half running to the month end', () => {
    const second = periodOf('half-month', utc('2028-02-29T00:00:00'), 'UTC');
    expect([second.key, second.start, second.end]).toEqual([
      'half-month:2028-02-2@UTC',
      utc('2028-02-16T00:00:00'),
      utc('2028-03-01T00:00:00'),
    ]);
    expect(previousPeriod(second).key).toBe('half-month:2028-02-1@UTC');
    expect(nextPeriod(second).key).toBe('half-month:2028-03-1@UTC');
  });

  it('gives DST days 23 and 25 hours in New York and London', () => {
    expect(lengthHours(periodOf('day', utc('2026-03-08T12:00:00'), 'America/New_York'))).toBe(23);
    expect(lengthHours(periodOf('day', utc('2026-11-01T12:00:00'), 'America/New_York'))).toBe(25);
    expect(lengthHours(periodOf('day', utc('2026-03-29T12:00:00'), 'Europe/London'))).toBe(23);
    expect(lengthHours(periodOf('day', utc('2026-10-25T12:00:00'), 'Europe/London'))).toBe(25);
    expect(lengthHours(periodOf('day', utc('2026-07-01T12:00:00'), 'Europe/London'))).toBe(24);
    // The week and month holding a switch are an hour short or long too.
    expect(lengthHours(periodOf('week', utc('2026-11-01T12:00:00'), 'America/New_York'))).toBe(
      7 * 24 - 1 + 2,
    );
    expect(lengthHours(periodOf('month', utc('2026-03-15T12:00:00'), 'Europe/London'))).toBe(31 * 24 - 1);
  });

  it('keeps the hours of a switch day contiguous and tells the repeated 01:00 apart', () => {
    const day = periodOf('day', utc('2026-11-01T12:00:00'), 'America/New_York');
    const hours = periodsBetween('hour', day.start, new Date(day.end.getTime() - 1), 'America/New_York');
    expect(hours).toHaveLength(25);
    expect(hours.every((hour) => lengthHours(hour) === 1)).toBe(true);
    expect(new Set(hours.map((hour) => hour.key)).size).toBe(25);
    expect(hours.slice(0, 3).map((hour) => hour.key)).toEqual([
      'hour:2026-11-01T00-04:00@America/New_York',
      'hour:2026-11-01T01-04:00@America/New_York',
      'hour:2026-11-01T01-05:00@America/New_York',
    ]);
    const spring = periodOf('day', utc('2026-03-29T12:00:00'), 'Europe/London');
    const springHours = periodsBetween(
      'hour',
      spring.start,
      new Date(spring.end.getTime() - 1),
      'Europe/London',
    );
    expect(springHours.map((hour) => hour.key.slice(5, 18))).toEqual(
      ['00', ...Array.from({ length: 22 }, (_, index) => String(index + 2).padStart(2, '0'))].map(
        (hour) => `2026-03-29T${hour}`,
      ),
    );
  });

  it('starts a day whose midnight is skipped at the first instant it has (Santiago)', () => {
    const day = periodOf('day', utc('2026-09-06T12:00:00'), 'America/Santiago');
    expect(day.key).toBe('day:2026-09-06@America/Santiago');
    expect(day.start).toEqual(utc('2026-09-06T04:00:00')); // 01:00 -03:00
    expect(lengthHours(day)).toBe(23);
  });

  it('follows a 30-minute switch with hours of 30 to 90 minutes (Lord Howe)', () => {
    const zone = 'Australia/Lord_Howe';
    const day = periodOf('day', utc('2026-04-05T02:00:00'), zone);
    const hours = periodsBetween('hour', day.start, new Date(day.end.getTime() - 1), zone);
    expect(lengthHours(day)).toBe(24.5);
    expect(hours.map(lengthHours).reduce((sum, length) => sum + length, 0)).toBe(24.5);
    expect(new Set(hours.map((hour) => hour.key)).size).toBe(hours.length);
  });
});

const zones = [
  'UTC',
  'UTC+7',
  'UTC-3:30',
  'Asia/Bangkok',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/New_York',
  'Europe/London',
  'America/Santiago',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Tehran',
];

const dayMs = 24 * hourMs;

/** The instants (to the minute) where an IANA zone's offset changes between 2015 and 2035. */
function offsetChanges(zoneName: string): number[] {
  const zone = IANAZone.create(zoneName);
  const changes: number[] = [];
  for (let day = Date.UTC(2015, 0, 1); day < Date.UTC(2035, 0, 1); day += dayMs) {
    if (zone.offset(day) === zone.offset(day + dayMs)) continue;
    let low = day;
    let high = day + dayMs;
    while (high - low > 60_000) {
      const middle = low + Math.max(1, Math.floor((high - low) / 120_000)) * 60_000;
      if (zone.offset(middle) === zone.offset(day)) low = middle;
      else high = middle;
    }
    changes.push(high);
  }
  return changes;
}

const kinds = fc.constantFrom(...periodKinds);
const zoneNames = fc.constantFrom(...zones);
const anyInstant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) });
/** Zones paired with their offset changes, so that half the cases fall within a day and a half of one. */
const switches = zones
  .filter((zone) => !zone.startsWith('UTC'))
  .flatMap((zone) => offsetChanges(zone).map((change) => ({ zone, change })));
const nearSwitch = fc
  .tuple(fc.constantFrom(...switches), fc.integer({ min: -36 * hourMs, max: 36 * hourMs }))
  .map(([{ zone, change }, deltaMs]) => ({ zone, instant: change + deltaMs }));
const zonedInstants = fc.oneof(
  fc.tuple(zoneNames, anyInstant).map(([zone, instant]) => ({ zone, instant })),
  nearSwitch,
);

describe('period properties', () => {
  it('holds the instant, and its neighbours touch it without a gap or overlap', () => {
    fc.assert(
      fc.property(kinds, zonedInstants, (kind, { zone, instant }) => {
        const period = periodOf(kind, instant, zone);
        expect(period.start.getTime()).toBeLessThanOrEqual(instant);
        expect(period.end.getTime()).toBeGreaterThan(instant);
        const next = nextPeriod(period);
        const previous = previousPeriod(period);
        expect(next.start).toEqual(period.end);
        expect(previous.end).toEqual(period.start);
        expect(new Set([previous.key, period.key, next.key]).size).toBe(3);
        // Every instant of the period maps back to it.
        expect(periodOf(kind, period.start, zone).key).toBe(period.key);
        expect(periodOf(kind, period.end.getTime() - 1, zone).key).toBe(period.key);
      }),
      { numRuns: 1_000 },
    );
  });

  it('round-trips every key to the same period', () => {
    fc.assert(
      fc.property(kinds, zonedInstants, (kind, { zone, instant }) => {
        const period = periodOf(kind, instant, zone);
        expect(parsePeriodKey(period.key)).toEqual(period);
      }),
      { numRuns: 1_000 },
    );
  });

  it('gives two instants one key exactly when they share a period', () => {
    fc.assert(
      fc.property(
        kinds,
        zonedInstants,
        fc.integer({ min: -2 * dayMs, max: 2 * dayMs }),
        (kind, { zone, instant: first }, deltaMs) => {
          const second = first + deltaMs;
          const a = periodOf(kind, first, zone);
          const b = periodOf(kind, second, zone);
          expect(a.key === b.key).toBe(a.start.getTime() === b.start.getTime());
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('keeps period lengths within the calendar bounds', () => {
    const bounds: Record<PeriodKind, [number, number]> = {
      hour: [0.5, 1.5],
      day: [23, 25],
      week: [7 * 24 - 1, 7 * 24 + 1],
      'half-month': [13 * 24 - 1, 16 * 24 + 1],
      month: [28 * 24 - 1, 31 * 24 + 1],
    };
    fc.assert(
      fc.property(kinds, zonedInstants, (kind, { zone, instant }) => {
        const length = lengthHours(periodOf(kind, instant, zone));
        expect(length).toBeGreaterThanOrEqual(bounds[kind][0]);
        expect(length).toBeLessThanOrEqual(bounds[kind][1]);
      }),
      { numRuns: 1_000 },
    );
  });
});
