import { sql, type Transaction } from 'kysely';
import type { RollupCursor } from '../../db/ledger-cursor';
import type { DB } from '../../db/schema';

/** SQL of the points job (decision 0033): the ledger's bets, rollbacks and deposits after its cursor. */

export interface EarningRow {
  transferId: bigint;
  merchantId: number;
  decimals: number;
  kind: 'bet' | 'rollback' | 'deposit';
  memberId: number;
  amountMinor: bigint;
  gameType: string;
  /**
   * The bet's seamless key (`seamless:<vendor>:<tx>`, both parts of a bet that spent bonus money): a
   * bet's own, or the one a rollback refunds; with the bet's whole stake and the points its parts earned
   * in earlier batches (null: none).
   */
  betKey: string | null;
  betMinor: bigint | null;
  betPointsMinor: bigint | null;
}

interface RawRow {
  id: string;
  merchant_id: number;
  decimals: number;
  kind: 'bet' | 'rollback' | 'deposit';
  member_id: number;
  amount_minor: string;
  game_type: string;
  bet_key: string | null;
  bet_minor: string | null;
  bet_points_minor: string | null;
}

/**
 * The next `limit` transfers after `cursor` below `horizon`, in (xid, id) order; answers the ones that
 * earn or take back points (a player's bet, rollback or deposit, of a merchant with earning on) and the
 * last position read. Every transfer moves the cursor, earning or not.
 */
export async function selectEarningBatch(
  trx: Transaction<DB>,
  cursor: RollupCursor,
  horizon: string,
  limit: number,
): Promise<{ rows: EarningRow[]; read: number; last: RollupCursor | null }> {
  const { rows } = await sql<RawRow & { read: number; last_xid: string | null; last_id: string | null }>`
    with batch as (
      select t.id, t.xid, t.merchant_id, t.kind, t.amount_minor, t.debit_account_id, t.credit_account_id,
        t.idempotency_key
      from ledger_transfers t
      where (t.xid, t.id) > (${cursor.xid}::xid8, ${cursor.transferId}::bigint) and t.xid < ${horizon}::xid8
      order by t.xid, t.id
      limit ${limit}
    ),
    -- Ordered by the xid8 itself, never by a text alias (decision 0028, amended).
    last as (select xid, id from batch order by xid desc, id desc limit 1),
    relevant as (
      select b.id, b.merchant_id, x.currency_decimals as decimals, b.kind, b.amount_minor, b.idempotency_key,
        case when b.kind = 'bet' then d.member_id else c.member_id end as member_id,
        case when b.kind = 'bet' then c.vendor_code else d.vendor_code end as vendor_code
      from batch b
      join points_settings ps on ps.merchant_id = b.merchant_id and ps.earning_enabled
      join merchants x on x.id = b.merchant_id
      join ledger_accounts d on d.id = b.debit_account_id
      join ledger_accounts c on c.id = b.credit_account_id
      -- A bet may spend the bonus wallet too (a second transfer keyed '<vendor tx>#bonus', decision 0030
      -- amended): both parts are valid bet, and both parts of its rollback take points back.
      where (b.kind = 'bet' and d.kind in ('player_main', 'player_bonus'))
        or (b.kind = 'rollback' and c.kind in ('player_main', 'player_bonus'))
        or (b.kind = 'deposit' and c.kind = 'player_main')
    ),
    earning as (
      select r.id, r.merchant_id, r.decimals, r.kind, r.member_id, r.amount_minor,
        coalesce(g.game_type, '') as game_type,
        case when r.kind = 'bet' then split_part(r.idempotency_key, '#', 1)
          when r.kind = 'rollback' then 'seamless:' || r.vendor_code || ':' || s.refers_tx_id end as bet_key,
        bs.amount_minor as bet_minor,
        -- What the bet's parts earned in earlier batches (a part read in this batch is added by the job).
        case when r.kind = 'rollback' then (select sum(pe.points_minor) from ledger_transfers bt
          join points_earnings pe on pe.transfer_id = bt.id
          where bt.merchant_id = r.merchant_id and bt.idempotency_key in
            ('seamless:' || r.vendor_code || ':' || s.refers_tx_id,
             'seamless:' || r.vendor_code || ':' || s.refers_tx_id || '#bonus')) end as bet_points_minor
      from relevant r
      left join seamless_transactions s on r.kind in ('bet', 'rollback') and s.merchant_id = r.merchant_id
        and s.vendor_code = r.vendor_code
        and s.vendor_tx_id = split_part(substr(r.idempotency_key, length(r.vendor_code) + 11), '#', 1)
      left join game_rounds gr on r.kind = 'bet' and gr.merchant_id = s.merchant_id
        and gr.vendor_code = s.vendor_code and gr.round_id = s.round_id
      left join games g on g.vendor_code = gr.vendor_code and g.game_code = gr.game_code
      left join seamless_transactions bs on r.kind = 'rollback' and bs.merchant_id = s.merchant_id
        and bs.vendor_code = s.vendor_code and bs.vendor_tx_id = s.refers_tx_id and bs.kind = 'bet'
    )
    select e.id::text, e.merchant_id, e.decimals, e.kind, e.member_id, e.amount_minor::text, e.game_type,
      e.bet_key, e.bet_minor::text, e.bet_points_minor::text,
      (select count(*)::int from batch) as read, last.xid::text as last_xid, last.id::text as last_id
    from (select 1) as one
    left join last on true
    left join earning e on true
    order by e.id`.execute(trx);
  const first = rows[0];
  const last =
    first?.last_xid && first.last_id ? { xid: first.last_xid, transferId: BigInt(first.last_id) } : null;
  const earning = rows
    .filter((row) => row.id !== null)
    .map((row): EarningRow => ({
      transferId: BigInt(row.id),
      merchantId: row.merchant_id,
      decimals: row.decimals,
      kind: row.kind,
      memberId: row.member_id,
      amountMinor: BigInt(row.amount_minor),
      gameType: row.game_type,
      betKey: row.bet_key,
      betMinor: row.bet_minor === null ? null : BigInt(row.bet_minor),
      betPointsMinor: row.bet_points_minor === null ? null : BigInt(row.bet_points_minor),
    }));
  return { rows: earning, read: first?.read ?? 0, last };
}

