import { sql, type Kysely } from 'kysely';

/** VIP levels as activity eligibility (decision 0033): an activity may ask for a minimum VIP level. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reward_activities add column min_vip_level smallint not null default 0
    check (min_vip_level between 0 and 50)`.execute(db);
}
