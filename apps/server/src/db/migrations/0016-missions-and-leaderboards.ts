import { sql, type Kysely } from 'kysely';

/**
 * Missions and leaderboards (decision 0030): two more activity kinds, and `reward_leaderboard_periods`,
 * one row per leaderboard and period settled, with its standings: inserted in the transaction that pays
 * the period's prizes, so a period is paid once whatever reruns it. Leaderboards rank a merchant's
 * accounts by their day figures: `member_daily` gains an index by merchant and day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reward_activities drop constraint reward_activities_kind_check`.execute(db);
  await sql`alter table reward_activities add constraint reward_activities_kind_check check (kind in
    ('first_deposit', 'reload_deposit', 'cashback', 'sign_in', 'social_contact', 'mission', 'leaderboard'))`.execute(
    db,
  );
  await sql`
    create table reward_leaderboard_periods (
      activity_id bigint not null references reward_activities (id),
      period_key text not null check (length(period_key) between 1 and 80),
      period_end timestamptz not null,
      standings jsonb not null default '[]',
      settled_at timestamptz not null default now(),
      primary key (activity_id, period_key)
    )`.execute(db);
  await sql`create index reward_leaderboard_periods_last on reward_leaderboard_periods (activity_id, period_end)`.execute(
    db,
  );
  await sql`create index member_daily_merchant_day on member_daily (merchant_id, day)`.execute(db);
}