/**
 * Records what each source transfer earned (negative: took back); answers the ids recorded now. A
 * transfer recorded before (which the cursor makes impossible) is left out, so it cannot earn twice.
 */
export interface Earning {
  transferId: bigint;
  merchantId: number;
  memberId: number;
  pointsMinor: bigint;
}

export async function insertEarnings(trx: Transaction<DB>, rows: Earning[]): Promise<Set<bigint>> {
  if (rows.length === 0) return new Set();
  const { rows: inserted } = await sql<{ transfer_id: string }>`
    insert into points_earnings (transfer_id, merchant_id, member_id, points_minor)
    select * from unnest(${rows.map((row) => row.transferId.toString())}::bigint[],
      ${rows.map((row) => row.merchantId)}::int[], ${rows.map((row) => row.memberId)}::int[],
      ${rows.map((row) => row.pointsMinor.toString())}::bigint[])
    on conflict (transfer_id) do nothing
    returning transfer_id::text`.execute(trx);
  return new Set(inserted.map((row) => BigInt(row.transfer_id)));
}

/**
 * Ordered by transfer id, which within a batch is close to but not exactly (xid, id) order; what matters
 * is that a rollback comes after its bet, and a bet's transfer id is always below its rollback's.
 */

export interface MemberCounts {
  memberId: number;
  merchantId: number;
  validBetDelta: bigint;
  earnedDelta: bigint;
  owedMinor: bigint;
}

/** The points members' owed points, read in the job's transaction (only the job writes them). */
export async function selectOwed(trx: Transaction<DB>, memberIds: number[]): Promise<Map<number, bigint>> {
  if (memberIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('points_members')
    .select(['member_id', 'owed_minor'])
    .where('member_id', 'in', memberIds)
    .execute();
  return new Map(rows.map((row) => [row.member_id, row.owed_minor]));
}

/**
 * The points balances of these members, their accounts locked (in member order, the ledger's lock order)
 * so a redeem cannot spend points a rollback in this batch is about to take back.
 */
export async function lockPointsBalances(
  trx: Transaction<DB>,
  merchantId: number,
  memberIds: number[],
): Promise<Map<number, bigint>> {
  if (memberIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['member_id', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .where('currency', '=', 'PTS')
    .where('kind', '=', 'player_points')
    .where('member_id', 'in', memberIds)
    .orderBy('member_id')
    .forNoKeyUpdate()
    .execute();
  return new Map(rows.map((row) => [row.member_id!, row.balance_minor]));
}

/** Adds the batch's counts to each member's row (created on first use), in member order. */
export async function addMemberCounts(trx: Transaction<DB>, counts: MemberCounts[]): Promise<void> {
  if (counts.length === 0) return;
  const sorted = [...counts].sort((left, right) => left.memberId - right.memberId);
  await sql`
    insert into points_members as p (member_id, merchant_id, valid_bet_minor, earned_minor, owed_minor)
    select * from unnest(${sorted.map((row) => row.memberId)}::int[], ${sorted.map((row) => row.merchantId)}::int[],
      ${sorted.map((row) => row.validBetDelta.toString())}::bigint[],
      ${sorted.map((row) => row.earnedDelta.toString())}::bigint[],
      ${sorted.map((row) => row.owedMinor.toString())}::bigint[])
    on conflict (member_id) do update set valid_bet_minor = p.valid_bet_minor + excluded.valid_bet_minor,
      earned_minor = p.earned_minor + excluded.earned_minor, owed_minor = excluded.owed_minor,
      updated_at = now()`.execute(trx);
}
