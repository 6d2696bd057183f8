import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { rollupFigureNames } from './rollup-figures';

/**
 * SQL of the rollup job (decision 0028): ledger transfers, in (xid, id) order below the horizon, become
 * per-member and per-team daily figures in one statement, and the cursor moves in the same transaction.
 */

import type { RollupCursor } from '../../db/ledger-cursor';
import { realtimeWindowMinutes } from './realtime-window';

/**
 * Rolls up the next `limit` transfers after `cursor` and below `horizon`; answers how many it read and
 * the last one's position. Each transfer is classified by its kind (a reversal counts as its original's
 * kind, negated); the account is the player side, or for a posted withdrawal the owner of its hold.
 * Upserts lock rows in key order, as the placement trigger does, so neither waits on the other in a
 * circle.
 */
export async function rollUpBatch(
  trx: Transaction<DB>,
  cursor: RollupCursor,
  horizon: string,
  limit: number,
): Promise<{ rows: number; last: RollupCursor | null }> {
  const { rows } = await sql<{ rows: number; last_xid: string | null; last_id: bigint | null }>`
    with batch as (
      select t.id, t.xid, t.merchant_id, t.kind, t.amount_minor, t.created_at, t.debit_account_id,
        t.credit_account_id, t.reverses_transfer_id, t.settles_hold_id, t.idempotency_key
      from ledger_transfers t
      where (t.xid, t.id) > (${cursor.xid}::xid8, ${cursor.transferId}::bigint) and t.xid < ${horizon}::xid8
      order by t.xid, t.id
      limit ${limit}
    ),
    classified as (
      select b.id, b.merchant_id, b.amount_minor, b.idempotency_key, b.created_at,
        merchant_day(b.created_at, x.gmt_offset_minutes) as day,
        case
          when b.kind = 'reversal' and b.reverses_transfer_id is null and d.kind = 'withdrawal_clearing'
            then 'withdrawal_return'
          when b.kind = 'reversal' then r.kind
          else b.kind
        end as kind,
        case when b.reverses_transfer_id is not null then -1 else 1 end as sign,
        coalesce(c.member_id, d.member_id, hd.member_id) as member_id,
        case when c.member_id is not null then 1 else -1 end as direction,
        case when c.member_id is null then c.vendor_code else d.vendor_code end as vendor_code
      from batch b
      join merchants x on x.id = b.merchant_id
      join ledger_accounts d on d.id = b.debit_account_id
      join ledger_accounts c on c.id = b.credit_account_id
      left join ledger_transfers r on r.id = b.reverses_transfer_id
      left join ledger_transfers h on h.id = b.settles_hold_id and b.kind = 'withdrawal'
      left join ledger_accounts hd on hd.id = h.debit_account_id
      where b.kind in ('deposit', 'withdrawal', 'reversal', 'bet', 'win', 'rollback', 'vendor_settlement', 'bonus')
    ),
    typed as (
      select k.*, coalesce(g.game_type, '') as game_type,
        case when k.kind = 'deposit' then k.sign else 0 end as deposit_count,
        case when k.kind = 'deposit' then k.sign * k.amount_minor else 0 end as deposit_minor,
        case when k.kind = 'withdrawal' then k.sign else 0 end as withdrawal_count,
        case when k.kind = 'withdrawal' then k.sign * k.amount_minor
          when k.kind = 'withdrawal_return' then -k.amount_minor else 0 end as withdrawal_minor,
        -- A bet that spent bonus money is two transfers (migration 0023): the '#bonus' one counts the bet
        -- only when it is the whole bet.
        case when k.kind = 'bet' and (k.idempotency_key not like '%#bonus' or s.bonus_minor = s.amount_minor)
          then k.sign else 0 end as bet_count,
        case when k.kind = 'bet' then k.sign * k.amount_minor else 0 end as bet_minor,
        case when k.kind = 'bet' then k.sign * k.amount_minor
          when k.kind = 'rollback' then -k.sign * k.amount_minor else 0 end as valid_bet_minor,
        case when k.kind = 'win' then k.sign * k.amount_minor else 0 end as payout_minor,
        case when k.kind = 'bonus' then k.sign * k.amount_minor else 0 end as bonus_minor,
        case when k.kind = 'bet' then -k.sign * k.amount_minor
          when k.kind in ('win', 'rollback') then k.sign * k.amount_minor
          when k.kind = 'vendor_settlement' then k.sign * k.direction * k.amount_minor else 0 end as profit_minor
      from classified k
      left join seamless_transactions s on k.kind in ('bet', 'win', 'rollback') and s.merchant_id = k.merchant_id
        and s.vendor_code = k.vendor_code
        and s.vendor_tx_id = split_part(substr(k.idempotency_key, length(k.vendor_code) + 11), '#', 1)
      left join game_rounds gr on gr.merchant_id = s.merchant_id and gr.vendor_code = s.vendor_code
        and gr.round_id = s.round_id
      left join games g on g.vendor_code = gr.vendor_code and g.game_code = gr.game_code
      where k.member_id is not null
        and k.kind in ('deposit', 'withdrawal', 'withdrawal_return', 'bet', 'win', 'rollback', 'vendor_settlement',
          'bonus')
    ),
    firsts as (
      insert into member_first_deposits (member_id, merchant_id, day, transfer_id)
      select distinct on (member_id) member_id, merchant_id, day, id from typed
      where kind = 'deposit' and sign = 1
      order by member_id, id
      on conflict (member_id) do nothing
      returning member_id, merchant_id, day
    ),
    figures as (
      select merchant_id, member_id, day, vendor_code, game_type, 0 as first_deposits, deposit_count,
        deposit_minor, withdrawal_count, withdrawal_minor, bet_count, bet_minor, valid_bet_minor, payout_minor,
        bonus_minor, profit_minor
      from typed
      union all
      select merchant_id, member_id, day, '', '', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 from firsts
    ),
    per_member as (
      select merchant_id, member_id, day, vendor_code, game_type, sum(first_deposits)::int as first_deposits,
        sum(deposit_count)::int as deposit_count, sum(deposit_minor)::bigint as deposit_minor,
        sum(withdrawal_count)::int as withdrawal_count, sum(withdrawal_minor)::bigint as withdrawal_minor,
        sum(bet_count)::int as bet_count, sum(bet_minor)::bigint as bet_minor,
        sum(valid_bet_minor)::bigint as valid_bet_minor, sum(payout_minor)::bigint as payout_minor,
        sum(bonus_minor)::bigint as bonus_minor, sum(profit_minor)::bigint as profit_minor
      from figures
      group by merchant_id, member_id, day, vendor_code, game_type
    ),
    member_upsert as (
      insert into member_daily as m (merchant_id, member_id, day, vendor_code, game_type, first_deposits,
        deposit_count, deposit_minor, withdrawal_count, withdrawal_minor, bet_count, bet_minor, valid_bet_minor,
        payout_minor, bonus_minor, profit_minor)
      select * from per_member order by member_id, day, vendor_code, game_type
      on conflict (member_id, day, vendor_code, game_type) do update set
        ${sql.raw(addedFigures('m'))}
    ),
    team_upsert as (
      insert into team_daily as m (merchant_id, agent_id, day, vendor_code, game_type, first_deposits,
        deposit_count, deposit_minor, withdrawal_count, withdrawal_minor, bet_count, bet_minor, valid_bet_minor,
        payout_minor, bonus_minor, profit_minor)
      select p.merchant_id, t.ancestor_id, p.day, p.vendor_code, p.game_type, sum(p.first_deposits),
        sum(p.deposit_count), sum(p.deposit_minor), sum(p.withdrawal_count), sum(p.withdrawal_minor),
        sum(p.bet_count), sum(p.bet_minor), sum(p.valid_bet_minor), sum(p.payout_minor), sum(p.bonus_minor),
        sum(p.profit_minor)
      from per_member p join agent_tree t on t.descendant_id = p.member_id
      group by p.merchant_id, t.ancestor_id, p.day, p.vendor_code, p.game_type
      order by t.ancestor_id, p.day, p.vendor_code, p.game_type
      on conflict (agent_id, day, vendor_code, game_type) do update set
        ${sql.raw(addedFigures('m'))}
    ),
    window_upsert as (
      insert into member_windows as w (merchant_id, member_id, window_start, bet_count, valid_bet_minor,
        profit_minor)
      select merchant_id, member_id,
        date_bin(${`${realtimeWindowMinutes} minutes`}::interval, created_at, timestamptz '2000-01-01 00:00:00+00'),
        sum(bet_count)::int, sum(valid_bet_minor)::bigint, sum(profit_minor)::bigint
      from typed where kind in ('bet', 'win', 'rollback')
      group by 1, 2, 3
      order by 2, 3
      on conflict (member_id, window_start) do update set bet_count = w.bet_count + excluded.bet_count,
        valid_bet_minor = w.valid_bet_minor + excluded.valid_bet_minor,
        profit_minor = w.profit_minor + excluded.profit_minor
    ),
    activity_upsert as (
      insert into team_activity as a (agent_id, word, member_id, bits)
      select t.ancestor_id, (p.day - date '2000-01-01') / 64, p.member_id,
        bit_or(1::bigint << ((p.day - date '2000-01-01') % 64))
      from (select distinct member_id, day from typed where kind = 'bet' and sign = 1) p
      join agent_tree t on t.descendant_id = p.member_id
      group by t.ancestor_id, (p.day - date '2000-01-01') / 64, p.member_id
      order by 1, 2, 3
      on conflict (agent_id, word, member_id) do update set bits = a.bits | excluded.bits
        -- Most bets fall on a day already marked: no new row version for those.
        where a.bits | excluded.bits <> a.bits
    ),
    -- The last row, ordered by the xid8 itself: in a subquery that outputs xid::text as "xid", an
    -- "order by xid" sorts the text ('999' after '1007'), so a batch that crossed a power of ten put
    -- the cursor back and the next batch read its rows again (decision 0028).
    last as (select xid, id from batch order by xid desc, id desc limit 1)
    select (select count(*)::int from batch) as rows, last.xid::text as last_xid, last.id as last_id
    from (select 1) as one left join last on true`.execute(trx);
  const row = rows[0]!;
  const last = row.last_xid && row.last_id !== null ? { xid: row.last_xid, transferId: row.last_id } : null;
  return { rows: row.rows, last };
}

/** The figures the job adds (registrations are the placement trigger's). */
const figureNames = rollupFigureNames.filter((name) => name !== 'registrations');

/** `x = m.x + excluded.x` for every figure an upsert adds. */
function addedFigures(alias: string): string {
  return figureNames.map((name) => `${name} = ${alias}.${name} + excluded.${name}`).join(', ');
}
