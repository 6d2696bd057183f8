import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, RgLimitKindColumn, RgLimitPeriodColumn } from '../../db/schema';

/** SQL of responsible gaming (migration 0029): limits, profiles, blocks, the audit and the wager-time row. */
type Executor = Kysely<DB> | Transaction<DB>;

const limitColumns = [
  'kind',
  'period',
  'amount_minor',
  'pending_amount_minor',
  'pending_removal',
  'effective_at',
] as const;

export function selectLimits(db: Executor, memberId: number) {
  return db.selectFrom('rg_limits').select(limitColumns).where('member_id', '=', memberId).execute();
}
export type LimitRow = Awaited<ReturnType<typeof selectLimits>>[number];

export function selectLimitForUpdate(
  trx: Transaction<DB>,
  memberId: number,
  kind: RgLimitKindColumn,
  period: RgLimitPeriodColumn,
) {
  return trx
    .selectFrom('rg_limits')
    .select(limitColumns)
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .forUpdate()
    .executeTakeFirst();
}

export async function saveLimit(
  trx: Transaction<DB>,
  row: {
    memberId: number;
    merchantId: number;
    kind: RgLimitKindColumn;
    period: RgLimitPeriodColumn;
    amountMinor: bigint | null;
    pendingAmountMinor: bigint | null;
    pendingRemoval: boolean;
    effectiveAt: Date | null;
  },
): Promise<void> {
  if (row.amountMinor === null && row.effectiveAt === null) {
    await trx
      .deleteFrom('rg_limits')
      .where('member_id', '=', row.memberId)
      .where('kind', '=', row.kind)
      .where('period', '=', row.period)
      .execute();
    return;
  }
  const values = {
    amount_minor: row.amountMinor,
    pending_amount_minor: row.pendingAmountMinor,
    pending_removal: row.pendingRemoval,
    effective_at: row.effectiveAt,
    updated_at: sql<Date>`now()`,
  };
  await trx
    .insertInto('rg_limits')
    .values({
      member_id: row.memberId,
      merchant_id: row.merchantId,
      kind: row.kind,
      period: row.period,
      ...values,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'kind', 'period']).doUpdateSet(values))
    .execute();
}

/** Members with a change whose cooling-off has ended by `now` (at most `limit`). */
export async function selectDueMembers(db: Executor, now: Date, limit: number) {
  const rows = await db
    .selectFrom('rg_limits')
    .select(['member_id', 'merchant_id'])
    .distinct()
    .where('effective_at', '<=', now)
    .limit(limit)
    .execute();
  return rows;
}

