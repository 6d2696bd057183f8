/**
 * The pure rules of responsible gaming (issue 17): periods, kinds, lengths, the cooling-off, block ends and
 * age. No zod, so the web's lazy chunks take them from `@portal/contracts/rules` without the schemas.
 */

/** The three limit periods: 24 hours, 7 days, 30 days (the lowest limit that is reached applies). */
export const rgPeriods = ['day', 'week', 'month'] as const;
export type RgPeriod = (typeof rgPeriods)[number];
/** Each period's length in milliseconds. */
export const rgPeriodMs: Record<RgPeriod, number> = {
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};

/** The money limits: deposits, losses (bets less wins and refunds) and wagers (bets). */
export const rgLimitKinds = ['deposit', 'loss', 'wager'] as const;
export type RgLimitKind = (typeof rgLimitKinds)[number];

/** An increase or removal waits this long before it applies; a decrease applies at once. */
export const rgCoolingOffMs = 86_400_000;

/** Reality-check intervals a player may choose, in minutes. */
export const realityCheckIntervals = [15, 30, 60] as const;
export type RealityCheckInterval = (typeof realityCheckIntervals)[number];

/** Breaks ("take a break") and their lengths. */
export const breakDurations = ['24h', '7d', '30d', '6w'] as const;
/** Self-exclusions and their lengths; `permanent` only where the merchant allows it. */
export const exclusionDurations = ['6m', '1y', '5y', 'permanent'] as const;
export type BreakDuration = (typeof breakDurations)[number];
export type ExclusionDuration = (typeof exclusionDurations)[number];
export const rgBlockKinds = ['break', 'self_exclusion'] as const;
export type RgBlockKind = (typeof rgBlockKinds)[number];

/** The end of a break or self-exclusion that starts at `start` (null: permanent). Calendar months and years in UTC. */
export function blockEnd(start: Date, duration: BreakDuration | ExclusionDuration): Date | null {
  const end = new Date(start.getTime());
  switch (duration) {
    case '24h':
      return new Date(start.getTime() + 86_400_000);
    case '7d':
      return new Date(start.getTime() + 7 * 86_400_000);
    case '30d':
      return new Date(start.getTime() + 30 * 86_400_000);
    case '6w':
      return new Date(start.getTime() + 42 * 86_400_000);
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
    case 'permanent':
      return null;
  }
}

/** The minimum age to register and play. */
export const minimumAgeYears = 18;

/** Whole years between a yyyy-MM-dd birthday and `today` (UTC); null for a date that does not exist. */
export function ageInYears(birthday: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const born = new Date(Date.UTC(year, month - 1, day));
  if (born.getUTCFullYear() !== year || born.getUTCMonth() !== month - 1 || born.getUTCDate() !== day)
    return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}
