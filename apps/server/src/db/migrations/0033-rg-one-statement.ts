import { sql, type Kysely } from 'kysely';

/**
 * Responsible gaming's wager-time check in one statement (issue 17, decision 0037; migration 0029 made
 * it two function calls per seamless call: `rg_gate`'s locking read before, `rg_count`'s update after).
 *
 * seamless_apply_batch now counts a bet in the member's `rg_wager_state` row with one UPDATE whose WHERE
 * is the gate (not on a break or self-excluded, inside the session time, every open window plus the stake
 * within its limit), before the wallet, where the gate locked the row (the lock order is unchanged). Most
 * members have no row: a plain key probe (no lock, no write) says so first, as the gate's read did. A bet
 * the UPDATE did not count asks `rg_gate` for the refusal, computed again from the row. A win is counted
 * by one UPDATE before the wallet too. On the rare call that is then not applied (a replay, a bet without
 * funds, an expired game session, a win refused by its policy, ...) the row is put back by the exact
 * inverse of the count (an emptied window that the bet had opened is closed again). Only PostgreSQL 15
 * SQL: CI's integration run uses the machines' PostgreSQL 15. A rollback still locks the row first and is
 * counted after it applied, by `rg_count` (it depends on the stored bet, and is rare). `rg_gate` stays
 * defined for the refusal's reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(seamlessApplyBatchFunction).execute(db);
}

/**
 * Migration 0029's seamless_apply_batch, the gate and the count folded into one UPDATE per bet or win.
 * The refusal is the gate's (`rg_gate`, asked only when the UPDATE did not count a bet): a bet of a member
 * on a break or self-excluded (rg_blocked), past the session time limit or whose stake takes an open window
 * past a loss or wager limit (rg_limit_reached); the UPDATE's WHERE is the same test. A refused bet whose
 * transaction id is stored already goes on, so a vendor's retry gets the stored answer.
 */
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
  v_member integer;
  v_kind text;
  v_amount bigint;
  -- The wager-time row: null (none), 'counted' (counted, put back if the call is not applied), 'track'
  -- (locked by rg_gate, counted by rg_count once applied: a rollback, or a bet the UPDATE did not count).
  v_rg text;
  v_refusal text;
  v_now timestamptz := now();
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

    -- Responsible gaming: a member with a wager-time rule has an rg_wager_state row, locked (and counted)
    -- before the wallet; the batch runs in member order, so the lock order is the same everywhere.
    v_member := (v_call.op->>'memberId')::integer;
    v_kind := v_call.op->>'kind';
    v_amount := (v_call.op->>'amountMinor')::bigint;
    v_rg := null;
    v_refusal := null;
    if v_kind = 'bet' then
      -- Most members have no row: one key probe (a read, no lock) says so, as rg_gate's did.
      perform 1 from rg_wager_state w where w.member_id = v_member;
      if found then
      update rg_wager_state w set
        day_wagered_minor = case when w.day_started_at > v_now - interval '1 day' then w.day_wagered_minor else 0 end + v_amount,
        day_lost_minor = case when w.day_started_at > v_now - interval '1 day' then w.day_lost_minor else 0 end + v_amount,
        day_started_at = case when w.day_started_at > v_now - interval '1 day' then w.day_started_at else v_now end,
        week_wagered_minor = case when w.week_started_at > v_now - interval '7 days' then w.week_wagered_minor else 0 end + v_amount,
        week_lost_minor = case when w.week_started_at > v_now - interval '7 days' then w.week_lost_minor else 0 end + v_amount,
        week_started_at = case when w.week_started_at > v_now - interval '7 days' then w.week_started_at else v_now end,
        month_wagered_minor = case when w.month_started_at > v_now - interval '30 days' then w.month_wagered_minor else 0 end + v_amount,
        month_lost_minor = case when w.month_started_at > v_now - interval '30 days' then w.month_lost_minor else 0 end + v_amount,
        month_started_at = case when w.month_started_at > v_now - interval '30 days' then w.month_started_at else v_now end,
        session_net_minor = w.session_net_minor - v_amount
      where w.member_id = v_member
        and (w.blocked_until is null or w.blocked_until <= v_now)
        and (w.session_limit_minutes is null or w.session_started_at is null
          or w.session_started_at + make_interval(mins => w.session_limit_minutes) > v_now)
        and (w.wager_day_minor is null or (case when w.day_started_at > v_now - interval '1 day' then w.day_wagered_minor else 0 end) + v_amount <= w.wager_day_minor)
        and (w.wager_week_minor is null or (case when w.week_started_at > v_now - interval '7 days' then w.week_wagered_minor else 0 end) + v_amount <= w.wager_week_minor)
        and (w.wager_month_minor is null or (case when w.month_started_at > v_now - interval '30 days' then w.month_wagered_minor else 0 end) + v_amount <= w.wager_month_minor)
        and (w.loss_day_minor is null or (case when w.day_started_at > v_now - interval '1 day' then w.day_lost_minor else 0 end) + v_amount <= w.loss_day_minor)
        and (w.loss_week_minor is null or (case when w.week_started_at > v_now - interval '7 days' then w.week_lost_minor else 0 end) + v_amount <= w.loss_week_minor)
        and (w.loss_month_minor is null or (case when w.month_started_at > v_now - interval '30 days' then w.month_lost_minor else 0 end) + v_amount <= w.loss_month_minor);
      if found then
        v_rg := 'counted';
      else
        -- Not counted: no row (nothing to check), or the gate refuses (its reason, from the row as it is).
        v_refusal := rg_gate(v_member, v_kind, v_amount, (v_call.op->>'merchantId')::integer,
          v_call.op->>'vendorCode', v_call.op->>'transactionId');
        if v_refusal = 'track' then
          -- The gate lets it through after all: a bet stored already (the vendor's retry gets the stored
          -- answer) or a row another call changed meanwhile; the row is locked now, counted once applied.
          v_refusal := null;
          v_rg := 'track';
        end if;
      end if;
      end if;
    elsif v_kind = 'win' then
      update rg_wager_state w set
        day_lost_minor = w.day_lost_minor - case when w.day_started_at > v_now - interval '1 day' then v_amount else 0 end,
        week_lost_minor = w.week_lost_minor - case when w.week_started_at > v_now - interval '7 days' then v_amount else 0 end,
        month_lost_minor = w.month_lost_minor - case when w.month_started_at > v_now - interval '30 days' then v_amount else 0 end,
        session_net_minor = w.session_net_minor + v_amount
      where w.member_id = v_member;
      if found then v_rg := 'counted'; end if;
    else
      perform 1 from rg_wager_state w where w.member_id = v_member for no key update;
      if found then v_rg := 'track'; end if;
    end if;
    if v_refusal is not null then
      call_index := v_call.at; status := v_refusal;
      balance_minor := 0;
      return next;
      continue;
    end if;

    select * into v_result from seamless_apply_one((v_call.op->>'merchantId')::integer, v_call.op->>'vendorCode',
      v_call.op->>'transactionId', v_kind, v_member, v_call.op->>'currency',
      v_amount, v_call.op->>'roundId', v_call.op->>'gameCode',
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
    if v_rg = 'counted' and v_result.status not in ('ok', 'orphan_win_accepted') then
      -- Counted but not applied (a replay, no funds, an expired session, a refused win, ...): the exact
      -- inverse of the count (the same now(), so the same windows are open); a window the bet opened and
      -- that it alone filled is closed again, as it was.
      if v_kind = 'bet' then
        update rg_wager_state w set
          day_started_at = case when w.day_started_at = v_now and w.day_wagered_minor = v_amount and w.day_lost_minor = v_amount then null else w.day_started_at end,
          day_wagered_minor = w.day_wagered_minor - v_amount,
          day_lost_minor = w.day_lost_minor - v_amount,
          week_started_at = case when w.week_started_at = v_now and w.week_wagered_minor = v_amount and w.week_lost_minor = v_amount then null else w.week_started_at end,
          week_wagered_minor = w.week_wagered_minor - v_amount,
          week_lost_minor = w.week_lost_minor - v_amount,
          month_started_at = case when w.month_started_at = v_now and w.month_wagered_minor = v_amount and w.month_lost_minor = v_amount then null else w.month_started_at end,
          month_wagered_minor = w.month_wagered_minor - v_amount,
          month_lost_minor = w.month_lost_minor - v_amount,
          session_net_minor = w.session_net_minor + v_amount
        where w.member_id = v_member;
      else
        update rg_wager_state w set
          day_lost_minor = w.day_lost_minor + case when w.day_started_at > v_now - interval '1 day' then v_amount else 0 end,
          week_lost_minor = w.week_lost_minor + case when w.week_started_at > v_now - interval '7 days' then v_amount else 0 end,
          month_lost_minor = w.month_lost_minor + case when w.month_started_at > v_now - interval '30 days' then v_amount else 0 end,
          session_net_minor = w.session_net_minor - v_amount
        where w.member_id = v_member;
      end if;
    elsif v_rg = 'track' and v_result.status in ('ok', 'orphan_win_accepted') then
      perform rg_count(v_member, v_kind, v_amount, (v_call.op->>'merchantId')::integer, v_call.op->>'vendorCode',
        v_call.op->>'betTransactionId');
    end if;
    call_index := v_call.at; status := v_result.status; balance_minor := v_result.balance_minor;
    return next;
  end loop;
  for v_house in select h.id, h.delta from unnest(v_house_ids, v_house_deltas) as h(id, delta) order by h.id loop
    update ledger_accounts a set balance_minor = a.balance_minor + v_house.delta where a.id = v_house.id;
  end loop;
end $$`;
