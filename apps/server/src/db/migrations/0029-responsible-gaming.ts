import { sql, type Kysely } from 'kysely';

/**
 * Responsible gaming (issue 17, decision 0037, docs/responsible-gaming.md).
 *
 * - `rg_settings`: per merchant, whether a self-exclusion may be permanent and whether breaks and
 *   exclusions are shared with every merchant of the platform (an operator's switch).
 * - `rg_limits`: a member's limits (deposit, loss, wager per day/week/month; the session time limit in
 *   minutes), each with the change waiting for its 24-hour cooling-off.
 * - `rg_profiles`: the reality-check interval.
 * - `rg_blocks`: every break and self-exclusion (history kept), `rg_shared_blocks` the person keys
 *   (normalised mobile, e-mail) a shared one applies to on other merchants.
 * - `rg_events`: the audit of every change a player made and every change applied after its cooling-off.
 * - `rg_wager_state`: the one row the wallet reads at wager time, only for members with a wager-time rule
 *   (block, loss or wager limit, session limit, reality check): the rules in force and the running windows.
 *   Updated in place on every counted call, so it is kept narrow and without indexes but its key (HOT
 *   updates, fillfactor 50).
 *
 * seamless_apply_batch (migration 0023's, with only the gate and the count added) calls rg_gate before each
 * call and rg_count after each applied one. A member without a row costs one primary-key probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rg_settings (
      merchant_id integer primary key references merchants (id) on delete cascade,
      allow_permanent_exclusion boolean not null default false,
      share_exclusions boolean not null default false,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table rg_limits (
      member_id integer not null references members (id) on delete cascade,
      merchant_id integer not null,
      kind text not null check (kind in ('deposit', 'loss', 'wager', 'session')),
      period text not null check (period in ('day', 'week', 'month', 'session')),
      amount_minor bigint check (amount_minor > 0),
      pending_amount_minor bigint check (pending_amount_minor > 0),
      pending_removal boolean not null default false,
      effective_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (member_id, kind, period),
      constraint rg_limits_session_period check ((kind = 'session') = (period = 'session')),
      constraint rg_limits_pending check (
        (effective_at is null) = (pending_amount_minor is null and not pending_removal)),
      constraint rg_limits_something check (amount_minor is not null or effective_at is not null)
    )`.execute(db);
  await sql`create index rg_limits_due on rg_limits (effective_at) where effective_at is not null`.execute(
    db,
  );
  await sql`
    create table rg_profiles (
      member_id integer primary key references members (id) on delete cascade,
      merchant_id integer not null,
      reality_check_minutes smallint check (reality_check_minutes in (15, 30, 60)),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table rg_blocks (
      id bigint generated always as identity primary key,
      merchant_id integer not null,
      member_id integer not null references members (id) on delete cascade,
      kind text not null check (kind in ('break', 'self_exclusion')),
      started_at timestamptz not null,
      ends_at timestamptz,
      all_merchants boolean not null,
      reopen_requested_at timestamptz,
      constraint rg_blocks_break_ends check (kind = 'self_exclusion' or ends_at is not null),
      constraint rg_blocks_span check (ends_at is null or ends_at > started_at)
    )`.execute(db);
  await sql`create index rg_blocks_member on rg_blocks (member_id, started_at desc)`.execute(db);
  await sql`
    create table rg_shared_blocks (
      person_key text not null,
      block_id bigint not null references rg_blocks (id) on delete cascade,
      primary key (person_key, block_id)
    )`.execute(db);
  await sql`
    create table rg_events (
      id bigint generated always as identity primary key,
      merchant_id integer not null,
      member_id integer not null references members (id) on delete cascade,
      action text not null,
      detail jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index rg_events_member on rg_events (member_id, id desc)`.execute(db);
  await sql`create index rg_events_merchant on rg_events (merchant_id, id desc)`.execute(db);
  await sql`
    create table rg_wager_state (
      member_id integer primary key references members (id) on delete cascade,
      merchant_id integer not null,
      blocked_until timestamptz,
      loss_day_minor bigint,
      loss_week_minor bigint,
      loss_month_minor bigint,
      wager_day_minor bigint,
      wager_week_minor bigint,
      wager_month_minor bigint,
      session_limit_minutes integer,
      session_started_at timestamptz,
      session_net_minor bigint not null default 0,
      day_started_at timestamptz,
      day_wagered_minor bigint not null default 0,
      day_lost_minor bigint not null default 0,
      week_started_at timestamptz,
      week_wagered_minor bigint not null default 0,
      week_lost_minor bigint not null default 0,
      month_started_at timestamptz,
      month_wagered_minor bigint not null default 0,
      month_lost_minor bigint not null default 0
    ) with (fillfactor = 50)`.execute(db);
  await sql.raw(rgGateFunction).execute(db);
  await sql.raw(rgCountFunction).execute(db);
  await sql.raw(seamlessApplyBatchFunction).execute(db);
}

/**
 * The wager-time gate: null when the member has no rg_wager_state row (nothing to check or count);
 * 'track' when the call goes on and, once applied, is counted; a refusal for a bet of a member on a break
 * or self-excluded (rg_blocked) or past a loss, wager or session time limit (rg_limit_reached). A bet
 * whose transaction id is stored already goes on, so a vendor's retry gets the stored answer. The row is
 * locked (no key update) until the batch's transaction ends, so two bets of one member count in turn.
 * A window (24 hours, 7 days, 30 days) opens with the first bet after the previous one closed.
 */