export function selectProfile(db: Executor, memberId: number) {
  return db
    .selectFrom('rg_profiles')
    .select(['reality_check_minutes'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function saveProfile(
  trx: Executor,
  memberId: number,
  merchantId: number,
  realityCheckMinutes: number | null,
): Promise<void> {
  await trx
    .insertInto('rg_profiles')
    .values({ member_id: memberId, merchant_id: merchantId, reality_check_minutes: realityCheckMinutes })
    .onConflict((conflict) =>
      conflict
        .column('member_id')
        .doUpdateSet({ reality_check_minutes: realityCheckMinutes, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

const blockColumns = ['id', 'kind', 'started_at', 'ends_at', 'all_merchants', 'reopen_requested_at'] as const;

/** The member's latest blocks, newest first. */
export function selectBlocks(db: Executor, memberId: number, limit: number) {
  return db
    .selectFrom('rg_blocks')
    .select(blockColumns)
    .where('member_id', '=', memberId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
export type BlockRow = Awaited<ReturnType<typeof selectBlocks>>[number];

/** The latest block (own, or shared through a person key) that has not ended at `now`, or has no end. */
export async function selectLiveBlock(db: Executor, memberId: number, personKeys: string[], now: Date) {
  let query = db
    .selectFrom('rg_blocks as b')
    .select([
      'b.id',
      'b.kind',
      'b.started_at',
      'b.ends_at',
      'b.all_merchants',
      'b.reopen_requested_at',
      'b.member_id',
    ])
    .where((eb) => eb.or([eb('b.ends_at', 'is', null), eb('b.ends_at', '>', now)]));
  query = query.where((eb) =>
    personKeys.length === 0
      ? eb('b.member_id', '=', memberId)
      : eb.or([
          eb('b.member_id', '=', memberId),
          eb(
            'b.id',
            'in',
            eb.selectFrom('rg_shared_blocks').select('block_id').where('person_key', 'in', personKeys),
          ),
        ]),
  );
  return query
    .orderBy('b.ends_at', (ob) => ob.desc().nullsFirst())
    .limit(1)
    .executeTakeFirst();
}

/** The member's latest self-exclusion that has ended (for the reopening cooling-off). */
export function selectLatestExclusion(db: Executor, memberId: number) {
  return db
    .selectFrom('rg_blocks')
    .select(blockColumns)
    .where('member_id', '=', memberId)
    .where('kind', '=', 'self_exclusion')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function markReopenRequested(db: Executor, blockId: bigint, at: Date): Promise<void> {
  await db
    .updateTable('rg_blocks')
    .set({ reopen_requested_at: at })
    .where('id', '=', blockId)
    .where('reopen_requested_at', 'is', null)
    .execute();
}

export async function insertBlock(
  trx: Transaction<DB>,
  row: {
    merchantId: number;
    memberId: number;
    kind: 'break' | 'self_exclusion';
    startedAt: Date;
    endsAt: Date | null;
    allMerchants: boolean;
  },
  personKeys: string[],
): Promise<bigint> {
  const { id } = await trx
    .insertInto('rg_blocks')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      kind: row.kind,
      started_at: row.startedAt,
      ends_at: row.endsAt,
      all_merchants: row.allMerchants,
      reopen_requested_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (personKeys.length > 0) {
    await trx
      .insertInto('rg_shared_blocks')
      .values(personKeys.map((key) => ({ person_key: key, block_id: id })))
      .execute();
  }
  return id;
}

/** The member's identity as other merchants may know the same person: normalised mobile and e-mail. */
export function selectIdentity(db: Executor, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'merchant_id', 'username', 'mobile', 'email'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/** Members on any merchant with the same mobile or e-mail (the person of a shared block). */
export function selectMembersOfPerson(db: Executor, mobile: string | null, email: string | null) {
  return db
    .selectFrom('members')
    .select(['id', 'merchant_id'])
    .where((eb) =>
      eb.or([
        ...(mobile ? [eb('mobile', '=', mobile)] : []),
        ...(email ? [eb(eb.fn('lower', ['email']), '=', email)] : []),
        eb.val(false),
      ]),
    )
    .limit(100)
    .execute();
}

export async function insertEvent(
  db: Executor,
  event: { merchantId: number; memberId: number; action: string; detail: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('rg_events')
    .values({
      merchant_id: event.merchantId,
      member_id: event.memberId,
      action: event.action,
      detail: JSON.stringify(event.detail),
    })
    .execute();
}

export function selectEvents(db: Executor, memberId: number, limit: number) {
  return db
    .selectFrom('rg_events')
    .select(['id', 'action', 'detail', 'created_at'])
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function selectSettings(db: Executor, merchantId: number) {
  return db
    .selectFrom('rg_settings')
    .select(['allow_permanent_exclusion', 'share_exclusions'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Executor,
  merchantId: number,
  settings: { allow_permanent_exclusion: boolean; share_exclusions: boolean },
): Promise<void> {
  await db
    .insertInto('rg_settings')
    .values({ merchant_id: merchantId, ...settings })
    .onConflict((conflict) =>
      conflict.column('merchant_id').doUpdateSet({ ...settings, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

/** What the wallet checks at wager time, derived from the member's limits, block and profile. */
export interface WagerRules {
  blockedUntil: Date | null;
  loss: Record<'day' | 'week' | 'month', bigint | null>;
  wager: Record<'day' | 'week' | 'month', bigint | null>;
  sessionLimitMinutes: number | null;
}

/**
 * Writes the wager-time rules (keeping the running windows), or deletes the row when `rules` is null. A
 * member's first rules start the windows and the session's net result afresh (migration 0039 keeps them on
 * the main wallet's row, where they stay, unread, while the member has no rules).
 */
export async function saveWagerState(
  trx: Executor,
  memberId: number,
  merchantId: number,
  rules: WagerRules | null,
  now: Date,
): Promise<void> {
  if (!rules) {
    await trx.deleteFrom('rg_wager_state').where('member_id', '=', memberId).execute();
    return;
  }
  const values = {
    blocked_until: rules.blockedUntil,
    loss_day_minor: rules.loss.day,
    loss_week_minor: rules.loss.week,
    loss_month_minor: rules.loss.month,
    wager_day_minor: rules.wager.day,
    wager_week_minor: rules.wager.week,
    wager_month_minor: rules.wager.month,
    session_limit_minutes: rules.sessionLimitMinutes,
  };
  const saved = await trx
    .insertInto('rg_wager_state')
    .values({ member_id: memberId, merchant_id: merchantId, session_started_at: now, ...values })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
    // xmax is 0 on a row this statement inserted (not on one it updated).
    .returning(sql<boolean>`xmax = 0`.as('inserted'))
    .executeTakeFirstOrThrow();
  if (saved.inserted) {
    await updateMainWallet(trx, memberId)
      .set({
        rg_session_net_minor: null,
        rg_day_started_at: null,
        rg_day_wagered_minor: null,
        rg_day_lost_minor: null,
        rg_week_started_at: null,
        rg_week_wagered_minor: null,
        rg_week_lost_minor: null,
        rg_month_started_at: null,
        rg_month_wagered_minor: null,
        rg_month_lost_minor: null,
      })
      .execute();
  }
}

/** An update of the member's main wallet row. */
function updateMainWallet(db: Executor, memberId: number) {
  return db
    .updateTable('ledger_accounts')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'player_main')
    .where('vendor_code', '=', '')
    .where('shard', '=', 0);
}

/** A new login session: the session clock and net result start again. */
export async function restartSession(db: Executor, memberId: number, at: Date): Promise<void> {
  const restarted = await db
    .updateTable('rg_wager_state')
    .set({ session_started_at: at })
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (restarted.numUpdatedRows === 0n) return;
  await updateMainWallet(db, memberId).set({ rg_session_net_minor: 0n }).execute();
}

/** The session's start and the running windows (on the main wallet's row) of a member with rules. */
export function selectWagerState(db: Executor, memberId: number) {
  return db
    .selectFrom('rg_wager_state as w')
    .leftJoin('ledger_accounts as a', (join) =>
      join
        .onRef('a.member_id', '=', 'w.member_id')
        .onRef('a.merchant_id', '=', 'w.merchant_id')
        .on('a.kind', '=', 'player_main')
        .on('a.vendor_code', '=', '')
        .on('a.shard', '=', 0),
    )
    .select((eb) => [
      'w.session_started_at',
      eb.fn.coalesce('a.rg_session_net_minor', sql<bigint>`0`).as('session_net_minor'),
      'a.rg_day_started_at as day_started_at',
      eb.fn.coalesce('a.rg_day_wagered_minor', sql<bigint>`0`).as('day_wagered_minor'),
      eb.fn.coalesce('a.rg_day_lost_minor', sql<bigint>`0`).as('day_lost_minor'),
      'a.rg_week_started_at as week_started_at',
      eb.fn.coalesce('a.rg_week_wagered_minor', sql<bigint>`0`).as('week_wagered_minor'),
      eb.fn.coalesce('a.rg_week_lost_minor', sql<bigint>`0`).as('week_lost_minor'),
      'a.rg_month_started_at as month_started_at',
      eb.fn.coalesce('a.rg_month_wagered_minor', sql<bigint>`0`).as('month_wagered_minor'),
      eb.fn.coalesce('a.rg_month_lost_minor', sql<bigint>`0`).as('month_lost_minor'),
    ])
    .where('w.member_id', '=', memberId)
    .executeTakeFirst();
}
export type WagerStateRow = NonNullable<Awaited<ReturnType<typeof selectWagerState>>>;

/** Deposits, withdrawals, bets and payouts per calendar month (UTC) since `from`, from the daily rollup. */
export async function selectMonths(db: Executor, memberId: number, from: Date) {
  const { rows } = await sql<{
    month: string;
    deposit_minor: string;
    withdrawal_minor: string;
    bet_minor: string;
    payout_minor: string;
  }>`
    select to_char(d.day, 'YYYY-MM') as month, sum(d.deposit_minor) as deposit_minor,
      sum(d.withdrawal_minor) as withdrawal_minor, sum(d.bet_minor) as bet_minor, sum(d.payout_minor) as payout_minor
    from member_daily d where d.member_id = ${memberId}::int and d.day >= ${from}::date
    group by 1 order by 1`.execute(db);
  return rows;
}

/** Takes the member's deposit-limit lock until the transaction ends (two parallel deposits queue here). */
export async function lockDeposits(trx: Transaction<DB>, memberId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('rg_deposit'), ${memberId}::int)`.execute(trx);
}

/** Players of the merchant with any limit or block, latest change first (the operators' report). */
export async function selectReport(
  db: Executor,
  merchantId: number,
  page: number,
  pageSize: number,
  now: Date,
) {
  const { rows } = await sql<{
    member_id: number;
    username: string;
    limit_count: string;
    last_change_at: Date;
    total: string;
  }>`
    with players as (
      select e.member_id, max(e.created_at) as last_change_at from rg_events e
      where e.merchant_id = ${merchantId}::int group by e.member_id
    )
    select p.member_id, m.username, p.last_change_at,
      (select count(*) from rg_limits l where l.member_id = p.member_id) as limit_count,
      count(*) over () as total
    from players p join members m on m.id = p.member_id
    order by p.last_change_at desc, p.member_id
    limit ${pageSize}::int offset ${(page - 1) * pageSize}::int`.execute(db);
  const counts = await sql<{ blocked_now: string; with_limits: string }>`
    select
      (select count(distinct b.member_id) from rg_blocks b where b.merchant_id = ${merchantId}::int
        and (b.ends_at is null or b.ends_at > ${now})) as blocked_now,
      (select count(distinct l.member_id) from rg_limits l where l.merchant_id = ${merchantId}::int) as with_limits`.execute(
    db,
  );
  return { rows, counts: counts.rows[0]! };
}

export function selectMemberByUsername(db: Executor, merchantId: number, username: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}
