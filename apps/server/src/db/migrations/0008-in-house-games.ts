import { sql, type Kysely } from 'kysely';

/**
 * The in-house games (vendor BGS, docs/provably-fair.md).
 *
 * - `bgs_seeds`: a player's server seeds. The active one (revealed_at null, at most one per member) is
 *   secret and shown only by its SHA-256; rotating reveals it. `next_nonce` counts the bets played with it.
 * - `bgs_rounds`: one row per round, exactly once per round id and per (member, request id), with the
 *   seed, client seed and nonce that decided it, the bet, the outcome and the payout. The status follows
 *   the seamless calls: betting -> (open ->) paying -> settled, or refused when the wallet refused the bet.
 *   At most one mines round per member is unfinished, so the seed cannot be revealed under a live board.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bgs_seeds (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
      server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
      client_seed text not null check (client_seed ~ '^[A-Za-z0-9_-]{1,64}$'),
      next_nonce integer not null default 0 check (next_nonce >= 0),
      revealed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index bgs_seeds_one_active on bgs_seeds (member_id) where revealed_at is null`.execute(
    db,
  );

  await sql`
    create table bgs_rounds (
      id bigint generated always as identity primary key,
      round_id text not null unique check (round_id ~ '^r[0-9a-f]{32}$'),
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      game_code text not null check (game_code in ('bgs-slot', 'bgs-dice', 'bgs-mines')),
      request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
      seed_id bigint not null references bgs_seeds (id),
      client_seed text not null,
      nonce integer not null check (nonce >= 0),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      bet_minor bigint not null check (bet_minor > 0),
      payout_minor bigint not null default 0 check (payout_minor >= 0),
      params jsonb not null,
      outcome jsonb not null,
      reveals smallint[] not null default '{}',
      status text not null check (status in ('betting', 'open', 'paying', 'settled', 'refused')),
      failure_code text check (length(failure_code) <= 64),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint bgs_rounds_request unique (member_id, request_id),
      constraint bgs_rounds_nonce unique (seed_id, nonce)
    )`.execute(db);
  await sql`create index bgs_rounds_member on bgs_rounds (member_id, id desc)`.execute(db);
  // The recovery job's view: only rounds whose seamless calls are unfinished, a handful at any time.
  await sql`create index bgs_rounds_unfinished on bgs_rounds (id)
    where status in ('betting', 'paying') or failure_code = 'abandoning'`.execute(db);
  await sql`create unique index bgs_rounds_one_live_mines on bgs_rounds (member_id)
    where game_code = 'bgs-mines' and status in ('betting', 'open', 'paying')`.execute(db);
}