const rgGateFunction = `
create or replace function rg_gate(p_member integer, p_kind text, p_amount bigint, p_merchant integer,
  p_vendor text, p_tx text) returns text
language plpgsql as $$
declare
  s rg_wager_state%rowtype;
  v_now timestamptz := now();
  v_day boolean;
  v_week boolean;
  v_month boolean;
  v_refusal text;
begin
  select * into s from rg_wager_state w where w.member_id = p_member for no key update;
  if not found then return null; end if;
  if p_kind <> 'bet' then return 'track'; end if;
  if s.blocked_until is not null and s.blocked_until > v_now then
    v_refusal := 'rg_blocked';
  elsif s.session_limit_minutes is not null and s.session_started_at is not null
      and s.session_started_at + make_interval(mins => s.session_limit_minutes) <= v_now then
    v_refusal := 'rg_limit_reached';
  else
    v_day := s.day_started_at > v_now - interval '1 day';
    v_week := s.week_started_at > v_now - interval '7 days';
    v_month := s.month_started_at > v_now - interval '30 days';
    if (s.wager_day_minor is not null and (case when v_day then s.day_wagered_minor else 0 end) + p_amount > s.wager_day_minor)
      or (s.wager_week_minor is not null and (case when v_week then s.week_wagered_minor else 0 end) + p_amount > s.wager_week_minor)
      or (s.wager_month_minor is not null and (case when v_month then s.month_wagered_minor else 0 end) + p_amount > s.wager_month_minor)
      or (s.loss_day_minor is not null and (case when v_day then s.day_lost_minor else 0 end) + p_amount > s.loss_day_minor)
      or (s.loss_week_minor is not null and (case when v_week then s.week_lost_minor else 0 end) + p_amount > s.loss_week_minor)
      or (s.loss_month_minor is not null and (case when v_month then s.month_lost_minor else 0 end) + p_amount > s.loss_month_minor)
    then
      v_refusal := 'rg_limit_reached';
    end if;
  end if;
  if v_refusal is null then return 'track'; end if;
  perform 1 from seamless_transactions t
    where t.merchant_id = p_merchant and t.vendor_code = p_vendor and t.vendor_tx_id = p_tx;
  if found then return 'track'; end if;
  return v_refusal;
end $$`;

/**
 * Counts an applied call in the member's windows and session: a bet adds its stake to wagered and lost
 * (opening any window that had closed), a win takes its amount off lost, a rollback of a stored bet takes
 * the stake off both (wagered never below zero). Wins and rollbacks change only windows still open.
 */
