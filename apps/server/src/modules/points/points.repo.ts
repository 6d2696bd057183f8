import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { selectPage, type PageRequest as Paging } from '../../db/paging';
import type { DB, PointsItemsTable, PointsRedeemsTable, RedeemStatus } from '../../db/schema';

/** SQL of points and the points mall (decision 0033). */
type Executor = Kysely<DB> | Transaction<DB>;

export type Rates = Record<'live' | 'lottery' | 'poker' | 'slots' | 'sports' | 'deposit', bigint>;

const settingsColumns = [
  'merchant_id',
  'earning_enabled',
  'live_rate_e4',
  'lottery_rate_e4',
  'poker_rate_e4',
  'slots_rate_e4',
  'sports_rate_e4',
  'deposit_rate_e4',
  'convert_ratio_minor',
  'convert_enabled',
  'auto_approve_max_minor',
  'vip_basis',
] as const;

export function selectSettings(db: Executor, merchantId: number) {
  return db
    .selectFrom('points_settings')
    .select(settingsColumns)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}
export type SettingsRow = NonNullable<Awaited<ReturnType<typeof selectSettings>>>;

/** The earning rates of these merchants. */
export async function selectRates(db: Executor, merchantIds: number[]): Promise<Map<number, Rates>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('points_settings')
    .select(settingsColumns)
    .where('merchant_id', 'in', merchantIds)
    .execute();
  return new Map(rows.map((row) => [row.merchant_id, ratesOf(row)]));
}

export function ratesOf(row: SettingsRow): Rates {
  return {
    live: row.live_rate_e4,
    lottery: row.lottery_rate_e4,
    poker: row.poker_rate_e4,
    slots: row.slots_rate_e4,
    sports: row.sports_rate_e4,
    deposit: row.deposit_rate_e4,
  };
}

