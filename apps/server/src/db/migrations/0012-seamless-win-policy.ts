import { sql, type Kysely } from 'kysely';

/**
 * What a seamless win may pay (decision 0024). Until now a `win` was credited whatever
 * its round held, so anyone with a vendor's secret could mint money with wins for rounds that never had a
 * bet. Each merchant now sets, per vendor (`merchant_vendors`, next to its other switches of the vendor):
 *
 * - `orphan_win_policy`: a win for a round without a stake (no bet, or every bet refunded) is refused
 *   (`refuse`, the default: none of the demo's vendors sends such wins) or paid with a security alert
 *   (`alert`, for vendors that pay tournament prizes or promotions outside a round);
 * - `max_win_multiplier`: a round's wins may not exceed this many times its stake (bets less refunds);
 *   10,000 by default (the in-house games' own cap; the lotteries pay at most 900x), null for no cap.
 *
 * A vendor with no row at a merchant gets the defaults. A refused win is stored like an applied one
 * (`outcome = 'refused'` and its `refusal`), so a retry of its transaction id gets the same refusal and a
 * later bet cannot turn it into a payment. seamless_apply_one is replaced (it takes the policy as two more
 * arguments, read once per batch by seamless_apply_batch), and its win path reads the round once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table merchant_vendors
    add column orphan_win_policy text not null default 'refuse'
      check (orphan_win_policy in ('refuse', 'alert')),
    add column max_win_multiplier integer default 10000
      check (max_win_multiplier is null or max_win_multiplier between 1 and 1000000)`.execute(db);

  await sql`alter table seamless_transactions
    drop constraint seamless_transactions_outcome_check,
    add column refusal text check (refusal in ('round_has_no_bet', 'win_limit_exceeded')),
    add constraint seamless_transactions_outcome_check
      check (outcome in ('applied', 'tombstone', 'refused')),
    add constraint seamless_refusal_named check ((outcome = 'refused') = (refusal is not null))`.execute(db);

  // The 14-argument versions go (their last argument was the house shard before the house account, in
  // databases that ran an earlier draft of 0004), so no caller can reach a version without the policy.
  for (const last of ['bigint', 'integer']) {
    await sql`drop function if exists seamless_apply_one(integer, text, text, text, integer, text, bigint,
      text, text, text, text, text, boolean, ${sql.raw(last)})`.execute(db);
  }
  await sql.raw(seamlessApplyOneFunction).execute(db);
  await sql.raw(seamlessApplyBatchFunction).execute(db);
}

/**
 * Migration 0004's seamless_apply_one with the win policy: p_orphan_policy and p_max_win_multiplier (read
 * by the batch for wins only). A win locks and reads its round (the row its upsert locks anyway), so two
 * wins of one round cannot both pass the cap. New statuses: orphan_win_accepted (applied; the service
 * raises an alert), round_has_no_bet and win_limit_exceeded (refused and stored; a duplicate answers the
 * stored refusal).
 */
