import { sql, type Kysely } from 'kysely';

/**
 * The agent centre's spine (decision 0028):
 *
 * - `agent_tree`, a closure table of the hierarchy: a row per (ancestor agent, account below it or the
 *   agent itself, depth). Kept by triggers on `members` in the transaction that places an account, so it
 *   can never disagree with `parent_agent_id`; the team, the directs and the path to the top are each
 *   one indexed read. Placement rules are checked there too (an agent's upline is a type 1 or 2 agent;
 *   a top agent and a trial account have none), and a placement never changes silently: an update of
 *   `parent_agent_id` is refused unless the operator's move (a later issue) sets `portal.placement_move`.
 * - The rollups: `member_daily` (an account's own figures per merchant day, vendor and game type) and
 *   `team_daily` (the same summed over an agent's whole team, itself included), and `team_activity`
 *   (which team accounts bet on which days, a bit per day in 64-day words, for exact active-member counts
 *   over any period). Registrations are counted by the placement trigger; every ledger movement is rolled
 *   up by the rollup job, which follows `ledger_transfers` by the new `xid` column: a transaction id below
 *   the oldest one still running can gain no more rows, so the job's cursor (xid, id) never skips a row
 *   committed late and never counts one twice (`rollup_cursors`, advanced in the job's transaction).
 * - `member_first_deposits`: each account's first deposit, once.
 * - `announcements.audience`: players, agents or everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agent_tree (
      merchant_id integer not null references merchants (id),
      ancestor_id integer not null references members (id),
      descendant_id integer not null references members (id),
      depth smallint not null check (depth >= 0),
      primary key (ancestor_id, descendant_id)
    )`.execute(db);
  await sql`create index agent_tree_level on agent_tree (ancestor_id, depth, descendant_id)`.execute(db);
  await sql`create index agent_tree_path on agent_tree (descendant_id, depth)`.execute(db);

  await sql.raw(merchantDayFunction).execute(db);
  await rollupTables(db);
  await sql.raw(placementFunction).execute(db);
  await sql`create trigger members_place after insert on members
    for each row execute function agent_tree_place()`.execute(db);
  await sql.raw(placementGuardFunction).execute(db);
  await sql`create trigger members_placement_guard before update of parent_agent_id, type on members
    for each row execute function agent_tree_guard()`.execute(db);
  await backfillTree(db);

  // The rollup job's cursor: xid8 of the inserting transaction, read by (xid, id) ranges.
  await sql`alter table ledger_transfers add column xid xid8 not null default pg_current_xact_id()`.execute(
    db,
  );
  await sql`create index ledger_transfers_rollup on ledger_transfers (xid, id)`.execute(db);

  await sql`alter table announcements add column audience text not null default 'all'
    check (audience in ('all', 'players', 'agents'))`.execute(db);
}

/** The figure columns both rollup tables carry. */
const figureColumns = `
  registrations integer not null default 0,
  first_deposits integer not null default 0,
  deposit_count integer not null default 0,
  deposit_minor bigint not null default 0,
  withdrawal_count integer not null default 0,
  withdrawal_minor bigint not null default 0,
  bet_count integer not null default 0,
  bet_minor bigint not null default 0,
  valid_bet_minor bigint not null default 0,
  payout_minor bigint not null default 0,
  bonus_minor bigint not null default 0,
  profit_minor bigint not null default 0`;

async function rollupTables(db: Kysely<unknown>) {
  await sql
    .raw(
      `
    create table member_daily (
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      day date not null,
      vendor_code text not null default '',
      game_type text not null default '',
      ${figureColumns},
      primary key (member_id, day, vendor_code, game_type)
    )`,
    )
    .execute(db);
  await sql
    .raw(
      `
    create table team_daily (
      merchant_id integer not null references merchants (id),
      agent_id integer not null references members (id),
      day date not null,
      vendor_code text not null default '',
      game_type text not null default '',
      ${figureColumns},
      primary key (agent_id, day, vendor_code, game_type)
    )`,
    )
    .execute(db);
  await sql`
    create table team_activity (
      agent_id integer not null references members (id),
      word integer not null,
      member_id integer not null references members (id),
      bits bigint not null,
      primary key (agent_id, word, member_id)
    )`.execute(db);
  await sql`
    create table member_first_deposits (
      member_id integer primary key references members (id),
      merchant_id integer not null references merchants (id),
      day date not null,
      transfer_id bigint not null references ledger_transfers (id)
    )`.execute(db);
  await sql`
    create table rollup_cursors (
      name text primary key,
      xid xid8 not null,
      transfer_id bigint not null,
      rows_total bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into rollup_cursors (name, xid, transfer_id) values ('ledger', '0', 0)`.execute(db);
}

/** A merchant's calendar day of an instant, at its fixed GMT offset. */
const merchantDayFunction = `
create function merchant_day(p_at timestamptz, p_offset_minutes integer) returns date
language sql immutable parallel safe as $$
  select (timezone('UTC', p_at) + make_interval(mins => p_offset_minutes))::date
$$`;

/**
 * Places a new account: its closure rows (its upline's ancestors, and itself when it is an agent) and
 * its registration in the rollups, with the placement rules of decision 0028.
 */
