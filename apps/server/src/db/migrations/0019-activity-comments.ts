import { sql, type Kysely } from 'kysely';

/**
 * Activity comments (issue 14, spec section 5): an activity may ask players for comments
 * (`allow_comments`); each comment is at most 140 characters with up to three stored PNG or JPEG images,
 * and an operator can hide one. Listed newest first per activity.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reward_activities add column allow_comments boolean not null default false`.execute(
    db,
  );
  await sql`
    create table reward_activity_comments (
      id bigint generated always as identity primary key,
      activity_id bigint not null references reward_activities (id),
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      body text not null check (length(body) between 1 and 140),
      image_keys text[] not null default '{}' check (cardinality(image_keys) <= 3),
      hidden_at timestamptz,
      hidden_by integer references operators (id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index reward_activity_comments_list on reward_activity_comments (activity_id, id desc)`.execute(
    db,
  );
}
