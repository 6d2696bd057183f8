import { sql, type Kysely } from 'kysely';

/**
 * Responsible gaming's running windows on the wallet's own row (issue 17, decision 0037 amended).
 *
 * Migration 0033 made the wager-time check one UPDATE of the member's `rg_wager_state` row per bet and
 * win, and `wallet_rg_ratio` still measured 0.91 against its goal of 0.95: that row's new version and its
 * WAL record were a tenth of a seamless call's writes. The windows (wagered and lost per 24 hours, 7 days
 * and 30 days, each with its start) and the session's net result now live on the member's main wallet row
 * in `ledger_accounts` (nullable `rg_*` columns, null for every member who never had a rule), which the
 * wallet locks and updates on every applied call anyway: seamless_apply_one reads them with the lock,
 * refuses a bet from them and the member's rules, and writes the counted windows in the same UPDATE as the
 * balance. `rg_wager_state` keeps the rules alone (written when the member changes them), read by one key
 * probe per call as before. seamless_apply_batch is 0023's again; `rg_count` goes; `rg_gate` (for money
 * going into a transfer-mode vendor) reads the windows from the wallet row. Only PostgreSQL 15 SQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts
    add column rg_session_net_minor bigint,
    add column rg_day_started_at timestamptz,
    add column rg_day_wagered_minor bigint,
    add column rg_day_lost_minor bigint,
    add column rg_week_started_at timestamptz,
    add column rg_week_wagered_minor bigint,
    add column rg_week_lost_minor bigint,
    add column rg_month_started_at timestamptz,
    add column rg_month_wagered_minor bigint,
    add column rg_month_lost_minor bigint`.execute(db);
  // The windows counted so far move to the member's main wallet (a member who bet has one).
  await sql`
    update ledger_accounts a set rg_session_net_minor = w.session_net_minor,
      rg_day_started_at = w.day_started_at, rg_day_wagered_minor = w.day_wagered_minor,
      rg_day_lost_minor = w.day_lost_minor, rg_week_started_at = w.week_started_at,
      rg_week_wagered_minor = w.week_wagered_minor, rg_week_lost_minor = w.week_lost_minor,
      rg_month_started_at = w.month_started_at, rg_month_wagered_minor = w.month_wagered_minor,
      rg_month_lost_minor = w.month_lost_minor
    from rg_wager_state w
    where a.member_id = w.member_id and a.kind = 'player_main' and a.vendor_code = '' and a.shard = 0`.execute(
    db,
  );
  await sql.raw(seamlessApplyOneFunction).execute(db);
  await sql.raw(seamlessApplyBatchFunction).execute(db);
  await sql.raw(rgGateFunction).execute(db);
  await sql`drop function rg_count(integer, text, bigint, integer, text, text)`.execute(db);
  await sql`alter table rg_wager_state
    drop column session_net_minor,
    drop column day_started_at, drop column day_wagered_minor, drop column day_lost_minor,
    drop column week_started_at, drop column week_wagered_minor, drop column week_lost_minor,
    drop column month_started_at, drop column month_wagered_minor, drop column month_lost_minor`.execute(db);
}

/**
 * Migration 0023's seamless_apply_one with the wager-time rule: after the wallet is locked and a replay
 * answered, a bet is refused (rg_blocked, rg_limit_reached; nothing stored, nothing moved) for a member
 * whose rules say so; an applied bet, win or rollback of a stored bet is counted in the windows written
 * with the balance.
 */
