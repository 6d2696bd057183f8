import { sql, type Kysely } from 'kysely';

/**
 * The merchant's game-list layout (issue 18, spec section 9 "games chunked 2"): `grid` (rows of cards)
 * or `chunked2` (columns of two games that scroll sideways). Existing merchants keep the grid. The
 * merchants trigger of 0001 announces the change, so every instance drops its settings snapshot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchants
    add column game_list_layout text not null default 'grid'
      check (game_list_layout in ('grid', 'chunked2'))`.execute(db);
}