const rgCountFunction = `
create or replace function rg_count(p_member integer, p_kind text, p_amount bigint, p_merchant integer,
  p_vendor text, p_refers text) returns void
language plpgsql as $$
declare
  v_now timestamptz := now();
begin
  if p_kind = 'bet' then
    update rg_wager_state w set
      day_wagered_minor = case when w.day_started_at > v_now - interval '1 day' then w.day_wagered_minor else 0 end + p_amount,
      day_lost_minor = case when w.day_started_at > v_now - interval '1 day' then w.day_lost_minor else 0 end + p_amount,
      day_started_at = case when w.day_started_at > v_now - interval '1 day' then w.day_started_at else v_now end,
      week_wagered_minor = case when w.week_started_at > v_now - interval '7 days' then w.week_wagered_minor else 0 end + p_amount,
      week_lost_minor = case when w.week_started_at > v_now - interval '7 days' then w.week_lost_minor else 0 end + p_amount,
      week_started_at = case when w.week_started_at > v_now - interval '7 days' then w.week_started_at else v_now end,
      month_wagered_minor = case when w.month_started_at > v_now - interval '30 days' then w.month_wagered_minor else 0 end + p_amount,
      month_lost_minor = case when w.month_started_at > v_now - interval '30 days' then w.month_lost_minor else 0 end + p_amount,
      month_started_at = case when w.month_started_at > v_now - interval '30 days' then w.month_started_at else v_now end,
      session_net_minor = w.session_net_minor - p_amount
    where w.member_id = p_member;
  elsif p_kind = 'win' then
    update rg_wager_state w set
      day_lost_minor = w.day_lost_minor - case when w.day_started_at > v_now - interval '1 day' then p_amount else 0 end,
      week_lost_minor = w.week_lost_minor - case when w.week_started_at > v_now - interval '7 days' then p_amount else 0 end,
      month_lost_minor = w.month_lost_minor - case when w.month_started_at > v_now - interval '30 days' then p_amount else 0 end,
      session_net_minor = w.session_net_minor + p_amount
    where w.member_id = p_member;
  else
    -- A rollback of a bet that never arrived (a tombstone) moved nothing and counts nothing.
    perform 1 from seamless_transactions t where t.merchant_id = p_merchant and t.vendor_code = p_vendor
      and t.vendor_tx_id = p_refers and t.kind = 'bet';
    if not found then return; end if;
    update rg_wager_state w set
      day_wagered_minor = greatest(w.day_wagered_minor - case when w.day_started_at > v_now - interval '1 day' then p_amount else 0 end, 0),
      day_lost_minor = w.day_lost_minor - case when w.day_started_at > v_now - interval '1 day' then p_amount else 0 end,
      week_wagered_minor = greatest(w.week_wagered_minor - case when w.week_started_at > v_now - interval '7 days' then p_amount else 0 end, 0),
      week_lost_minor = w.week_lost_minor - case when w.week_started_at > v_now - interval '7 days' then p_amount else 0 end,
      month_wagered_minor = greatest(w.month_wagered_minor - case when w.month_started_at > v_now - interval '30 days' then p_amount else 0 end, 0),
      month_lost_minor = w.month_lost_minor - case when w.month_started_at > v_now - interval '30 days' then p_amount else 0 end,
      session_net_minor = w.session_net_minor + p_amount
    where w.member_id = p_member;
  end if;
end $$`;

