import { sql, type Kysely } from 'kysely';

/**
 * Red envelopes and raffles (decision 0031):
 *
 * - `red_envelopes`: an operator-scheduled pool with its committed seed (the hash is public from the
 *   start, the seed is shown once the pool is empty or the envelope has ended).
 * - `red_envelope_shares`: the split drawn from the seed at creation, one row per share. A claim takes
 *   the next free share; unique (envelope, member) is what makes a player claim once.
 * - `raffles`: a window earning tickets, a draw time, prizes, the committed seed; `drawn_at` and the
 *   drawn entries are written in the transaction that pays the prizes.
 * - `raffle_winners`: one row per prize paid, unique per (raffle, rank) and (raffle, member).
 * - `bonus_grants` may now come from a red envelope or a raffle, which are not activity claims: the
 *   claim becomes optional and such a grant carries its own title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bonus_grants alter column claim_id drop not null`.execute(db);
  await sql`alter table bonus_grants add column title text check (length(title) between 1 and 120)`.execute(
    db,
  );
  await sql`alter table bonus_grants add constraint bonus_grants_source
    check (claim_id is not null or title is not null)`.execute(db);

  await sql`
    create table red_envelopes (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      title text not null check (length(title) between 1 and 80),
      pool_minor bigint not null check (pool_minor > 0),
      share_count integer not null check (share_count between 1 and 1000),
      starts_at timestamptz not null,
      ends_at timestamptz not null check (ends_at > starts_at),
      seed text not null check (seed ~ '^[0-9a-f]{64}$'),
      seed_hash text not null check (seed_hash ~ '^[0-9a-f]{64}$'),
      wagering_multiplier integer not null check (wagering_multiplier between 0 and 100),
      wagering_weights jsonb not null,
      withdraw_rule text not null check (withdraw_rule in ('refuse', 'forfeit')),
      created_by integer,
      created_at timestamptz not null default now(),
      constraint red_envelopes_shares_fit check (pool_minor >= share_count)
    )`.execute(db);
  await sql`create index red_envelopes_merchant on red_envelopes (merchant_id, ends_at desc)`.execute(db);

  await sql`
    create table red_envelope_shares (
      envelope_id bigint not null references red_envelopes (id),
      share_index integer not null check (share_index >= 0),
      amount_minor bigint not null check (amount_minor > 0),
      member_id integer references members (id),
      transfer_id bigint references ledger_transfers (id),
      claimed_at timestamptz,
      primary key (envelope_id, share_index),
      constraint red_envelope_shares_once unique (envelope_id, member_id),
      constraint red_envelope_shares_claimed check ((member_id is null) = (claimed_at is null))
    )`.execute(db);

  await sql`
    create table raffles (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      title text not null check (length(title) between 1 and 80),
      starts_at timestamptz not null,
      ends_at timestamptz not null check (ends_at > starts_at),
      draw_at timestamptz not null check (draw_at >= ends_at),
      ticket_rule jsonb not null,
      prizes text[] not null check (cardinality(prizes) between 1 and 20),
      seed text not null check (seed ~ '^[0-9a-f]{64}$'),
      seed_hash text not null check (seed_hash ~ '^[0-9a-f]{64}$'),
      wagering_multiplier integer not null check (wagering_multiplier between 0 and 100),
      wagering_weights jsonb not null,
      withdraw_rule text not null check (withdraw_rule in ('refuse', 'forfeit')),
      drawn_at timestamptz,
      entries jsonb,
      created_by integer,
      created_at timestamptz not null default now(),
      constraint raffles_drawn check ((drawn_at is null) = (entries is null))
    )`.execute(db);
  await sql`create index raffles_merchant on raffles (merchant_id, draw_at desc)`.execute(db);
  await sql`create index raffles_due on raffles (draw_at) where drawn_at is null`.execute(db);

  await sql`
    create table raffle_winners (
      raffle_id bigint not null references raffles (id),
      rank integer not null check (rank between 1 and 20),
      member_id integer not null references members (id),
      player text not null,
      tickets integer not null check (tickets > 0),
      prize_minor bigint not null check (prize_minor > 0),
      transfer_id bigint not null references ledger_transfers (id),
      primary key (raffle_id, rank),
      constraint raffle_winners_once unique (raffle_id, member_id)
    )`.execute(db);
}
