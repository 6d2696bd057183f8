import { sql, type Kysely } from 'kysely';

/**
 * A round's bets and win update its row in place (issue 19, "fewer writes per call"; decision 0055).
 *
 * The seamless wallet writes the round on every call: the first bet inserts it, every further bet and the
 * win update it. The winner board's index, `(merchant_id, updated_at desc) where win_minor > 0`, named two
 * columns those updates change, so none of them could be a heap-only (HOT) update: each wrote a new
 * entry in every index of the table (three or four per update, ten for a round of bet, bet, win). Now:
 * - the winner board reads the rounds started in its window (a round lasts seconds to minutes, so "won
 *   this week" and "started this week" are the same rounds but for a few at the edge) through
 *   `game_rounds_started (merchant_id, started_at desc)`, whose columns a round never changes;
 * - the table keeps 15 % of each page free (fillfactor 85), room for the new versions of the rounds on
 *   it, which HOT needs.
 * A round's updates then change no indexed column and write no index entry.
 *
 * Two indexes no read uses go too: the primary keys on the surrogate `id` of `game_rounds` and
 * `seamless_transactions`. Both tables are read by their natural keys, which stay unique
 * (`game_rounds_identity`, `seamless_transactions_vendor_tx`); nothing refers to either id, which stays a
 * column (insertion order for tests and support): each call writes one index entry less. Only PostgreSQL 15
 * SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index game_rounds_wins`.execute(db);
  await sql`create index game_rounds_started on game_rounds (merchant_id, started_at desc)`.execute(db);
  await sql`alter table game_rounds set (fillfactor = 85)`.execute(db);
  await sql`alter table game_rounds drop constraint game_rounds_pkey`.execute(db);
  await sql`alter table seamless_transactions drop constraint seamless_transactions_pkey`.execute(db);
}
