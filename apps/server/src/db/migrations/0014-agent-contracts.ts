import { sql, type Kysely } from 'kysely';

/**
 * Agent contracts, salaries and dividends (decision 0029):
 *
 * - `agent_contract_policies`: per merchant and kind, whether it is on, the top agents' rate, and for
 *   dividends the period and the deductions (operator-set).
 * - `agent_contracts` between an upline and a direct downline agent, with tiers and a state; the
 *   transitions are appended to `agent_contract_events`. At most one open request and one accepted
 *   contract per downline and kind.
 * - `agent_payouts`: one row per agent, kind and period settled, with every input of the amount, keyed
 *   (agent, kind, period) so a period is paid once; `agent_settlements`: the periods settled per merchant.
 * - `member_windows`: each account's bets per 5-minute window, written by the rollup job, for the hourly
 *   and real-time salaries.
 * - The rollup cursor learns how far it has caught up in time (`caught_up_at`): every transfer recorded
 *   before that instant is rolled up. Transfers are timed when they are written (`clock_timestamp()`), not
 *   when their transaction began, so a period is settled only once nothing recorded in it can still come.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transfers alter column created_at set default clock_timestamp()`.execute(db);
  await sql`alter table rollup_cursors add column pending_xmax xid8, add column pending_at timestamptz,
    add column caught_up_at timestamptz`.execute(db);

  await sql`
    create table member_windows (
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      window_start timestamptz not null,
      bet_count integer not null default 0,
      valid_bet_minor bigint not null default 0,
      profit_minor bigint not null default 0,
      primary key (member_id, window_start)
    )`.execute(db);
  await sql`create index member_windows_time on member_windows (merchant_id, window_start)`.execute(db);

  await sql`
    create table agent_contract_policies (
      merchant_id integer not null references merchants (id),
      kind text not null check (kind in ('dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend')),
      enabled boolean not null default false,
      max_rate_bp integer not null default 0 check (max_rate_bp between 0 and 10000),
      dividend_period text not null default 'month' check (dividend_period in ('day', 'week', 'half-month', 'month')),
      deduct_bonuses boolean not null default true,
      admin_fee_bp integer not null default 0 check (admin_fee_bp between 0 and 10000),
      -- When the kind was last switched on: settlement starts with the period that contains it.
      enabled_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (merchant_id, kind)
    )`.execute(db);

  await sql`
    create table agent_contracts (
      id integer generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      kind text not null check (kind in ('dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend')),
      upline_id integer not null references members (id),
      downline_id integer not null references members (id),
      period text not null check (period in ('window', 'hour', 'day', 'week', 'half-month', 'month')),
      tiers jsonb not null check (jsonb_typeof(tiers) = 'array'),
      max_rate_bp integer not null check (max_rate_bp between 0 and 10000),
      proposed_by text not null check (proposed_by in ('upline', 'downline')),
      state text not null check (state in ('requested', 'accepted', 'rejected', 'terminated', 'finished')),
      end_reason text check (end_reason in ('terminated_by_upline', 'terminated_by_downline', 'replaced',
        'rate_rule', 'upline_ended')),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      ends_at timestamptz,
      check (upline_id <> downline_id)
    )`.execute(db);
  await sql`create unique index agent_contracts_one_request on agent_contracts (downline_id, kind)
    where state = 'requested'`.execute(db);
  await sql`create unique index agent_contracts_one_accepted on agent_contracts (downline_id, kind)
    where state = 'accepted'`.execute(db);
  await sql`create index agent_contracts_upline on agent_contracts (upline_id, kind, state)`.execute(db);
  await sql`create index agent_contracts_downline on agent_contracts (downline_id, kind, created_at)`.execute(
    db,
  );
  await sql`create index agent_contracts_live on agent_contracts (merchant_id, kind, decided_at)
    where state in ('accepted', 'terminated', 'finished')`.execute(db);

  await sql`
    create table agent_contract_events (
      id bigint generated always as identity primary key,
      contract_id integer not null references agent_contracts (id),
      at timestamptz not null default now(),
      actor_id integer references members (id),
      action text not null check (action in ('offered', 'requested', 'accepted', 'rejected', 'withdrawn',
        'terminated', 'finished', 'ended_by_rate_rule', 'ended_with_upline')),
      detail jsonb
    )`.execute(db);
  await sql`create index agent_contract_events_contract on agent_contract_events (contract_id, id)`.execute(
    db,
  );

  await sql`
    create table agent_payouts (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      agent_id integer not null references members (id),
      kind text not null check (kind in ('dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend')),
      period_key text not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      contract_id integer references agent_contracts (id),
      active_members integer not null,
      valid_bet_minor bigint not null,
      profit_minor bigint not null,
      deductions_minor bigint not null,
      figure_minor bigint not null,
      adjustment_minor bigint not null,
      -- What later settlements carried of a change to this period's figure (into the next period).
      carried_minor bigint not null default 0,
      tier smallint,
      rate_bp integer not null,
      team_amount_minor bigint not null,
      downline_amount_minor bigint not null,
      amount_minor bigint not null check (amount_minor >= 0),
      status text not null check (status in ('paid', 'scheduled', 'nothing_due')),
      pay_on date,
      transfer_id bigint references ledger_transfers (id),
      created_at timestamptz not null default now(),
      paid_at timestamptz,
      unique (agent_id, kind, period_key)
    )`.execute(db);
  await sql`create index agent_payouts_agent on agent_payouts (agent_id, kind, period_start)`.execute(db);
  await sql`create index agent_payouts_scheduled on agent_payouts (merchant_id, pay_on)
    where status = 'scheduled'`.execute(db);

  await sql`
    create table agent_settlements (
      merchant_id integer not null references merchants (id),
      kind text not null,
      period_key text not null,
      period_start timestamptz not null,
      period_end timestamptz not null,
      agents integer not null,
      total_minor bigint not null,
      settled_at timestamptz not null default now(),
      primary key (merchant_id, kind, period_key)
    )`.execute(db);
  await sql`create index agent_settlements_last on agent_settlements (merchant_id, kind, period_end)`.execute(
    db,
  );
}
