import { sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger (ARCHITECTURE.md, Money): accounts with their balances and an append-only
 * list of transfers between two accounts. The database holds the invariants it can: amounts positive,
 * player balances never negative, an idempotency key moves money once per merchant, a transfer is
 * reversed at most once, transfers are never updated or deleted. System accounts are sharded so that
 * no single row is locked by every bet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ledger_accounts (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      kind text not null check (kind in ('player_main', 'player_vendor', 'house', 'deposit_clearing',
        'withdrawal_clearing', 'bonus', 'agent_commission')),
      member_id integer references members (id),
      vendor_code text not null default '',
      shard smallint not null default 0 check (shard between 0 and 63),
      balance_minor bigint not null default 0,
      allows_negative boolean not null,
      created_at timestamptz not null default now(),
      constraint ledger_accounts_player_owned check ((member_id is not null) = (kind in ('player_main', 'player_vendor'))),
      constraint ledger_accounts_players_never_negative check (allows_negative or balance_minor >= 0),
      constraint ledger_accounts_players_not_negative_allowed check (member_id is null or not allows_negative)
    )`.execute(db);
  await sql`create unique index ledger_accounts_identity on ledger_accounts
    (merchant_id, currency, kind, coalesce(member_id, 0), vendor_code, shard)`.execute(db);

  await sql`
    create table ledger_transfers (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      currency text not null,
      debit_account_id bigint not null references ledger_accounts (id),
      credit_account_id bigint not null references ledger_accounts (id),
      amount_minor bigint not null check (amount_minor > 0),
      kind text not null check (length(kind) between 1 and 32),
      idempotency_key text not null check (length(idempotency_key) between 1 and 200),
      request_hash text not null,
      reverses_transfer_id bigint unique references ledger_transfers (id),
      created_at timestamptz not null default now(),
      constraint ledger_transfers_two_accounts check (debit_account_id <> credit_account_id),
      constraint ledger_transfers_idempotency unique (merchant_id, idempotency_key)
    )`.execute(db);
  await sql`create index ledger_transfers_debit on ledger_transfers (debit_account_id, id)`.execute(db);
  await sql`create index ledger_transfers_credit on ledger_transfers (credit_account_id, id)`.execute(db);
  await sql`
    create function ledger_transfers_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger transfers are append-only: correct with a reversing transfer';
    end $$`.execute(db);
  await sql`create trigger ledger_transfers_append_only before update or delete on ledger_transfers
    for each row execute function ledger_transfers_append_only()`.execute(db);
}
