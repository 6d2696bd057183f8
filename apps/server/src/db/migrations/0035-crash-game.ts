import { sql, type Kysely } from 'kysely';

/**
 * BGS Crash (docs/provably-fair.md "Crash", decision 0046): shared rounds per merchant from a published
 * hash chain.
 *
 * - `crash_chains`: a merchant's chain of `length` seeds, seed_(k-1) = SHA-256(seed_k). `top_seed` (seed
 *   at `length`) is secret and every round seed is hashed down from it; `hash` (seed_0) is published
 *   before round 1. `next_round` is the number the next round takes; a chain is `exhausted_at` once used
 *   up and the next one is published. One active chain per merchant.
 * - `crash_rounds`: one row per round, unique per (chain, round number): the crash point is stored at
 *   creation (never shown before the crash), the seed is revealed with it. Status betting -> flying ->
 *   crashed -> settled (every win paid, every loss closed).
 * - `crash_bets`: one bet per (round, member) and per (member, request id). Status follows the seamless
 *   calls: placing -> placed -> cashing -> won, placed -> lost, placing -> refused (the wallet said no) or
 *   placing -> voiding -> void (the bet's answer was not in before take-off: rolled back).
 * - `crash_activity`: when a merchant's crash page was last open; rounds run only while someone watches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table crash_chains (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      length integer not null check (length > 0),
      top_seed text not null check (top_seed ~ '^[0-9a-f]{64}$'),
      hash text not null unique check (hash ~ '^[0-9a-f]{64}$'),
      next_round integer not null default 1 check (next_round >= 1),
      exhausted_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index crash_chains_one_active on crash_chains (merchant_id) where exhausted_at is null`.execute(
    db,
  );

  await sql`
    create table crash_rounds (
      id bigint generated always as identity primary key,
      round_id text not null unique check (round_id ~ '^c[0-9a-f]{32}$'),
      merchant_id integer not null references merchants (id),
      chain_id bigint not null references crash_chains (id),
      round_no integer not null check (round_no >= 1),
      seed text not null check (seed ~ '^[0-9a-f]{64}$'),
      crash_point integer not null check (crash_point between 100 and 1000000),
      status text not null check (status in ('betting', 'flying', 'crashed', 'settled')),
      betting_ends_at timestamptz not null,
      started_at timestamptz,
      crash_at timestamptz,
      crashed_at timestamptz,
      created_at timestamptz not null default now(),
      constraint crash_rounds_chain_no unique (chain_id, round_no)
    )`.execute(db);
  await sql`create index crash_rounds_merchant on crash_rounds (merchant_id, id desc)`.execute(db);
  await sql`create index crash_rounds_unfinished on crash_rounds (merchant_id) where status <> 'settled'`.execute(
    db,
  );

  await sql`
    create table crash_bets (
      id bigint generated always as identity primary key,
      crash_round_id bigint not null references crash_rounds (id),
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      bet_minor bigint not null check (bet_minor > 0),
      auto_cashout integer check (auto_cashout between 101 and 1000000),
      cashout integer check (cashout between 100 and 1000000),
      payout_minor bigint not null default 0 check (payout_minor >= 0),
      status text not null check (status in ('placing', 'placed', 'cashing', 'won', 'lost', 'refused', 'voiding', 'void')),
      failure_code text check (length(failure_code) <= 64),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint crash_bets_one_per_round unique (crash_round_id, member_id),
      constraint crash_bets_request unique (member_id, request_id),
      constraint crash_bets_cashout check ((status in ('cashing', 'won')) = (cashout is not null))
    )`.execute(db);
  await sql`create index crash_bets_member on crash_bets (member_id, id desc)`.execute(db);
  // The leader's and recovery's view: only bets whose calls or outcome are unfinished.
  await sql`create index crash_bets_open on crash_bets (crash_round_id)
    where status in ('placing', 'placed', 'cashing', 'voiding')`.execute(db);

  await sql`
    create table crash_activity (
      merchant_id integer primary key references merchants (id),
      seen_at timestamptz not null
    )`.execute(db);
}
