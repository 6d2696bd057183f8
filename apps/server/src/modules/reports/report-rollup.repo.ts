import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { RollupCursor } from '../../db/ledger-cursor';

/** The figure columns of merchant_daily (migration 0031), in table order. */
export const merchantFigureNames = [
  'bet_count',
  'bet_minor',
  'refund_minor',
  'win_minor',
  'settlement_minor',
  'bonus_minor',
  'bonus_forfeit_minor',
  'adjustment_minor',
  'deposit_count',
  'deposit_minor',
  'withdrawal_count',
  'withdrawal_minor',
] as const;

const figureList = merchantFigureNames.join(', ');
const addedFigures = merchantFigureNames.map((name) => `${name} = m.${name} + excluded.${name}`).join(', ');
const summedFigures = merchantFigureNames.map((name) => `sum(${name})::bigint as ${name}`).join(', ');

/**
 * Rolls the next `limit` transfers after `cursor` and below `horizon` into merchant_daily; answers how
 * many it read and the last one's position. A transfer is classified as the agent rollups classify it
 * (decision 0028: a reversal counts as its original's kind, negated; a posted withdrawal belongs to its
 * hold's owner; a bet's game type comes from its round), plus what only the merchant's books need:
 * bonuses forfeited back to the merchant and balance adjustments (a transfer with the merchant's
 * `adjustment` account on one side, signed by which side the player is on). One statement; the caller
 * moves the cursor in the same transaction.
 */
export async function rollUpMerchantBatch(
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
      select b.merchant_id, b.amount_minor, b.idempotency_key,
        merchant_day(b.created_at, x.gmt_offset_minutes) as day,
        case
          when d.kind = 'adjustment' or c.kind = 'adjustment' then 'adjustment'
          when b.kind = 'reversal' and b.reverses_transfer_id is null and d.kind = 'withdrawal_clearing'
            then 'withdrawal_return'
          when b.kind = 'reversal' then r.kind
          else b.kind
        end as kind,
        case when b.reverses_transfer_id is not null then -1 else 1 end as sign,
        case when c.member_id is not null then 1 else -1 end as direction,
        coalesce(c.member_id, d.member_id, hd.member_id) as member_id,
        case when c.member_id is null then c.vendor_code else d.vendor_code end as vendor_code
      from batch b
      join merchants x on x.id = b.merchant_id
      join ledger_accounts d on d.id = b.debit_account_id
      join ledger_accounts c on c.id = b.credit_account_id
      left join ledger_transfers r on r.id = b.reverses_transfer_id
      left join ledger_transfers h on h.id = b.settles_hold_id and b.kind = 'withdrawal'
      left join ledger_accounts hd on hd.id = h.debit_account_id
      where b.kind in ('deposit', 'withdrawal', 'reversal', 'bet', 'win', 'rollback', 'vendor_settlement',
          'bonus', 'bonus_forfeit')
        or d.kind = 'adjustment' or c.kind = 'adjustment'
    ),
    typed as (
      select k.merchant_id, k.day,
        case when k.kind in ('bet', 'win', 'rollback', 'vendor_settlement') then coalesce(k.vendor_code, '')
          else '' end as vendor_code,
        case when k.kind in ('bet', 'win', 'rollback') then coalesce(g.game_type, '') else '' end as game_type,
        -- A bet that spent bonus money is two transfers (migration 0023): the '#bonus' one counts the bet
        -- only when it is the whole bet.
        case when k.kind = 'bet' and (k.idempotency_key not like '%#bonus' or s.bonus_minor = s.amount_minor)
          then k.sign else 0 end as bet_count,
        case when k.kind = 'bet' then k.sign * k.amount_minor else 0 end as bet_minor,
        case when k.kind = 'rollback' then k.sign * k.amount_minor else 0 end as refund_minor,
        case when k.kind = 'win' then k.sign * k.amount_minor else 0 end as win_minor,
        case when k.kind = 'vendor_settlement' then k.sign * k.direction * k.amount_minor else 0 end
          as settlement_minor,
        case when k.kind = 'bonus' then k.sign * k.amount_minor else 0 end as bonus_minor,
        case when k.kind = 'bonus_forfeit' then k.sign * k.amount_minor else 0 end as bonus_forfeit_minor,
        -- The direction says it all: a reversal moves the money back the other way.
        case when k.kind = 'adjustment' then k.direction * k.amount_minor else 0 end as adjustment_minor,
        case when k.kind = 'deposit' then k.sign else 0 end as deposit_count,
        case when k.kind = 'deposit' then k.sign * k.amount_minor else 0 end as deposit_minor,
        case when k.kind = 'withdrawal' then k.sign else 0 end as withdrawal_count,
        case when k.kind = 'withdrawal' then k.sign * k.amount_minor
          when k.kind = 'withdrawal_return' then -k.amount_minor else 0 end as withdrawal_minor
      from classified k
      left join seamless_transactions s on k.kind in ('bet', 'win', 'rollback') and s.merchant_id = k.merchant_id
        and s.vendor_code = k.vendor_code
        and s.vendor_tx_id = split_part(substr(k.idempotency_key, length(k.vendor_code) + 11), '#', 1)
      left join game_rounds gr on gr.merchant_id = s.merchant_id and gr.vendor_code = s.vendor_code
        and gr.round_id = s.round_id
      left join games g on g.vendor_code = gr.vendor_code and g.game_code = gr.game_code
      where k.member_id is not null
        and k.kind in ('deposit', 'withdrawal', 'withdrawal_return', 'bet', 'win', 'rollback', 'vendor_settlement',
          'bonus', 'bonus_forfeit', 'adjustment')
    ),
    upsert as (
      insert into merchant_daily as m (merchant_id, day, vendor_code, game_type, ${sql.raw(figureList)})
      select merchant_id, day, vendor_code, game_type, ${sql.raw(summedFigures)}
      from typed
      group by merchant_id, day, vendor_code, game_type
      order by merchant_id, day, vendor_code, game_type
      on conflict (merchant_id, day, vendor_code, game_type) do update set ${sql.raw(addedFigures)}
    ),
    -- Ordered by the xid8 itself, never its text (decision 0028: '999' sorts after '1007').
    last as (select xid, id from batch order by xid desc, id desc limit 1)
    select (select count(*)::int from batch) as rows, last.xid::text as last_xid, last.id as last_id
    from (select 1) as one left join last on true`.execute(trx);
  const row = rows[0]!;
  const last = row.last_xid && row.last_id !== null ? { xid: row.last_xid, transferId: row.last_id } : null;
  return { rows: row.rows, last };
}
