import { sql, type Kysely } from 'kysely';

/**
 * Points earned per source (decision 0033, amended): one narrow row per bet, deposit or rollback the
 * points job has read, its primary key the ledger transfer it is for, so each earns or takes back points
 * exactly once; the ledger then carries one points transfer per member, type and batch instead of one per
 * bet, which halves what earning writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table points_earnings (
      transfer_id bigint primary key,
      merchant_id integer not null,
      member_id integer not null,
      points_minor bigint not null
    )`.execute(db);
}