const seamlessApplyOneFunction = `
create or replace function seamless_apply_one(p_merchant integer, p_vendor text, p_tx text, p_kind text,
  p_member integer, p_currency text, p_amount bigint, p_round text, p_game text, p_refers text, p_hash text,
  p_session_hash text, p_close_round boolean, p_house_id bigint, p_orphan_policy text,
  p_max_win_multiplier integer,
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
begin
  balance_minor := 0;
  -- The player's wallet, locked. Its existence proves the player: a main wallet is only ever opened for a
  -- (non-trial) member of its merchant, so the member is read only when the wallet is opened here.
  select a.id, a.balance_minor into v_player, balance_minor from ledger_accounts a
    where a.merchant_id = p_merchant and a.currency = p_currency and a.kind = 'player_main'
      and coalesce(a.member_id, 0) = p_member and a.vendor_code = '' and a.shard = 0
    for no key update;
  if not found then
    perform 1 from members m where m.id = p_member and m.merchant_id = p_merchant and m.type <> 4;
    if not found then status := 'unknown_player'; return; end if;
    v_player := ledger_account_id(p_merchant, p_currency, 'player_main', p_member, '', 0::smallint);
    select a.balance_minor into balance_minor from ledger_accounts a where a.id = v_player for no key update;
  end if;

  select s.request_hash, s.balance_minor, s.outcome, s.refusal into v_stored from seamless_transactions s
    where s.merchant_id = p_merchant and s.vendor_code = p_vendor and s.vendor_tx_id = p_tx;
  if found then
    if v_stored.request_hash <> p_hash then status := 'conflict'; return; end if;
    balance_minor := v_stored.balance_minor;
    status := case when v_stored.outcome = 'refused' then v_stored.refusal else 'replayed' end;
    return;
  end if;

  if p_kind = 'bet' then
    perform 1 from game_sessions g where g.token_hash = p_session_hash and g.member_id = p_member
      and g.vendor_code = p_vendor and g.expires_at > now();
    if not found then status := 'session_expired'; return; end if;
    perform 1 from seamless_transactions s where s.merchant_id = p_merchant and s.vendor_code = p_vendor
      and s.refers_tx_id = p_tx and s.kind = 'rollback';
    if found then status := 'bet_rolled_back'; return; end if;
    if balance_minor < p_amount then status := 'insufficient_funds'; return; end if;
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
    select s.amount_minor, s.member_id into v_bet from seamless_transactions s
      where s.merchant_id = p_merchant and s.vendor_code = p_vendor and s.vendor_tx_id = p_refers
        and s.kind = 'bet';
    if not found then
      v_outcome := 'tombstone';
    elsif v_bet.member_id <> p_member or v_bet.amount_minor <> p_amount then
      status := 'amount_mismatch'; return;
    end if;
  end if;

  if v_outcome = 'applied' then
    house_id := p_house_id;
    house_delta := -v_sign * p_amount;
    insert into ledger_transfers (merchant_id, currency, debit_account_id, credit_account_id, amount_minor,
        kind, idempotency_key, request_hash)
      values (p_merchant, p_currency,
        case when p_kind = 'bet' then v_player else house_id end,
        case when p_kind = 'bet' then house_id else v_player end,
        p_amount, p_kind, 'seamless:' || p_vendor || ':' || p_tx, p_hash)
      returning id into v_transfer;
    update ledger_accounts a set balance_minor = a.balance_minor + v_sign * p_amount
      where a.id = v_player returning a.balance_minor into balance_minor;
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

  insert into seamless_transactions (merchant_id, vendor_code, vendor_tx_id, kind, member_id, round_id,
      amount_minor, refers_tx_id, outcome, refusal, ledger_transfer_id, balance_minor, request_hash)
    values (p_merchant, p_vendor, p_tx, p_kind, p_member, p_round, p_amount, p_refers, v_outcome, v_refusal,
      v_transfer, balance_minor, p_hash);
  status := case when v_refusal is not null then v_refusal when v_orphan then 'orphan_win_accepted'
    else 'ok' end;
end $$`;

/**
 * Migration 0004's seamless_apply_batch, which now also reads the merchant's win policy for the vendor
 * (once per batch and merchant-vendor pair, and only when the batch holds a win; plain read, no lock) and
 * passes it to seamless_apply_one. Defaults when the merchant has no row for the vendor: refuse, 10,000x.
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
    select * into v_result from seamless_apply_one((v_call.op->>'merchantId')::integer, v_call.op->>'vendorCode',
      v_call.op->>'transactionId', v_call.op->>'kind', (v_call.op->>'memberId')::integer, v_call.op->>'currency',
      (v_call.op->>'amountMinor')::bigint, v_call.op->>'roundId', v_call.op->>'gameCode',
      v_call.op->>'betTransactionId', v_call.op->>'requestHash', v_call.op->>'sessionTokenHash',
      coalesce((v_call.op->>'closeRound')::boolean, false), v_house_id, v_orphan_policy, v_max_win_multiplier);
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