const seamlessApplyOneFunction = `
create or replace function seamless_apply_one(p_merchant integer, p_vendor text, p_tx text, p_kind text,
  p_member integer, p_currency text, p_amount bigint, p_round text, p_game text, p_refers text, p_hash text,
  p_session_hash text, p_close_round boolean, p_house_id bigint, p_orphan_policy text,
  p_max_win_multiplier integer, p_spending_order text,
  out status text, out balance_minor bigint, out house_id bigint, out house_delta bigint)
language plpgsql as $$
declare
  v_player bigint;
  v_stored record;
  v_bet record;
  v_round record;
  v_transfer bigint;
  v_outcome text := 'applied';
  v_refusal text;
  v_orphan boolean := false;
  v_sign bigint := case when p_kind = 'bet' then -1 else 1 end;
  v_spends boolean := p_spending_order in ('real_first', 'bonus_first');
  v_account record;
  v_bonus bigint;
  v_bonus_balance bigint := 0;
  v_bonus_part bigint := 0;
  v_bonus_transfer bigint;
  v_capacity bigint;
  -- Responsible gaming: the member's rules (rg_wager_state, a plain read) and the running windows, which
  -- live on the main wallet's row (read with its lock, written by its balance update).
  v_rules record;
  v_rg boolean := false;
  v_now timestamptz := now();
  v_w record;
  v_day boolean;
  v_week boolean;
  v_month boolean;
begin
  balance_minor := 0;
  -- A call of a merchant that spends bonus money, or the rollback of a bet that took some, locks the
  -- bonus wallet with the main one: both rows in id order, the ledger's global order within a member
  -- (decision 0030, amended). Other calls lock the main wallet alone, as before.
  if v_spends or (p_kind = 'rollback' and exists (select 1 from seamless_transactions s
      where s.merchant_id = p_merchant and s.vendor_code = p_vendor and s.vendor_tx_id = p_refers
        and s.kind = 'bet' and s.bonus_minor > 0)) then
    for v_account in select a.id, a.kind, a.balance_minor, a.rg_session_net_minor, a.rg_day_started_at,
          a.rg_day_wagered_minor, a.rg_day_lost_minor, a.rg_week_started_at, a.rg_week_wagered_minor,
          a.rg_week_lost_minor, a.rg_month_started_at, a.rg_month_wagered_minor, a.rg_month_lost_minor
        from ledger_accounts a
        where a.merchant_id = p_merchant and a.currency = p_currency and a.kind in ('player_main', 'player_bonus')
          and coalesce(a.member_id, 0) = p_member and a.vendor_code = '' and a.shard = 0
        order by a.id for no key update loop
      if v_account.kind = 'player_main' then
        v_player := v_account.id; balance_minor := v_account.balance_minor; v_w := v_account;
      else
        v_bonus := v_account.id; v_bonus_balance := v_account.balance_minor;
      end if;
    end loop;
  else
    -- The player's wallet, locked. Its existence proves the player: a main wallet is only ever opened for a
    -- (non-trial) member of its merchant, so the member is read only when the wallet is opened here.
    select a.id, a.balance_minor, a.rg_session_net_minor, a.rg_day_started_at, a.rg_day_wagered_minor,
        a.rg_day_lost_minor, a.rg_week_started_at, a.rg_week_wagered_minor, a.rg_week_lost_minor,
        a.rg_month_started_at, a.rg_month_wagered_minor, a.rg_month_lost_minor into v_w
      from ledger_accounts a
      where a.merchant_id = p_merchant and a.currency = p_currency and a.kind = 'player_main'
        and coalesce(a.member_id, 0) = p_member and a.vendor_code = '' and a.shard = 0
      for no key update;
    v_player := v_w.id; balance_minor := v_w.balance_minor;
  end if;
  if v_player is null then
    perform 1 from members m where m.id = p_member and m.merchant_id = p_merchant and m.type <> 4;
    if not found then status := 'unknown_player'; return; end if;
    v_player := ledger_account_id(p_merchant, p_currency, 'player_main', p_member, '', 0::smallint);
    select a.id, a.balance_minor, a.rg_session_net_minor, a.rg_day_started_at, a.rg_day_wagered_minor,
        a.rg_day_lost_minor, a.rg_week_started_at, a.rg_week_wagered_minor, a.rg_week_lost_minor,
        a.rg_month_started_at, a.rg_month_wagered_minor, a.rg_month_lost_minor into v_w
      from ledger_accounts a where a.id = v_player for no key update;
    balance_minor := v_w.balance_minor;
  end if;

  select s.request_hash, s.balance_minor, s.outcome, s.refusal into v_stored from seamless_transactions s
    where s.merchant_id = p_merchant and s.vendor_code = p_vendor and s.vendor_tx_id = p_tx;
  if found then
    if v_stored.request_hash <> p_hash then status := 'conflict'; return; end if;
    balance_minor := v_stored.balance_minor;
    status := case when v_stored.outcome = 'refused' then v_stored.refusal else 'replayed' end;
    return;
  end if;

  -- Responsible gaming (issue 17): most members have no rules, and one key probe says so. A bet of a
  -- member on a break or self-excluded, past the session time, or whose stake would take an open window
  -- past its loss or wager limit is refused; the windows are the wallet row's, locked above.
  select w.blocked_until, w.session_limit_minutes, w.session_started_at, w.loss_day_minor, w.loss_week_minor,
      w.loss_month_minor, w.wager_day_minor, w.wager_week_minor, w.wager_month_minor into v_rules
    from rg_wager_state w where w.member_id = p_member;
  v_rg := found;
  if v_rg then
    v_day := coalesce(v_w.rg_day_started_at > v_now - interval '1 day', false);
    v_week := coalesce(v_w.rg_week_started_at > v_now - interval '7 days', false);
    v_month := coalesce(v_w.rg_month_started_at > v_now - interval '30 days', false);
  end if;
  if v_rg and p_kind = 'bet' then
    if v_rules.blocked_until is not null and v_rules.blocked_until > v_now then
      status := 'rg_blocked';
    elsif v_rules.session_limit_minutes is not null and v_rules.session_started_at is not null
        and v_rules.session_started_at + make_interval(mins => v_rules.session_limit_minutes) <= v_now then
      status := 'rg_limit_reached';
    elsif (v_rules.wager_day_minor is not null and (case when v_day then v_w.rg_day_wagered_minor else 0 end) + p_amount > v_rules.wager_day_minor)
      or (v_rules.wager_week_minor is not null and (case when v_week then v_w.rg_week_wagered_minor else 0 end) + p_amount > v_rules.wager_week_minor)
      or (v_rules.wager_month_minor is not null and (case when v_month then v_w.rg_month_wagered_minor else 0 end) + p_amount > v_rules.wager_month_minor)
      or (v_rules.loss_day_minor is not null and (case when v_day then v_w.rg_day_lost_minor else 0 end) + p_amount > v_rules.loss_day_minor)
      or (v_rules.loss_week_minor is not null and (case when v_week then v_w.rg_week_lost_minor else 0 end) + p_amount > v_rules.loss_week_minor)
      or (v_rules.loss_month_minor is not null and (case when v_month then v_w.rg_month_lost_minor else 0 end) + p_amount > v_rules.loss_month_minor)
    then
      status := 'rg_limit_reached';
    end if;
    if status is not null then balance_minor := 0; return; end if;
  end if;

  if p_kind = 'bet' then
    perform 1 from game_sessions g where g.token_hash = p_session_hash and g.member_id = p_member
      and g.vendor_code = p_vendor and g.expires_at > now();
    if not found then status := 'session_expired'; return; end if;
    perform 1 from seamless_transactions s where s.merchant_id = p_merchant and s.vendor_code = p_vendor
      and s.refers_tx_id = p_tx and s.kind = 'rollback';
    if found then status := 'bet_rolled_back'; return; end if;
    -- A merchant that spends bonus money offers main + bonus; the bet takes them in the merchant's order.
    if balance_minor + v_bonus_balance < p_amount then
      if v_spends then balance_minor := balance_minor + v_bonus_balance; end if;
      status := 'insufficient_funds'; return;
    end if;
    if v_spends and v_bonus_balance > 0 then
      v_bonus_part := case when p_spending_order = 'bonus_first' then least(p_amount, v_bonus_balance)
        else greatest(p_amount - balance_minor, 0) end;
    end if;
  elsif p_kind = 'win' then
    -- The round's stake is what its bets put at risk: bets less refunds. Numeric, so no product overflows.
    select r.bet_minor - r.refund_minor as stake_minor, r.win_minor into v_round from game_rounds r
      where r.merchant_id = p_merchant and r.vendor_code = p_vendor and r.round_id = p_round
      for no key update;
    if found then
      if v_round.stake_minor <= 0 then
        v_orphan := true;
      elsif p_max_win_multiplier is not null
          and (v_round.win_minor + p_amount)::numeric > v_round.stake_minor::numeric * p_max_win_multiplier then
        v_refusal := 'win_limit_exceeded';
      end if;
    else
      v_orphan := true;
    end if;
    -- Anything but an explicit 'alert' refuses (a missing policy must not pay).
    if v_orphan and p_orphan_policy is distinct from 'alert' then v_orphan := false; v_refusal := 'round_has_no_bet'; end if;
    if v_refusal is not null then v_outcome := 'refused'; end if;
  elsif p_kind = 'rollback' then
    perform 1 from seamless_transactions s where s.merchant_id = p_merchant and s.vendor_code = p_vendor
      and s.refers_tx_id = p_refers and s.kind = 'rollback';
    if found then status := 'already_rolled_back'; return; end if;
    select s.amount_minor, s.member_id, s.bonus_minor into v_bet from seamless_transactions s
      where s.merchant_id = p_merchant and s.vendor_code = p_vendor and s.vendor_tx_id = p_refers
        and s.kind = 'bet';
    if not found then
      v_outcome := 'tombstone';
    elsif v_bet.member_id <> p_member or v_bet.amount_minor <> p_amount then
      status := 'amount_mismatch'; return;
    elsif v_bet.bonus_minor > 0 then
      -- Each wallet gets back what the bet took from it; the bonus part only up to what the bonuses still
      -- wagering can hold (their amounts less the bonus balance): the rest of it goes to the main wallet,
      -- as the bonus it came from has left the bonus wallet since.
      select coalesce(sum(g.amount_minor), 0) into v_capacity from bonus_grants g
        where g.member_id = p_member and g.status = 'wagering';
      v_bonus_part := least(v_bet.bonus_minor, greatest(v_capacity - v_bonus_balance, 0));
    end if;
  end if;

  if v_outcome = 'applied' then
    house_id := p_house_id;
    house_delta := -v_sign * p_amount;
    -- The main wallet's part (all of it, unless bonus money is spent or refunded).
    if p_amount > v_bonus_part then
      insert into ledger_transfers (merchant_id, currency, debit_account_id, credit_account_id, amount_minor,
          kind, idempotency_key, request_hash)
        values (p_merchant, p_currency,
          case when p_kind = 'bet' then v_player else house_id end,
          case when p_kind = 'bet' then house_id else v_player end,
          p_amount - v_bonus_part, p_kind, 'seamless:' || p_vendor || ':' || p_tx, p_hash)
        returning id into v_transfer;
      if not v_rg then
        update ledger_accounts a set balance_minor = a.balance_minor + v_sign * (p_amount - v_bonus_part)
          where a.id = v_player returning a.balance_minor into balance_minor;
      end if;
    end if;
    if v_rg then
      -- The counted windows and the balance in one update of the main wallet's row (a call that only moved
      -- bonus money updates the windows alone), computed by the update itself: a bet adds its stake to
      -- wagered and lost, opening a window that had closed; a win takes its amount off lost, a rollback of a
      -- stored bet its stake off both (wagered never below zero), in windows still open; the session's net
      -- result moves by every applied call.
      update ledger_accounts a set
          balance_minor = a.balance_minor + v_sign * greatest(p_amount - v_bonus_part, 0),
          rg_session_net_minor = coalesce(a.rg_session_net_minor, 0) + v_sign * p_amount,
          rg_day_started_at = case when p_kind = 'bet' and not v_day then v_now else a.rg_day_started_at end,
          rg_day_wagered_minor = case
            when p_kind = 'bet' then (case when v_day then a.rg_day_wagered_minor else 0 end) + p_amount
            when p_kind = 'rollback' and v_day then greatest(a.rg_day_wagered_minor - p_amount, 0)
            else a.rg_day_wagered_minor end,
          rg_day_lost_minor = case
            when p_kind = 'bet' then (case when v_day then a.rg_day_lost_minor else 0 end) + p_amount
            when v_day then a.rg_day_lost_minor - p_amount
            else a.rg_day_lost_minor end,
          rg_week_started_at = case when p_kind = 'bet' and not v_week then v_now else a.rg_week_started_at end,
          rg_week_wagered_minor = case
            when p_kind = 'bet' then (case when v_week then a.rg_week_wagered_minor else 0 end) + p_amount
            when p_kind = 'rollback' and v_week then greatest(a.rg_week_wagered_minor - p_amount, 0)
            else a.rg_week_wagered_minor end,
          rg_week_lost_minor = case
            when p_kind = 'bet' then (case when v_week then a.rg_week_lost_minor else 0 end) + p_amount
            when v_week then a.rg_week_lost_minor - p_amount
            else a.rg_week_lost_minor end,
          rg_month_started_at = case when p_kind = 'bet' and not v_month then v_now else a.rg_month_started_at end,
          rg_month_wagered_minor = case
            when p_kind = 'bet' then (case when v_month then a.rg_month_wagered_minor else 0 end) + p_amount
            when p_kind = 'rollback' and v_month then greatest(a.rg_month_wagered_minor - p_amount, 0)
            else a.rg_month_wagered_minor end,
          rg_month_lost_minor = case
            when p_kind = 'bet' then (case when v_month then a.rg_month_lost_minor else 0 end) + p_amount
            when v_month then a.rg_month_lost_minor - p_amount
            else a.rg_month_lost_minor end
        where a.id = v_player returning a.balance_minor into balance_minor;
    end if;
    -- The bonus wallet's part, keyed '#bonus' after the vendor's id (which cannot hold a '#').
    if v_bonus_part > 0 then
      insert into ledger_transfers (merchant_id, currency, debit_account_id, credit_account_id, amount_minor,
          kind, idempotency_key, request_hash)
        values (p_merchant, p_currency,
          case when p_kind = 'bet' then v_bonus else house_id end,
          case when p_kind = 'bet' then house_id else v_bonus end,
          v_bonus_part, p_kind, 'seamless:' || p_vendor || ':' || p_tx || '#bonus', p_hash)
        returning id into v_bonus_transfer;
      update ledger_accounts a set balance_minor = a.balance_minor + v_sign * v_bonus_part
        where a.id = v_bonus returning a.balance_minor into v_bonus_balance;
    end if;
    insert into game_rounds as r (merchant_id, vendor_code, round_id, member_id, game_code, currency,
        bet_minor, win_minor, refund_minor, bet_count, status)
      values (p_merchant, p_vendor, p_round, p_member, p_game, p_currency,
        case when p_kind = 'bet' then p_amount else 0 end,
        case when p_kind = 'win' then p_amount else 0 end,
        case when p_kind = 'rollback' then p_amount else 0 end,
        case when p_kind = 'bet' then 1 else 0 end,
        case when p_close_round then 'closed' else 'open' end)
      on conflict (merchant_id, vendor_code, round_id) do update set
        bet_minor = r.bet_minor + excluded.bet_minor, win_minor = r.win_minor + excluded.win_minor,
        refund_minor = r.refund_minor + excluded.refund_minor, bet_count = r.bet_count + excluded.bet_count,
        status = case when p_close_round then 'closed' else r.status end, updated_at = now();
  end if;

  -- The balance a merchant that spends bonus money reports: main + bonus.
  if v_spends then balance_minor := balance_minor + v_bonus_balance; end if;
  insert into seamless_transactions (merchant_id, vendor_code, vendor_tx_id, kind, member_id, round_id,
      amount_minor, refers_tx_id, outcome, refusal, ledger_transfer_id, balance_minor, request_hash,
      bonus_minor, bonus_transfer_id)
    values (p_merchant, p_vendor, p_tx, p_kind, p_member, p_round, p_amount, p_refers, v_outcome, v_refusal,
      v_transfer, balance_minor, p_hash, v_bonus_part, v_bonus_transfer);
  status := case when v_refusal is not null then v_refusal when v_orphan then 'orphan_win_accepted'
    else 'ok' end;
end $$`;

