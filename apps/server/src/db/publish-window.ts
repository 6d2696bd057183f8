import { sql } from 'kysely';

/**
 * Published and inside its schedule window right now: the one visibility rule of decision 0017, shared
 * by every authored table with `published`, `starts_at` and `ends_at` (announcements, banners, messages).
 */
export function windowOpen(table: string) {
  const starts = sql.ref(`${table}.starts_at`);
  const ends = sql.ref(`${table}.ends_at`);
  return sql<boolean>`${sql.ref(`${table}.published`)} and (${starts} is null or ${starts} <= now())
    and (${ends} is null or ${ends} > now())`;
}
