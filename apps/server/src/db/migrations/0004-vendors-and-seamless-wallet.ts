import { sql, type Kysely } from 'kysely';

/**
 * Two-phase holds in the ledger, game vendors, and the seamless wallet's own records.
 *
 * - A hold is an ordinary transfer into a `held` system account; it is settled (posted to its destination
 *   or voided back to its origin) by one more transfer that names it in `settles_hold_id`, which is
 *   unique: a hold is settled at most once, whichever way.
 * - `vendors` holds each game vendor's wallet mode and its HMAC secret.
 * - Rounds and seamless records name their merchant and vendor without a foreign key: each call checks
 *   both before writing, and a foreign key would make every bet lock the merchant's and the vendor's row
 *   (FOR KEY SHARE from all players at once): the global hot row the money rules forbid. They keep their
 *   foreign keys to the member, the ledger transfer and (through it) the accounts.
 * - `seamless_transactions` records every bet, win and rollback a vendor sent, keyed by the vendor's own
 *   transaction id (a duplicate gets the stored answer) with a tombstone for a rollback of an unknown bet,
 *   so that the late bet is refused. `game_rounds` sums a round's bets and wins for the betting records.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_kind_check`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_kind_check check (kind in
    ('player_main', 'player_vendor', 'house', 'deposit_clearing', 'withdrawal_clearing', 'bonus',
     'agent_commission', 'held'))`.execute(db);
  // The hot path writes a ledger transfer per bet: keep its indexes and locks to what the rules need.
  // Reversal and settlement links are unique where set (partial indexes: no entry for the many nulls);
  // the merchant is reached through the accounts' foreign keys, as a foreign key to the merchant row
  // would have every bet lock that one row (FOR KEY SHARE): a global hot row.
  await sql`alter table ledger_transfers
    add column settles_hold_id bigint references ledger_transfers (id),
    add constraint ledger_transfers_reverses_or_settles check
      (reverses_transfer_id is null or settles_hold_id is null),
    drop constraint ledger_transfers_reverses_transfer_id_key,
    drop constraint ledger_transfers_merchant_id_fkey`.execute(db);
  await sql`create unique index ledger_transfers_reverses_once on ledger_transfers (reverses_transfer_id)
    where reverses_transfer_id is not null`.execute(db);
  await sql`create unique index ledger_transfers_settles_once on ledger_transfers (settles_hold_id)
    where settles_hold_id is not null`.execute(db);

  await sql`
    create table vendors (
      code text primary key check (code ~ '^[A-Z0-9_]{2,32}$'),
      name text not null check (length(name) between 1 and 100),
      wallet_mode text not null check (wallet_mode in ('seamless', 'transfer')),
      secret text not null check (length(secret) >= 32),
      api_url text,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table game_rounds (
      id bigint generated always as identity primary key,
      merchant_id integer not null,
      vendor_code text not null,
      round_id text not null check (length(round_id) between 1 and 100),
      member_id integer not null references members (id),
      game_code text not null check (length(game_code) between 1 and 100),
      currency text not null,
      bet_minor bigint not null default 0 check (bet_minor >= 0),
      win_minor bigint not null default 0 check (win_minor >= 0),
      refund_minor bigint not null default 0 check (refund_minor >= 0),
      bet_count integer not null default 0,
      status text not null default 'open' check (status in ('open', 'closed')),
      started_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint game_rounds_identity unique (merchant_id, vendor_code, round_id)
    )`.execute(db);

  await sql`
    create table seamless_transactions (
      id bigint generated always as identity primary key,
      merchant_id integer not null,
      vendor_code text not null,
      vendor_tx_id text not null check (length(vendor_tx_id) between 1 and 100),
      kind text not null check (kind in ('bet', 'win', 'rollback')),
      member_id integer not null references members (id),
      round_id text not null,
      amount_minor bigint not null check (amount_minor >= 0),
      refers_tx_id text,
      outcome text not null check (outcome in ('applied', 'tombstone')),
      ledger_transfer_id bigint references ledger_transfers (id),
      balance_minor bigint not null,
      request_hash text not null,
      created_at timestamptz not null default now(),
      constraint seamless_transactions_vendor_tx unique (merchant_id, vendor_code, vendor_tx_id),
      constraint seamless_rollback_names_bet check ((kind = 'rollback') = (refers_tx_id is not null))
    )`.execute(db);
  // One rollback per bet, whether the bet was known (refund) or not yet (tombstone).
  await sql`create unique index seamless_one_rollback_per_bet on seamless_transactions
    (merchant_id, vendor_code, refers_tx_id) where kind = 'rollback'`.execute(db);
  await sql`
    create function seamless_transactions_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'seamless transactions are append-only: a vendor corrects with a rollback';
    end $$`.execute(db);
  await sql`create trigger seamless_transactions_append_only before update or delete on seamless_transactions
    for each row execute function seamless_transactions_append_only()`.execute(db);

  await sql`
    create table game_sessions (
      token_hash text primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      vendor_code text not null references vendors (code),
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index game_sessions_expiry on game_sessions (expires_at)`.execute(db);

  await sql.raw(ledgerAccountIdFunction).execute(db);
  await sql.raw(seamlessApplyOneFunction).execute(db);
  await sql.raw(seamlessApplyBatchFunction).execute(db);
}

/** The id of a ledger account, created with a zero balance on first use (players may not go negative). */
const ledgerAccountIdFunction = `
create function ledger_account_id(p_merchant integer, p_currency text, p_kind text, p_member integer,
  p_vendor text, p_shard smallint) returns bigint language plpgsql as $$
declare
  v_id bigint;
begin
  select id into v_id from ledger_accounts
    where merchant_id = p_merchant and currency = p_currency and kind = p_kind
      and coalesce(member_id, 0) = coalesce(p_member, 0) and vendor_code = p_vendor and shard = p_shard;
  if v_id is null then
    insert into ledger_accounts (merchant_id, currency, kind, member_id, vendor_code, shard, allows_negative)
      values (p_merchant, p_currency, p_kind, p_member, p_vendor, p_shard, p_member is null)
      on conflict do nothing returning id into v_id;
    if v_id is null then
      select id into v_id from ledger_accounts
        where merchant_id = p_merchant and currency = p_currency and kind = p_kind
          and coalesce(member_id, 0) = coalesce(p_member, 0) and vendor_code = p_vendor and shard = p_shard;
    end if;
  end if;
  return v_id;
end $$`;