const placementFunction = `
create function agent_tree_place() returns trigger language plpgsql as $$
declare
  v_parent record;
  v_day date;
begin
  if new.parent_agent_id is not null then
    select m.merchant_id, m.type into v_parent from members m where m.id = new.parent_agent_id;
    if v_parent.merchant_id is distinct from new.merchant_id or v_parent.type not in (1, 2, 41, 42) then
      raise exception 'the upline of an account is an agent of its merchant' using errcode = 'check_violation';
    end if;
    if new.type in (1, 4) then
      raise exception 'a top agent or trial account has no upline' using errcode = 'check_violation';
    end if;
    if new.type in (2, 41, 42) and v_parent.type not in (1, 2) then
      raise exception 'only agents of type 1 or 2 have agents below them' using errcode = 'check_violation';
    end if;
    insert into agent_tree (merchant_id, ancestor_id, descendant_id, depth)
      select new.merchant_id, t.ancestor_id, new.id, t.depth + 1 from agent_tree t
      where t.descendant_id = new.parent_agent_id;
  elsif new.type in (2, 41, 42) then
    raise exception 'an agent of type 2, 41 or 42 has an upline agent' using errcode = 'check_violation';
  end if;
  if new.type in (1, 2, 41, 42) then
    insert into agent_tree (merchant_id, ancestor_id, descendant_id, depth) values (new.merchant_id, new.id, new.id, 0);
  end if;
  if new.type <> 4 then
    select merchant_day(new.created_at, m.gmt_offset_minutes) into v_day from merchants m where m.id = new.merchant_id;
    insert into member_daily as d (merchant_id, member_id, day, registrations)
      values (new.merchant_id, new.id, v_day, 1)
      on conflict (member_id, day, vendor_code, game_type) do update set registrations = d.registrations + 1;
    -- Ascending agent order, as the rollup job locks them: the two never wait for each other in a circle.
    insert into team_daily as d (merchant_id, agent_id, day, registrations)
      select new.merchant_id, t.ancestor_id, v_day, 1 from agent_tree t
      where t.descendant_id = new.id order by t.ancestor_id
      on conflict (agent_id, day, vendor_code, game_type) do update set registrations = d.registrations + 1;
  end if;
  return null;
end $$`;

/**
 * A placement never changes silently: moving an account is an operator action (it sets
 * portal.placement_move for its transaction). An account may become an agent or stop being one only
 * where the tree allows it.
 */
const placementGuardFunction = `
create function agent_tree_guard() returns trigger language plpgsql as $$
declare
  v_was_agent boolean := old.type in (1, 2, 41, 42);
  v_is_agent boolean := new.type in (1, 2, 41, 42);
begin
  if new.parent_agent_id is distinct from old.parent_agent_id
      and coalesce(current_setting('portal.placement_move', true), '') <> 'on' then
    raise exception 'a placement changes only by an operator move' using errcode = 'check_violation';
  end if;
  if (new.type = 4) <> (old.type = 4) then
    raise exception 'a trial account stays a trial account' using errcode = 'check_violation';
  end if;
  if v_was_agent and not v_is_agent then
    perform 1 from agent_tree t where t.ancestor_id = old.id and t.depth > 0;
    if found then raise exception 'an agent with a team stays an agent' using errcode = 'check_violation'; end if;
    delete from agent_tree t where t.ancestor_id = old.id and t.descendant_id = old.id;
  elsif v_is_agent and not v_was_agent then
    insert into agent_tree (merchant_id, ancestor_id, descendant_id, depth) values (new.merchant_id, new.id, new.id, 0);
  end if;
  return new;
end $$`;

/** Closure rows for the accounts that exist already (walking down from the accounts without upline). */
async function backfillTree(db: Kysely<unknown>) {
  await sql`
    insert into agent_tree (merchant_id, ancestor_id, descendant_id, depth)
    with recursive up (merchant_id, ancestor_id, descendant_id, depth) as (
      select m.merchant_id, m.id, m.id, 0 from members m where m.type in (1, 2, 41, 42)
      union all
      select up.merchant_id, p.parent_agent_id, up.descendant_id, up.depth + 1
      from up join members p on p.id = up.ancestor_id
      where p.parent_agent_id is not null and up.depth < 64
    )
    select merchant_id, ancestor_id, descendant_id, depth from up
    union all
    select parent.merchant_id, up2.ancestor_id, m.id, up2.depth + 1
    from members m
    join members parent on parent.id = m.parent_agent_id
    join up as up2 on up2.descendant_id = parent.id
    where m.type not in (1, 2, 41, 42)`.execute(db);
  // Registrations of the accounts that exist already, as the trigger counts new ones.
  await sql`
    insert into member_daily (merchant_id, member_id, day, registrations)
    select m.merchant_id, m.id, merchant_day(m.created_at, x.gmt_offset_minutes), 1
    from members m join merchants x on x.id = m.merchant_id where m.type <> 4`.execute(db);
  await sql`
    insert into team_daily (merchant_id, agent_id, day, registrations)
    select m.merchant_id, t.ancestor_id, merchant_day(m.created_at, x.gmt_offset_minutes), count(*)
    from members m join merchants x on x.id = m.merchant_id join agent_tree t on t.descendant_id = m.id
    where m.type <> 4
    group by m.merchant_id, t.ancestor_id, merchant_day(m.created_at, x.gmt_offset_minutes)`.execute(db);
}
