import { sql, type Kysely } from 'kysely';

/**
 * The transfer wallet (main <-> vendor wallet) and the history reads.
 *
 * - `vendor_transfers` records every transfer a player asked for: the client's request id is its
 *   idempotency key (unique per member), the ledger hold that carries the money, and the state it reached
 *   (pending until the vendor's answer is known, then done or failed; never back). Reconciliation picks
 *   the pending rows whose next attempt is due, through a partial index that only holds pending rows.
 * - History indexes: movements of an account by time (ledger_transfers), a member's rounds per vendor by
 *   time (game_rounds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table vendor_transfers (
      id bigint generated always as identity primary key,
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      vendor_code text not null references vendors (code),
      direction text not null check (direction in ('in', 'out')),
      currency text not null check (currency ~ '^[A-Z]{3}$'),
      amount_minor bigint not null check (amount_minor > 0),
      request_id text not null check (request_id ~ '^[A-Za-z0-9_:-]{8,100}$'),
      hold_transfer_id bigint not null unique references ledger_transfers (id),
      state text not null default 'pending' check (state in ('pending', 'done', 'failed')),
      failure_code text check (length(failure_code) <= 64),
      attempts integer not null default 0 check (attempts >= 0),
      next_attempt_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      settled_at timestamptz,
      constraint vendor_transfers_request unique (merchant_id, member_id, request_id),
      constraint vendor_transfers_settled check ((state = 'pending') = (settled_at is null))
    )`.execute(db);
  await sql`create index vendor_transfers_member on vendor_transfers (merchant_id, member_id, id desc)`.execute(
    db,
  );
  await sql`create index vendor_transfers_pending on vendor_transfers (next_attempt_at)
    where state = 'pending'`.execute(db);
  await sql`create index vendor_transfers_member_vendor_pending on vendor_transfers
    (merchant_id, member_id, vendor_code) where state = 'pending'`.execute(db);

  // History reads an account's movements by time; these replace 0003's id-ordered indexes (same leading
  // column), so a bet still writes one index entry per side, not two.
  await sql`drop index ledger_transfers_debit, ledger_transfers_credit`.execute(db);
  await sql`create index ledger_transfers_debit_time on ledger_transfers (debit_account_id, created_at)`.execute(
    db,
  );
  await sql`create index ledger_transfers_credit_time on ledger_transfers (credit_account_id, created_at)`.execute(
    db,
  );
  await sql`create index game_rounds_member_vendor on game_rounds
    (merchant_id, member_id, vendor_code, started_at desc)`.execute(db);
}