/**
 * One seamless-wallet call (bet, win or rollback), without touching the house account: it answers which
 * house account to change and by how much, and seamless_apply_batch applies those last. The player's
 * wallet row is locked first, so calls for one player are serial (a rollback and its late bet cannot pass
 * each other). Validation (signature, amounts, currency) happened in the service; this applies the money
 * rules and answers a status: ok, replayed, conflict, insufficient_funds, bet_rolled_back,
 * session_expired, unknown_player, amount_mismatch, already_rolled_back.
 */
const seamlessApplyOneFunction = `
create function seamless_apply_one(p_merchant integer, p_vendor text, p_tx text, p_kind text, p_member integer,
  p_currency text, p_amount bigint, p_round text, p_game text, p_refers text, p_hash text,
  p_session_hash text, p_close_round boolean, p_house_id bigint,
  out status text, out balance_minor bigint, out house_id bigint, out house_delta bigint)
language plpgsql as $$
declare
  v_player bigint;
  v_stored record;
  v_bet record;
  v_transfer bigint;
  v_outcome text := 'applied';
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

  select s.request_hash, s.balance_minor into v_stored from seamless_transactions s
    where s.merchant_id = p_merchant and s.vendor_code = p_vendor and s.vendor_tx_id = p_tx;
  if found then
    if v_stored.request_hash <> p_hash then status := 'conflict'; return; end if;
    status := 'replayed'; balance_minor := v_stored.balance_minor; return;
  end if;

  if p_kind = 'bet' then
    perform 1 from game_sessions g where g.token_hash = p_session_hash and g.member_id = p_member
      and g.vendor_code = p_vendor and g.expires_at > now();
    if not found then status := 'session_expired'; return; end if;
    perform 1 from seamless_transactions s where s.merchant_id = p_merchant and s.vendor_code = p_vendor
      and s.refers_tx_id = p_tx and s.kind = 'rollback';
    if found then status := 'bet_rolled_back'; return; end if;
    if balance_minor < p_amount then status := 'insufficient_funds'; return; end if;
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
      amount_minor, refers_tx_id, outcome, ledger_transfer_id, balance_minor, request_hash)
    values (p_merchant, p_vendor, p_tx, p_kind, p_member, p_round, p_amount, p_refers, v_outcome,
      v_transfer, balance_minor, p_hash);
  status := 'ok';
end $$`;

/**
 * Several seamless calls in one transaction and one commit (group commit): the answer of each, by its
 * position in the input. Calls run in player order (arrival order within a player), then the house
 * accounts change once each, in id order; every batch thus locks rows in one global order (players by
 * id, then house accounts by id), so batches running side by side never deadlock. A house account is
 * locked from the batch's last statement until its commit: the caller spreads batches running side by
 * side over different shards (p_house_shard), so they do not wait for each other's commit.
 */
const seamlessApplyBatchFunction = `
create function seamless_apply_batch(p_calls jsonb, p_house_shard integer)
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
    select * into v_result from seamless_apply_one((v_call.op->>'merchantId')::integer, v_call.op->>'vendorCode',
      v_call.op->>'transactionId', v_call.op->>'kind', (v_call.op->>'memberId')::integer, v_call.op->>'currency',
      (v_call.op->>'amountMinor')::bigint, v_call.op->>'roundId', v_call.op->>'gameCode',
      v_call.op->>'betTransactionId', v_call.op->>'requestHash', v_call.op->>'sessionTokenHash',
      coalesce((v_call.op->>'closeRound')::boolean, false), v_house_id);
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