/** Migration 0023's seamless_apply_batch again: the wager-time rule is seamless_apply_one's now. */
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
    call_index := v_call.at; status := v_result.status; balance_minor := v_result.balance_minor;
    return next;
  end loop;
  for v_house in select h.id, h.delta from unnest(v_house_ids, v_house_deltas) as h(id, delta) order by h.id loop
    update ledger_accounts a set balance_minor = a.balance_minor + v_house.delta where a.id = v_house.id;
  end loop;
end $$`;

/**
 * The wager-time rule for money going into a transfer-mode vendor (checkTransferIn): null when the member
 * has no rules, 'track' when a bet of `p_amount` would go through, else the refusal (rg_blocked,
 * rg_limit_reached), from the member's rules and the windows on the main wallet's row. Its signature is
 * 0029's; the vendor and transaction are no longer needed.
 */
const rgGateFunction = `
create or replace function rg_gate(p_member integer, p_kind text, p_amount bigint, p_merchant integer,
  p_vendor text, p_tx text) returns text
language plpgsql as $$
declare
  s record;
  v_now timestamptz := now();
begin
  select w.blocked_until, w.session_limit_minutes, w.session_started_at, w.loss_day_minor, w.loss_week_minor,
      w.loss_month_minor, w.wager_day_minor, w.wager_week_minor, w.wager_month_minor,
      case when a.rg_day_started_at > v_now - interval '1 day' then a.rg_day_wagered_minor else 0 end as day_wagered,
      case when a.rg_day_started_at > v_now - interval '1 day' then a.rg_day_lost_minor else 0 end as day_lost,
      case when a.rg_week_started_at > v_now - interval '7 days' then a.rg_week_wagered_minor else 0 end as week_wagered,
      case when a.rg_week_started_at > v_now - interval '7 days' then a.rg_week_lost_minor else 0 end as week_lost,
      case when a.rg_month_started_at > v_now - interval '30 days' then a.rg_month_wagered_minor else 0 end as month_wagered,
      case when a.rg_month_started_at > v_now - interval '30 days' then a.rg_month_lost_minor else 0 end as month_lost
    into s
    from rg_wager_state w
    left join ledger_accounts a on a.member_id = w.member_id and a.merchant_id = w.merchant_id
      and a.kind = 'player_main' and a.vendor_code = '' and a.shard = 0
    where w.member_id = p_member;
  if not found then return null; end if;
  if p_kind <> 'bet' then return 'track'; end if;
  if s.blocked_until is not null and s.blocked_until > v_now then return 'rg_blocked'; end if;
  if s.session_limit_minutes is not null and s.session_started_at is not null
      and s.session_started_at + make_interval(mins => s.session_limit_minutes) <= v_now then
    return 'rg_limit_reached';
  end if;
  if (s.wager_day_minor is not null and coalesce(s.day_wagered, 0) + p_amount > s.wager_day_minor)
    or (s.wager_week_minor is not null and coalesce(s.week_wagered, 0) + p_amount > s.wager_week_minor)
    or (s.wager_month_minor is not null and coalesce(s.month_wagered, 0) + p_amount > s.wager_month_minor)
    or (s.loss_day_minor is not null and coalesce(s.day_lost, 0) + p_amount > s.loss_day_minor)
    or (s.loss_week_minor is not null and coalesce(s.week_lost, 0) + p_amount > s.loss_week_minor)
    or (s.loss_month_minor is not null and coalesce(s.month_lost, 0) + p_amount > s.loss_month_minor)
  then
    return 'rg_limit_reached';
  end if;
  return 'track';
end $$`;
