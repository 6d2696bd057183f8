import { sql, type Kysely } from 'kysely';

/**
 * A player's history reads bounded by days, not by rounds (issue 21's soak, decision 0052).
 *
 * The bet records' total and the profit report counted and summed every round of the range, and the
 * account records walked every ledger movement of the player's wallets to find the few that are not game
 * movements: a player with 20,000 rounds a week waited for all of them on each page. Now:
 * - `member_round_days`: per member, merchant calendar day (its fixed GMT offset, `merchant_day()`, as the
 *   rollups file them; decision 0028) and vendor, the rounds started that day and their bets, wins and
 *   refunds. A trigger on `game_rounds` keeps it, in the same transaction as the round's write, for every
 *   writer (the seamless wallet, tests, seeds): a range's total and profit are a few rows per day.
 * - Two partial indexes of `ledger_transfers` by account and time for everything but game movements
 *   (bet, win, rollback, vendor settlement), so account and bonus records scan only those; a bet or win
 *   never writes an entry in them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_round_days (
      merchant_id integer not null references merchants (id),
      member_id integer not null references members (id),
      day date not null,
      vendor_code text not null,
      rounds integer not null default 0,
      bet_minor bigint not null default 0,
      win_minor bigint not null default 0,
      refund_minor bigint not null default 0,
      primary key (member_id, day, vendor_code)
    )`.execute(db);
  await sql.raw(followFunction).execute(db);
  await sql`create trigger member_round_days_insert after insert on game_rounds
    for each row execute function member_round_days_follow()`.execute(db);
  // A change of status alone (a round closed) leaves the day's figures as they are and writes nothing.
  await sql`create trigger member_round_days_update after update on game_rounds
    for each row when (old.bet_minor <> new.bet_minor or old.win_minor <> new.win_minor
      or old.refund_minor <> new.refund_minor or old.member_id <> new.member_id
      or old.vendor_code <> new.vendor_code or old.started_at <> new.started_at
      or old.merchant_id <> new.merchant_id)
    execute function member_round_days_follow()`.execute(db);
  await sql`create trigger member_round_days_delete after delete on game_rounds
    for each row execute function member_round_days_follow()`.execute(db);
  // The rounds so far (the trigger is in place first, inside this migration's transaction).
  await sql`
    insert into member_round_days (merchant_id, member_id, day, vendor_code, rounds, bet_minor, win_minor,
      refund_minor)
    select r.merchant_id, r.member_id, merchant_day(r.started_at, m.gmt_offset_minutes), r.vendor_code,
      count(*), sum(r.bet_minor), sum(r.win_minor), sum(r.refund_minor)
    from game_rounds r join merchants m on m.id = r.merchant_id
    group by 1, 2, 3, 4`.execute(db);

  const gameKinds = sql`('bet', 'win', 'rollback', 'vendor_settlement')`;
  await sql`create index ledger_transfers_credit_time_not_game on ledger_transfers (credit_account_id, created_at)
    where kind not in ${gameKinds}`.execute(db);
  await sql`create index ledger_transfers_debit_time_not_game on ledger_transfers (debit_account_id, created_at)
    where kind not in ${gameKinds}`.execute(db);
}

/** One upsert of a round's figures (or their change) into its member's day and vendor. */
const upsert = (source: string, rounds: string, bet: string, win: string, refund: string) => `
    insert into member_round_days as d (merchant_id, member_id, day, vendor_code, rounds, bet_minor,
        win_minor, refund_minor)
      select ${source}.merchant_id, ${source}.member_id, merchant_day(${source}.started_at, m.gmt_offset_minutes),
        ${source}.vendor_code, ${rounds}, ${bet}, ${win}, ${refund}
      from merchants m where m.id = ${source}.merchant_id
      on conflict (member_id, day, vendor_code) do update set rounds = d.rounds + excluded.rounds,
        bet_minor = d.bet_minor + excluded.bet_minor, win_minor = d.win_minor + excluded.win_minor,
        refund_minor = d.refund_minor + excluded.refund_minor;`;

/**
 * The trigger: a new round adds itself; a changed round adds the difference (a bet or win on a round of
 * the same member, vendor and start: the usual case, one upsert), or moves its figures; a deleted round
 * takes its own away. The seamless wallet writes a round on every call, so the common cases are a single
 * statement each (PL/pgSQL keeps their plans for the session).
 */
const followFunction = `
create function member_round_days_follow() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${upsert('new', '1', 'new.bet_minor', 'new.win_minor', 'new.refund_minor')}
  elsif tg_op = 'UPDATE' and old.merchant_id = new.merchant_id and old.member_id = new.member_id
      and old.vendor_code = new.vendor_code and old.started_at = new.started_at then
    ${upsert('new', '0', 'new.bet_minor - old.bet_minor', 'new.win_minor - old.win_minor', 'new.refund_minor - old.refund_minor')}
  else
    ${upsert('old', '-1', '-old.bet_minor', '-old.win_minor', '-old.refund_minor')}
    if tg_op = 'UPDATE' then
      ${upsert('new', '1', 'new.bet_minor', 'new.win_minor', 'new.refund_minor')}
    end if;
  end if;
  return null;
end $$`;
