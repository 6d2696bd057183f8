import { sql, type Kysely } from 'kysely';

/**
 * Points and the points mall (issue 15, decision 0033):
 *
 * - Ledger account kinds `player_points` (a player's points, owned and never negative like the main
 *   wallet) and `points_issuer` (the merchant's system account that issues points, sharded, may go
 *   negative), in currency `PTS` whose minor unit is a hundredth of a point.
 * - `points_settings`: the merchant's earning rates (points per 1.00, times 10^4), the convert ratio
 *   and switch, the cash auto-approval threshold and the VIP basis; `points_vip_tiers` its VIP levels.
 * - `points_items`: the mall; `points_redeems`: each redeem (its hold, its decision, what it paid).
 * - `points_members`: per player, what the points job has counted (lifetime valid bet and points, the
 *   points a rolled-back bet still owes); `points_vip_rewards`: each level-up reward, once.
 * - The points job's cursor in `rollup_cursors` ('points'), following the ledger like the rollups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('player_main',
    'player_vendor', 'player_bonus', 'player_points', 'house', 'deposit_clearing', 'withdrawal_clearing',
    'bonus', 'agent_commission', 'held', 'points_issuer'))`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_player_owned`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_player_owned check
    ((member_id is not null) = (kind in ('player_main', 'player_vendor', 'player_bonus', 'player_points')))`.execute(
    db,
  );

  await sql`
    create table points_settings (
      merchant_id integer primary key references merchants (id),
      earning_enabled boolean not null default false,
      live_rate_e4 bigint not null default 0 check (live_rate_e4 >= 0),
      lottery_rate_e4 bigint not null default 0 check (lottery_rate_e4 >= 0),
      poker_rate_e4 bigint not null default 0 check (poker_rate_e4 >= 0),
      slots_rate_e4 bigint not null default 0 check (slots_rate_e4 >= 0),
      sports_rate_e4 bigint not null default 0 check (sports_rate_e4 >= 0),
      deposit_rate_e4 bigint not null default 0 check (deposit_rate_e4 >= 0),
      convert_ratio_minor bigint not null default 10000 check (convert_ratio_minor > 0),
      convert_enabled boolean not null default false,
      auto_approve_max_minor bigint check (auto_approve_max_minor > 0),
      vip_basis text not null default 'valid_bet' check (vip_basis in ('valid_bet', 'points')),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table points_vip_tiers (
      merchant_id integer not null references merchants (id),
      level smallint not null check (level between 1 and 50),
      name text not null check (length(name) between 1 and 40),
      threshold_minor bigint not null check (threshold_minor >= 0),
      level_up_reward_minor bigint check (level_up_reward_minor > 0),
      primary key (merchant_id, level)
    )`.execute(db);
  await sql`
    create table points_items (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      kind text not null check (kind in ('cash', 'bonus', 'physical', 'voucher')),
      name text not null check (length(name) between 1 and 80),
      description text not null default '',
      image_url text,
      points_per_unit_minor bigint not null check (points_per_unit_minor > 0),
      amount_per_unit_minor bigint check (amount_per_unit_minor > 0),
      min_units integer not null check (min_units >= 1),
      max_units integer not null,
      stock integer check (stock >= 0),
      min_vip_level smallint not null default 0,
      wagering_multiplier smallint not null default 0,
      enabled boolean not null default true,
      redeemed_units bigint not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint points_items_units check (max_units >= min_units),
      constraint points_items_amount check ((kind in ('cash', 'bonus')) = (amount_per_unit_minor is not null))
    )`.execute(db);
  await sql`create index points_items_merchant on points_items (merchant_id, id)`.execute(db);
  await sql`
    create table points_redeems (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      item_id bigint not null references points_items (id),
      client_request_id text not null,
      request_hash text not null,
      item_name text not null,
      item_kind text not null,
      units integer not null check (units > 0),
      points_minor bigint not null check (points_minor > 0),
      amount_minor bigint check (amount_minor > 0),
      receiving_address text,
      phone text,
      status text not null check (status in ('in_process', 'rejected', 'approved')),
      remark text not null default '',
      hold_transfer_id bigint not null references ledger_transfers (id),
      decided_by integer references operators (id),
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      constraint points_redeems_request unique (member_id, client_request_id)
    )`.execute(db);
  await sql`create index points_redeems_member on points_redeems (member_id, id desc)`.execute(db);
  await sql`create index points_redeems_queue on points_redeems (merchant_id, status, id desc)`.execute(db);
  await sql`
    create table points_members (
      member_id integer primary key references members (id),
      merchant_id integer not null references merchants (id),
      valid_bet_minor bigint not null default 0,
      earned_minor bigint not null default 0,
      owed_minor bigint not null default 0 check (owed_minor >= 0),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table points_vip_rewards (
      member_id integer not null references members (id),
      level smallint not null,
      merchant_id integer not null references merchants (id),
      amount_minor bigint not null,
      transfer_id bigint references ledger_transfers (id),
      created_at timestamptz not null default now(),
      primary key (member_id, level)
    )`.execute(db);
  await sql`insert into rollup_cursors (name, xid, transfer_id) values ('points', '0', 0)`.execute(db);
}