/** Migration 0023's seamless_apply_batch with the responsible-gaming gate and count around each call. */
const seamlessApplyBatchFunction = `

create or replace function seamless_apply_batch(p_calls jsonb, p_house_shard integer)
  returns table (call_index integer, status text, balance_minor bigint)
language plpgsql as $$
declare
  v_call record;
  v_result record;
  v_house_ids bigint[] := '{}';
  v_house_deltas bigint[] := '{}';
  v_index integer;
  v_house record;
  v_house_key text := '';
  v_house_id bigint;
  v_key text;
  v_policy_key text := '';
  v_orphan_policy text;
  v_max_win_multiplier integer;
  v_order_merchant integer;
  v_spending_order text;
  v_rg text;
begin
  for v_call in
    select c.value as op, c.ordinality::integer as at from jsonb_array_elements(p_calls) with ordinality c
    order by (c.value->>'memberId')::integer, c.ordinality
  loop
    -- The house account of this merchant, currency and vendor on the batch's shard (read once per batch
    -- in the usual case of one vendor; its row is locked only by the updates at the end).
    v_key := (v_call.op->>'merchantId') || ':' || (v_call.op->>'currency') || ':' || (v_call.op->>'vendorCode');
    if v_key <> v_house_key then
      v_house_id := ledger_account_id((v_call.op->>'merchantId')::integer, v_call.op->>'currency', 'house', null,
        v_call.op->>'vendorCode', p_house_shard::smallint);
      v_house_key := v_key;
    end if;
    if v_call.op->>'kind' = 'win' and v_policy_key <> (v_call.op->>'merchantId') || ':' || (v_call.op->>'vendorCode') then
      select mv.orphan_win_policy, mv.max_win_multiplier into v_orphan_policy, v_max_win_multiplier
        from merchant_vendors mv
        where mv.merchant_id = (v_call.op->>'merchantId')::integer and mv.vendor_code = v_call.op->>'vendorCode';
      if not found then v_orphan_policy := 'refuse'; v_max_win_multiplier := 10000; end if;
      v_policy_key := (v_call.op->>'merchantId') || ':' || (v_call.op->>'vendorCode');
    end if;
    -- The merchant's spending order (reward_settings, decision 0030): once per batch and merchant.
    if v_order_merchant is distinct from (v_call.op->>'merchantId')::integer then
      v_order_merchant := (v_call.op->>'merchantId')::integer;
      select rs.spending_order into v_spending_order from reward_settings rs where rs.merchant_id = v_order_merchant;
      if not found then v_spending_order := 'locked'; end if;
    end if;
    -- Responsible gaming (migration 0029): a member with a wager-time rule has an rg_wager_state row,
    -- locked before the wallet (the batch runs in member order, so the lock order is the same everywhere).
    v_rg := rg_gate((v_call.op->>'memberId')::integer, v_call.op->>'kind', (v_call.op->>'amountMinor')::bigint,
      (v_call.op->>'merchantId')::integer, v_call.op->>'vendorCode', v_call.op->>'transactionId');
    if v_rg in ('rg_blocked', 'rg_limit_reached') then
      call_index := v_call.at; status := v_rg;
      balance_minor := 0;
      return next;
      continue;
    end if;
    select * into v_result from seamless_apply_one((v_call.op->>'merchantId')::integer, v_call.op->>'vendorCode',
      v_call.op->>'transactionId', v_call.op->>'kind', (v_call.op->>'memberId')::integer, v_call.op->>'currency',
      (v_call.op->>'amountMinor')::bigint, v_call.op->>'roundId', v_call.op->>'gameCode',
      v_call.op->>'betTransactionId', v_call.op->>'requestHash', v_call.op->>'sessionTokenHash',
      coalesce((v_call.op->>'closeRound')::boolean, false), v_house_id, v_orphan_policy, v_max_win_multiplier,
      v_spending_order);
    if v_result.house_id is not null then
      v_index := array_position(v_house_ids, v_result.house_id);
      if v_index is null then
        v_house_ids := v_house_ids || v_result.house_id;
        v_house_deltas := v_house_deltas || v_result.house_delta;
      else
        v_house_deltas[v_index] := v_house_deltas[v_index] + v_result.house_delta;
      end if;
    end if;
    if v_rg = 'track' and v_result.status in ('ok', 'orphan_win_accepted') then
      perform rg_count((v_call.op->>'memberId')::integer, v_call.op->>'kind', (v_call.op->>'amountMinor')::bigint,
        (v_call.op->>'merchantId')::integer, v_call.op->>'vendorCode', v_call.op->>'betTransactionId');
    end if;
    call_index := v_call.at; status := v_result.status; balance_minor := v_result.balance_minor;
    return next;
  end loop;
  for v_house in select h.id, h.delta from unnest(v_house_ids, v_house_deltas) as h(id, delta) order by h.id loop
    update ledger_accounts a set balance_minor = a.balance_minor + v_house.delta where a.id = v_house.id;
  end loop;
end $$`;
