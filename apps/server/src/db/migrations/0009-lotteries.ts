import { sql, type Kysely } from 'kysely';

/**
 * Lotteries (docs/lottery.md).
 *
 * - `lottery_games`: a merchant's lottery (LOTT, ELOTT, VN, SEA), the vendor whose seamless wallet
 *   carries its money, its draw interval (the cron-like schedule: a draw every interval, aligned to the
 *   epoch) and how long before the draw betting closes.
 * - `lottery_draws`: one row per draw, unique per game and draw number so several instances creating the
 *   same draw make one row. The seed is secret until the draw time; its SHA-256 is published from the
 *   start. The result is written once (open -> drawn -> settled, never back).
 * - `lottery_bets`: one row per bet, the client's request id unique per member (a retry is the same bet).
 *   The seamless bet and win transaction ids derive from the bet id, so money moves at most once per bet.
 * - `lottery_settlements`: one row per settled bet, its settlement key unique: the record that the bet's
 *   payout (or loss) was booked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lottery_games (
      id integer generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      game_code text not null check (game_code in ('LOTT', 'ELOTT', 'VN', 'SEA')),
      vendor_code text not null references vendors (code),
      name text not null check (length(name) between 1 and 100),
      interval_seconds integer not null
        check (interval_seconds between 60 and 86400 and interval_seconds % 60 = 0),
      close_before_seconds integer not null check (close_before_seconds >= 5),
      min_stake_minor bigint not null check (min_stake_minor > 0),
      max_stake_minor bigint not null,
      enabled boolean not null default true,
      sort_order integer not null default 0,
      created_at timestamptz not null default now(),
      constraint lottery_games_code unique (merchant_id, game_code),
      constraint lottery_games_close_before_draw check (close_before_seconds < interval_seconds),
      constraint lottery_games_stake_range check (max_stake_minor >= min_stake_minor)
    )`.execute(db);

  await sql`
    create table lottery_draws (
      id bigint generated always as identity primary key,
      game_id integer not null references lottery_games (id),
      draw_no text not null check (draw_no ~ '^[0-9]{12}$'),
      opens_at timestamptz not null,
      closes_at timestamptz not null,
      draws_at timestamptz not null,
      seed text not null check (seed ~ '^[0-9a-f]{64}$'),
      seed_hash text not null check (seed_hash ~ '^[0-9a-f]{64}$'),
      result text check (result ~ '^[0-9]{3}$'),
      status text not null default 'open' check (status in ('open', 'drawn', 'settled')),
      drawn_at timestamptz,
      settled_at timestamptz,
      created_at timestamptz not null default now(),
      constraint lottery_draws_number unique (game_id, draw_no),
      constraint lottery_draws_times check (opens_at < closes_at and closes_at < draws_at),
      constraint lottery_draws_result_when_drawn check ((status = 'open') = (result is null))
    )`.execute(db);
  // The job looks for draws due (open past their time, drawn not yet settled).
  await sql`create index lottery_draws_due on lottery_draws (draws_at) where status <> 'settled'`.execute(db);
  await sql`create index lottery_draws_by_game on lottery_draws (game_id, draws_at desc)`.execute(db);

  await sql`
    create table lottery_bets (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      draw_id bigint not null references lottery_draws (id),
      bet_type text not null check (bet_type in ('TWO_DIGIT', 'THREE_DIGIT', 'BIG', 'SMALL')),
      pick text check (pick ~ '^[0-9]{2,3}$'),
      stake_minor bigint not null check (stake_minor > 0),
      odds_hundredths integer not null check (odds_hundredths > 0),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
      request_hash text not null,
      status text not null default 'pending'
        check (status in ('pending', 'placed', 'won', 'lost', 'refused', 'void')),
      refusal_code text check (length(refusal_code) <= 64),
      payout_minor bigint check (payout_minor >= 0),
      created_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint lottery_bets_request unique (member_id, request_id)
    )`.execute(db);
  await sql`create index lottery_bets_by_draw on lottery_bets (draw_id, id)
    where status in ('pending', 'placed')`.execute(db);
  await sql`create index lottery_bets_by_member on lottery_bets (member_id, id desc)`.execute(db);

  await sql`
    create table lottery_settlements (
      settlement_key text primary key,
      bet_id bigint not null unique references lottery_bets (id),
      payout_minor bigint not null check (payout_minor >= 0),
      win_transaction_id text,
      created_at timestamptz not null default now()
    )`.execute(db);
}
