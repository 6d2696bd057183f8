import { sql, type Kysely } from 'kysely';

/**
 * The game catalogue: vendors get their catalogue fields, games their spec section 3 fields,
 * each merchant its own switches (vendors and games on or off, order, hot flags, maintenance per vendor),
 * members their favourites and recent plays.
 *
 * - `vendors` (migration 0004) gains display name, categories, icon, sort order and how a launch is made
 *   (`launch_kind`: inhouse = our /bgs pages, portal = our lottery pages, hosted = the vendor's own page
 *   at `launch_url`).
 * - `merchant_vendors`: a vendor is on for a merchant only with a row here; `merchant_games` overrides a
 *   game's defaults (on, order, hot) for one merchant.
 * - Every change to the catalogue tables is announced on the `portal_catalogue` channel (payload: the
 *   merchant id, or 0 for every merchant), so each instance drops its in-memory catalogue snapshot.
 * - Winners are not stored twice: the board reads `game_rounds` (filled by every seamless win), through
 *   a partial index on rounds that won.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vendors
    add column display_name text not null default '' check (length(display_name) <= 100),
    add column categories text[] not null default '{}',
    add column icon_url text check (icon_url is null or length(icon_url) <= 300),
    add column sort_order integer not null default 0,
    add column launch_kind text not null default 'hosted' check (launch_kind in ('inhouse', 'portal', 'hosted')),
    add column launch_url text check (launch_url is null or length(launch_url) <= 300)`.execute(db);

  await sql`
    create table games (
      id integer generated always as identity primary key,
      vendor_code text not null references vendors (code),
      game_code text not null check (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
      display_name text not null check (length(display_name) between 1 and 100),
      game_type text not null check (game_type in
        ('LIVE', 'FISH', 'RNG', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT')),
      is_game text not null default 'GAME' check (is_game in ('GAME', 'VASSALAGE')),
      icon_url text not null check (length(icon_url) <= 300),
      large_icon_url text not null check (length(large_icon_url) <= 300),
      is_hot boolean not null default false,
      enabled boolean not null default true,
      sort_order integer not null default 0,
      released_at timestamptz not null default now(),
      constraint games_vendor_code unique (vendor_code, game_code)
    )`.execute(db);

  await sql`
    create table merchant_vendors (
      merchant_id integer not null references merchants (id),
      vendor_code text not null references vendors (code),
      enabled boolean not null default true,
      sort_order integer not null default 0,
      maintenance boolean not null default false,
      maintenance_message text check (maintenance_message is null or length(maintenance_message) <= 200),
      primary key (merchant_id, vendor_code)
    )`.execute(db);

  await sql`
    create table merchant_games (
      merchant_id integer not null references merchants (id),
      game_id integer not null references games (id),
      enabled boolean,
      sort_order integer,
      is_hot boolean,
      primary key (merchant_id, game_id)
    )`.execute(db);

  await sql`
    create table favourite_games (
      member_id integer not null references members (id),
      game_id integer not null references games (id),
      created_at timestamptz not null default now(),
      primary key (member_id, game_id)
    )`.execute(db);
  await sql`create index favourite_games_newest on favourite_games (member_id, created_at desc)`.execute(db);

  await sql`
    create table recent_plays (
      member_id integer not null references members (id),
      game_id integer not null references games (id),
      played_at timestamptz not null default now(),
      primary key (member_id, game_id)
    )`.execute(db);
  await sql`create index recent_plays_newest on recent_plays (member_id, played_at desc)`.execute(db);

  await sql`create index game_rounds_wins on game_rounds (merchant_id, updated_at desc)
    where win_minor > 0`.execute(db);

  await sql`
    create function notify_catalogue_changed() returns trigger language plpgsql as $$
    begin
      if tg_table_name in ('vendors', 'games') then
        perform pg_notify('portal_catalogue', '0');
      else
        perform pg_notify('portal_catalogue', coalesce(new.merchant_id, old.merchant_id)::text);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of ['vendors', 'games', 'merchant_vendors', 'merchant_games']) {
    await sql`create trigger ${sql.raw(`${table}_catalogue_changed`)}
      after insert or update or delete on ${sql.table(table)}
      for each row execute function notify_catalogue_changed()`.execute(db);
  }
}