export async function upsertSettings(trx: Transaction<DB>, row: Omit<SettingsRow, never>) {
  await trx
    .insertInto('points_settings')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('merchant_id').doUpdateSet({ ...row, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export function selectTiers(db: Executor, merchantId: number) {
  return db
    .selectFrom('points_vip_tiers')
    .select(['level', 'name', 'threshold_minor', 'level_up_reward_minor'])
    .where('merchant_id', '=', merchantId)
    .orderBy('level')
    .execute();
}

export async function replaceTiers(
  trx: Transaction<DB>,
  merchantId: number,
  tiers: { level: number; name: string; threshold_minor: bigint; level_up_reward_minor: bigint | null }[],
) {
  await trx.deleteFrom('points_vip_tiers').where('merchant_id', '=', merchantId).execute();
  if (tiers.length > 0) {
    await trx
      .insertInto('points_vip_tiers')
      .values(tiers.map((tier) => ({ ...tier, merchant_id: merchantId })))
      .execute();
  }
}

export async function selectTierName(db: Executor, merchantId: number, level: number) {
  const row = await db
    .selectFrom('points_vip_tiers')
    .select('name')
    .where('merchant_id', '=', merchantId)
    .where('level', '=', level)
    .executeTakeFirst();
  return row?.name ?? null;
}

const itemColumns = [
  'id',
  'kind',
  'name',
  'description',
  'image_url',
  'points_per_unit_minor',
  'amount_per_unit_minor',
  'min_units',
  'max_units',
  'stock',
  'min_vip_level',
  'wagering_multiplier',
  'enabled',
  'redeemed_units',
] as const;

export function selectItems(db: Executor, merchantId: number, enabledOnly: boolean) {
  let query = db
    .selectFrom('points_items')
    .select(itemColumns)
    .where('merchant_id', '=', merchantId)
    .orderBy('id')
    .limit(500);
  if (enabledOnly) query = query.where('enabled', '=', true);
  return query.execute();
}
export type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

export function selectItem(db: Executor, merchantId: number, itemId: bigint) {
  return db
    .selectFrom('points_items')
    .select(itemColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

export function insertItem(db: Executor, row: Insertable<PointsItemsTable>) {
  return db.insertInto('points_items').values(row).returning(itemColumns).executeTakeFirstOrThrow();
}

export function updateItem(
  db: Executor,
  merchantId: number,
  itemId: bigint,
  row: Omit<Insertable<PointsItemsTable>, 'merchant_id' | 'created_at' | 'id' | 'redeemed_units'>,
) {
  return db
    .updateTable('points_items')
    .set({ ...row, updated_at: sql<Date>`now()` })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', itemId)
    .returning(itemColumns)
    .executeTakeFirst();
}

/** Takes `units` of an enabled item's stock (row-locked); undefined when disabled or short. */
export function takeStock(trx: Transaction<DB>, itemId: bigint, units: number) {
  return trx
    .updateTable('points_items')
    .set((eb) => ({
      redeemed_units: eb('redeemed_units', '+', BigInt(units)),
      stock: sql<number | null>`case when stock is null then null else stock - ${units}::int end`,
    }))
    .where('id', '=', itemId)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', units)]))
    .returning('id')
    .executeTakeFirst();
}

/** Gives a rejected redeem's units back to the item. */
export async function returnStock(trx: Transaction<DB>, itemId: bigint, units: number) {
  await trx
    .updateTable('points_items')
    .set((eb) => ({
      redeemed_units: eb('redeemed_units', '-', BigInt(units)),
      stock: sql<number | null>`case when stock is null then null else stock + ${units}::int end`,
    }))
    .where('id', '=', itemId)
    .execute();
}

const redeemColumns = [
  'points_redeems.id',
  'points_redeems.member_id',
  'points_redeems.item_id',
  'points_redeems.request_hash',
  'points_redeems.item_name',
  'points_redeems.item_kind',
  'points_redeems.units',
  'points_redeems.points_minor',
  'points_redeems.amount_minor',
  'points_redeems.receiving_address',
  'points_redeems.phone',
  'points_redeems.status',
  'points_redeems.remark',
  'points_redeems.hold_transfer_id',
  'points_redeems.decided_at',
  'points_redeems.created_at',
  'members.username',
] as const;

function redeems(db: Executor) {
  return db.selectFrom('points_redeems').innerJoin('members', 'members.id', 'points_redeems.member_id');
}

export function selectRedeemByRequest(db: Executor, memberId: number, clientRequestId: string) {
  return redeems(db)
    .select(redeemColumns)
    .where('points_redeems.member_id', '=', memberId)
    .where('points_redeems.client_request_id', '=', clientRequestId)
    .executeTakeFirst();
}
export type RedeemRow = NonNullable<Awaited<ReturnType<typeof selectRedeemByRequest>>>;

export function selectRedeem(db: Executor, merchantId: number, redeemId: bigint, lock = false) {
  let query = redeems(db)
    .select(redeemColumns)
    .where('points_redeems.merchant_id', '=', merchantId)
    .where('points_redeems.id', '=', redeemId);
  if (lock) query = query.forUpdate(['points_redeems']);
  return query.executeTakeFirst();
}

export function insertRedeem(trx: Transaction<DB>, row: Insertable<PointsRedeemsTable>) {
  return trx.insertInto('points_redeems').values(row).returning('id').executeTakeFirstOrThrow();
}

export async function decideRedeem(
  trx: Transaction<DB>,
  redeemId: bigint,
  status: RedeemStatus,
  remark: string,
  operatorId: number | null,
) {
  await trx
    .updateTable('points_redeems')
    .set({ status, remark, decided_by: operatorId, decided_at: sql<Date>`now()` })
    .where('id', '=', redeemId)
    .execute();
}

export function selectRedeemPage(
  db: Executor,
  filter: { merchantId: number; memberId?: number; status?: RedeemStatus },
  paging: Paging,
) {
  let query = redeems(db).where('points_redeems.merchant_id', '=', filter.merchantId);
  if (filter.memberId !== undefined) query = query.where('points_redeems.member_id', '=', filter.memberId);
  if (filter.status) query = query.where('points_redeems.status', '=', filter.status);
  return selectPage(query.select(redeemColumns).orderBy('points_redeems.id', 'desc'), paging, query);
}

/** Points held by the member's redeems In Process. */
export async function selectHeldPoints(db: Executor, memberId: number): Promise<bigint> {
  const row = await db
    .selectFrom('points_redeems')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('points_minor'), sql<bigint>`0`).as('held'))
    .where('member_id', '=', memberId)
    .where('status', '=', 'in_process')
    .executeTakeFirstOrThrow();
  return BigInt(row.held);
}

export async function selectMemberPoints(db: Executor, merchantId: number, memberId: number) {
  const row = await db
    .selectFrom('members')
    .leftJoin('points_members', 'points_members.member_id', 'members.id')
    .leftJoin('ledger_accounts', (join) =>
      join
        .onRef('ledger_accounts.member_id', '=', 'members.id')
        .on('ledger_accounts.merchant_id', '=', merchantId)
        .on('ledger_accounts.currency', '=', 'PTS')
        .on('ledger_accounts.kind', '=', 'player_points'),
    )
    .select(['members.vip_level', 'points_members.owed_minor', 'ledger_accounts.balance_minor'])
    .where('members.id', '=', memberId)
    .executeTakeFirstOrThrow();
  return {
    vipLevel: row.vip_level,
    owedMinor: row.owed_minor ?? 0n,
    balanceMinor: row.balance_minor ?? 0n,
  };
}

export interface RecordRow {
  id: bigint;
  kind: string;
  idempotency_key: string;
  created_at: Date;
  delta: bigint;
  balance_after: bigint;
  item_name: string | null;
}

/**
 * The member's points movements, newest first, each with the balance after it: the account's balance
 * less the movements after it (a window sum over the member's own rows, newest first).
 */
export async function selectRecordPage(
  db: Executor,
  merchantId: number,
  memberId: number,
  kinds: string[] | null,
  paging: Paging,
): Promise<{ rows: RecordRow[]; total: number }> {
  const offset = (paging.page - 1) * paging.pageSize;
  const kindFilter = kinds ? sql`and m.kind = any(${kinds}::text[])` : sql``;
  const { rows } = await sql<RecordRow & { total: number }>`
    with account as (
      select id, balance_minor from ledger_accounts
      where merchant_id = ${merchantId} and currency = 'PTS' and kind = 'player_points' and member_id = ${memberId}
    ),
    moves as (
      select t.id, t.kind, t.idempotency_key, t.created_at,
        case when t.credit_account_id = a.id then t.amount_minor else -t.amount_minor end as delta,
        a.balance_minor
      from ledger_transfers t join account a on t.debit_account_id = a.id or t.credit_account_id = a.id
    ),
    running as (
      select m.*, m.balance_minor - coalesce(sum(m.delta) over (order by m.id desc
        rows between unbounded preceding and 1 preceding), 0) as balance_after
      from moves m
    )
    select m.id, m.kind, m.idempotency_key, m.created_at, m.delta, m.balance_after, r.item_name,
      count(*) over ()::int as total
    from running m
    left join points_redeems r on r.hold_transfer_id = m.id
      or r.hold_transfer_id = (select settles_hold_id from ledger_transfers s where s.id = m.id)
    where true ${kindFilter}
    order by m.id desc
    limit ${paging.pageSize} offset ${offset}`.execute(db);
  return { rows, total: rows[0]?.total ?? 0 };
}
