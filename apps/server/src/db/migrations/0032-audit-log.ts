import { sql, type Kysely } from 'kysely';

/**
 * The staff audit log (issue 16, decision 0035): every operator write is one transaction that ends with a
 * row here, chained per merchant by hash (each row's hash covers the previous row's hash and its own
 * fields), so an edit or a deletion behind the application's back shows as a break when the chain is
 * verified. What the write changed is captured by row triggers into audit_changes (keyed by the
 * transaction) and folded into the row by audit_append. The triggers fire only when the transaction set
 * portal.audit_unit (an operator's unit of work), so player and job traffic pays one condition per row,
 * and the wallet's hot tables carry no trigger at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_log (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      seq bigint not null check (seq > 0),
      at timestamptz not null,
      operator_id integer references operators (id),
      operator_name text not null,
      ip text,
      action text not null check (length(action) between 1 and 64),
      target jsonb not null default '{}',
      request jsonb,
      changes jsonb not null default '[]',
      change_count integer not null default 0,
      outcome text not null check (length(outcome) between 1 and 64),
      prev_hash bytea not null,
      hash bytea not null,
      constraint audit_log_seq unique (merchant_id, seq)
    )`.execute(db);
  await sql`create index audit_log_operator on audit_log (merchant_id, operator_id, seq)`.execute(db);
  await sql`create index audit_log_action on audit_log (merchant_id, action, seq)`.execute(db);

  await sql`
    create table audit_changes (
      xid xid8 not null default pg_current_xact_id(),
      seq bigint generated always as identity,
      table_name text not null,
      op text not null,
      old_row jsonb,
      new_row jsonb,
      primary key (xid, seq)
    )`.execute(db);

  // The one canonical text of a row that its hash covers; verify (modules/audit) rebuilds the same text.
  await sql`
    create function audit_row_text(p_prev bytea, p_merchant integer, p_seq bigint, p_at timestamptz,
      p_operator integer, p_operator_name text, p_ip text, p_action text, p_target jsonb, p_request jsonb,
      p_changes jsonb, p_change_count integer, p_outcome text) returns text
    language sql stable as $$
      select concat_ws(E'\\n', encode(p_prev, 'hex'), p_merchant::text, p_seq::text,
        to_char(p_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), coalesce(p_operator::text, '-'),
        p_operator_name, coalesce(p_ip, '-'), p_action, p_target::text, coalesce(p_request::text, 'null'),
        p_changes::text, p_change_count::text, p_outcome)
    $$`.execute(db);

  await sql`
    create function audit_capture() returns trigger language plpgsql as $$
    declare
      secrets constant text[] := array['password_hash', 'totp_secret', 'token_hash', 'secret', 'secret_hash'];
      before jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - secrets end;
      after jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - secrets end;
    begin
      if before is distinct from after then
        insert into audit_changes (table_name, op, old_row, new_row)
        values (tg_table_name, lower(tg_op), before, after);
      end if;
      return null;
    end $$`.execute(db);

  // At most 200 changed rows are kept in one audit row (a catalogue sync may touch thousands); the count
  // says how many there were.
  await sql`
    create function audit_append(p_merchant integer, p_operator integer, p_operator_name text, p_ip text,
      p_action text, p_target jsonb, p_request jsonb, p_outcome text) returns bigint
    language plpgsql as $$
    declare
      stamp timestamptz := clock_timestamp();
      next_seq bigint;
      prev bytea;
      folded jsonb;
      counted integer;
      appended bigint;
    begin
      perform pg_advisory_xact_lock(7100, p_merchant);
      with taken as (
        delete from audit_changes c where c.xid = pg_current_xact_id()
        returning c.seq, c.table_name, c.op, c.old_row, c.new_row)
      select coalesce(jsonb_agg(jsonb_build_object('table', n.table_name, 'op', n.op, 'before', n.old_row,
               'after', n.new_row) order by n.seq) filter (where n.rank <= 200), '[]'), count(*)
        into folded, counted
        from (select t.*, row_number() over (order by t.seq) as rank from taken t) n;
      select l.seq, l.hash into next_seq, prev
        from audit_log l where l.merchant_id = p_merchant order by l.seq desc limit 1;
      next_seq := coalesce(next_seq, 0) + 1;
      prev := coalesce(prev, decode(repeat('00', 32), 'hex'));
      insert into audit_log (merchant_id, seq, at, operator_id, operator_name, ip, action, target, request,
        changes, change_count, outcome, prev_hash, hash)
      values (p_merchant, next_seq, stamp, p_operator, p_operator_name, p_ip, p_action, p_target, p_request,
        folded, counted, p_outcome, prev,
        sha256(convert_to(audit_row_text(prev, p_merchant, next_seq, stamp, p_operator, p_operator_name, p_ip,
          p_action, p_target, p_request, folded, counted, p_outcome), 'UTF8')))
      returning id into appended;
      return appended;
    end $$`.execute(db);

  // Every table an operator may change carries the capture trigger; the wallet's hot path, sessions,
  // secrets, machine-kept rollups and the audit itself do not (modules/audit/unaudited-tables.ts is the
  // reviewed list, and a test checks every table is on one side).
  const unaudited = [
    'kysely_migration',
    'kysely_migration_lock',
    'audit_log',
    'audit_changes',
    'ledger_accounts',
    'ledger_transfers',
    'seamless_transactions',
    'game_rounds',
    'game_sessions',
    'bgs_rounds',
    'bgs_seeds',
    'lottery_bets',
    'recent_plays',
    'rg_wager_state',
    'member_daily',
    'member_windows',
    'team_daily',
    'team_activity',
    'merchant_daily',
    'rollup_cursors',
    'points_earnings',
    'sessions',
    'operator_sessions',
    'captchas',
    'login_failures',
    'sms_codes',
    'outbox',
    'password_reset_tokens',
    'login_challenges',
    'server_keys',
    'used_nonces',
    'installation_secrets',
  ];
  await sql`
    do $$
    declare
      name text;
    begin
      for name in
        select tablename from pg_tables
        where schemaname = current_schema() and not (tablename = any (${sql.raw(`'{${unaudited.join(',')}}'`)}::text[]))
      loop
        execute format('create trigger audit_capture after insert or update or delete on %I
          for each row when (current_setting(''portal.audit_unit'', true) = ''on'')
          execute function audit_capture()', name);
      end loop;
    end $$`.execute(db);
}
