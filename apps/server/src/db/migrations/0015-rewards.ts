import { sql, type Kysely } from 'kysely';

/**
 * Rewards (decision 0030):
 *
 * - `player_bonus` ledger accounts: a player's bonus wallet, owned like the main wallet and never
 *   negative. Bonuses are issued into it and leave it once, released to the main wallet when their
 *   wagering is met or forfeited back to the merchant's bonus account.
 * - `reward_activities`: what a promotion pays (rules by kind, window, eligibility, issue mode, wagering
 *   and the withdrawal rule), per merchant; `reward_settings`: the merchant's caps.
 * - `reward_joins`: the players who joined an activity that asks for it.
 * - `reward_claims`: one row per (activity, player, period): the unique key is what makes a claim pay
 *   once, whatever races it; a claim under review waits as `applying`.
 * - `bonus_grants`: each bonus issued, its wagering requirement and progress and its outcome.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in ('player_main',
    'player_vendor', 'player_bonus', 'house', 'deposit_clearing', 'withdrawal_clearing', 'bonus',
    'agent_commission', 'held'))`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_player_owned`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_player_owned
    check ((member_id is not null) = (kind in ('player_main', 'player_vendor', 'player_bonus')))`.execute(db);

  await sql`
    create table reward_settings (
      merchant_id integer primary key references merchants (id),
      social_contact_cap_minor bigint not null check (social_contact_cap_minor > 0),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table reward_activities (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      announcement_id bigint references announcements (id),
      kind text not null check (kind in ('first_deposit', 'reload_deposit', 'cashback', 'sign_in',
        'social_contact')),
      title text not null check (length(title) between 1 and 80),
      rules jsonb not null,
      starts_at timestamptz not null,
      ends_at timestamptz check (ends_at is null or ends_at > starts_at),
      new_players_only boolean not null,
      once text not null check (once in ('player', 'period')),
      requires_join boolean not null,
      issue text not null check (issue in ('auto', 'review')),
      wagering_multiplier integer not null check (wagering_multiplier between 0 and 100),
      wagering_weights jsonb not null,
      withdraw_rule text not null check (withdraw_rule in ('refuse', 'forfeit')),
      closed_at timestamptz,
      created_by integer,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index reward_activities_merchant on reward_activities (merchant_id, starts_at)`.execute(
    db,
  );

  await sql`
    create table reward_joins (
      activity_id bigint not null references reward_activities (id),
      member_id integer not null references members (id),
      joined_at timestamptz not null default now(),
      primary key (activity_id, member_id)
    )`.execute(db);

  await sql`
    create table reward_claims (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      activity_id bigint not null references reward_activities (id),
      member_id integer not null references members (id),
      period_key text not null check (length(period_key) between 1 and 80),
      amount_minor bigint not null check (amount_minor > 0),
      status text not null check (status in ('applying', 'issued', 'rejected')),
      contact_app text check (contact_app in ('zalo', 'whatsapp')),
      contact_id text check (length(contact_id) between 3 and 40),
      ip text,
      device text,
      decided_by integer,
      decided_at timestamptz,
      note text not null default '' check (length(note) <= 200),
      created_at timestamptz not null default now(),
      constraint reward_claims_once unique (activity_id, member_id, period_key)
    )`.execute(db);
  await sql`create index reward_claims_queue on reward_claims (merchant_id, status, id desc)`.execute(db);
  await sql`create index reward_claims_ip on reward_claims (activity_id, ip)`.execute(db);
  await sql`create index reward_claims_device on reward_claims (activity_id, device)`.execute(db);
  await sql`create index reward_claims_member on reward_claims (member_id, activity_id)`.execute(db);

  await sql`
    create table bonus_grants (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      claim_id bigint not null unique references reward_claims (id),
      amount_minor bigint not null check (amount_minor > 0),
      wagering_required_minor bigint not null check (wagering_required_minor >= 0),
      wagering_done_minor bigint not null default 0 check (wagering_done_minor >= 0),
      wagering_weights jsonb not null,
      withdraw_rule text not null check (withdraw_rule in ('refuse', 'forfeit')),
      status text not null check (status in ('wagering', 'released', 'forfeited')),
      issue_transfer_id bigint not null references ledger_transfers (id),
      settle_transfer_id bigint references ledger_transfers (id),
      issued_at timestamptz not null default now(),
      checked_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint bonus_grants_settled check ((status = 'wagering') = (settled_at is null))
    )`.execute(db);
  await sql`create index bonus_grants_member on bonus_grants (member_id, id desc)`.execute(db);
  await sql`create index bonus_grants_wagering on bonus_grants (checked_at) where status = 'wagering'`.execute(
    db,
  );
}
