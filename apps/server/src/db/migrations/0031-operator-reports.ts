import { sql, type Kysely } from 'kysely';

/**
 * The operator's reports (issue 16, docs/operator-reports.md): `merchant_daily`, a merchant's own figures
 * per merchant day, vendor and game type (bets, refunds, wins, transfer-wallet settlements, bonuses given
 * and forfeited, balance adjustments, deposits and withdrawals), kept by the operator-reports job from the
 * ledger by its own cursor (`reports` in `rollup_cursors`, moved in the transaction that writes the
 * figures: exactly once, as the agent rollups of decision 0028). A report reads a few rows per day from
 * here instead of summing every account's member_daily rows. The cursor starts at the beginning, so the
 * job's first passes roll up the history already recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table merchant_daily (
      merchant_id integer not null references merchants (id),
      day date not null,
      vendor_code text not null default '',
      game_type text not null default '',
      bet_count integer not null default 0,
      bet_minor bigint not null default 0,
      refund_minor bigint not null default 0,
      win_minor bigint not null default 0,
      settlement_minor bigint not null default 0,
      bonus_minor bigint not null default 0,
      bonus_forfeit_minor bigint not null default 0,
      adjustment_minor bigint not null default 0,
      deposit_count integer not null default 0,
      deposit_minor bigint not null default 0,
      withdrawal_count integer not null default 0,
      withdrawal_minor bigint not null default 0,
      primary key (merchant_id, day, vendor_code, game_type)
    )`.execute(db);
  await sql`insert into rollup_cursors (name, xid, transfer_id) values ('reports', '0', 0)`.execute(db);
}
