import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, RewardActivitiesTable } from '../../db/schema';

type Db = Kysely<DB> | Transaction<DB>;

export type ActivityRow = Selectable<RewardActivitiesTable>;

/** The merchant's activities that a player may see: not closed before `now`, newest start first. */
export function selectActivities(db: Db, merchantId: number) {
  return db
    .selectFrom('reward_activities')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export function selectActivity(db: Db, merchantId: number, id: bigint) {
  return db
    .selectFrom('reward_activities')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** When the member joined each activity it joined, by activity id. */
export async function selectJoined(db: Db, memberId: number): Promise<Map<string, Date>> {
  const rows = await db
    .selectFrom('reward_joins')
    .select(['activity_id', 'joined_at'])
    .where('member_id', '=', memberId)
    .execute();
  return new Map(rows.map((row) => [String(row.activity_id), row.joined_at]));
}

export async function insertJoin(db: Db, activityId: bigint, memberId: number) {
  await db
    .insertInto('reward_joins')
    .values({ activity_id: activityId, member_id: memberId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export function selectJoinedAt(db: Db, activityId: bigint, memberId: number) {
  return db
    .selectFrom('reward_joins')
    .select('joined_at')
    .where('activity_id', '=', activityId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The member's claims of the activities (recent first), with their bonus's state. */
export function selectMemberClaims(db: Db, memberId: number, activityIds: bigint[]) {
  if (activityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reward_claims as c')
    .leftJoin('bonus_grants as g', 'g.claim_id', 'c.id')
    .select([
      'c.id',
      'c.activity_id',
      'c.period_key',
      'c.status',
      'c.amount_minor',
      'g.status as grant_status',
      'g.wagering_done_minor',
    ])
    .where('c.member_id', '=', memberId)
    .where('c.activity_id', 'in', activityIds)
    .orderBy('c.id', 'desc')
    .limit(2_000)
    .execute();
}

export function selectMember(db: Db, merchantId: number, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'created_at', 'type', 'vip_level'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** Deposits credited to the member's main wallet (oldest first), from `since` on. */
export async function selectDeposits(
  db: Db,
  merchantId: number,
  memberId: number,
  since: Date,
  limit: number,
) {
  const { rows } = await sql<{ id: bigint; amount_minor: bigint; created_at: Date }>`
    select t.id, t.amount_minor, t.created_at
    from ledger_accounts a
    join ledger_transfers t on t.credit_account_id = a.id and t.created_at >= ${since}
    where a.merchant_id = ${merchantId} and a.member_id = ${memberId} and a.kind = 'player_main'
      and t.kind = 'deposit'
    order by t.created_at, t.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The member's own figures over whole merchant days (the rollups): valid bet and the player's profit. */
export async function selectMemberFigures(db: Db, memberId: number, fromDay: string, toDay: string) {
  const row = await db
    .selectFrom('member_daily')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<bigint>('valid_bet_minor'), sql<bigint>`0`).as('valid_bet'),
      eb.fn.coalesce(eb.fn.sum<bigint>('profit_minor'), sql<bigint>`0`).as('profit'),
    ])
    .where('member_id', '=', memberId)
    .where('day', '>=', sql<Date>`${fromDay}::date`)
    .where('day', '<=', sql<Date>`${toDay}::date`)
    .executeTakeFirstOrThrow();
  return { validBetMinor: BigInt(row.valid_bet), profitMinor: BigInt(row.profit) };
}

/** A mission's figure over whole merchant days: valid bet (minor units), bets or deposits. */
export async function selectMissionFigure(
  db: Db,
  memberId: number,
  fromDay: string,
  toDay: string,
  metric: 'valid_bet' | 'bet_count' | 'deposit_count',
  gameType: string | null,
): Promise<bigint> {
  const column = metric === 'valid_bet' ? 'valid_bet_minor' : metric;
  let query = db
    .selectFrom('member_daily')
    .select(sql<string>`coalesce(sum(${sql.ref(column)}), 0)::text`.as('figure'))
    .where('member_id', '=', memberId)
    .where('day', '>=', sql<Date>`${fromDay}::date`)
    .where('day', '<=', sql<Date>`${toDay}::date`);
  // Deposits have no game type; bets and valid bets may be of one.
  if (gameType && metric !== 'deposit_count') query = query.where('game_type', '=', gameType);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.figure);
}

/** Up to when every ledger transfer is rolled up (null before the first catch-up). */
export async function selectRollupCaughtUpAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('rollup_cursors')
    .select('caught_up_at')
    .where('name', '=', 'ledger')
    .executeTakeFirst();
  return row?.caught_up_at ?? null;
}

/** Whether another account already claimed the activity from this address or device. */
export async function claimedFromElsewhere(
  db: Db,
  activityId: bigint,
  memberId: number,
  ip: string,
  device: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('reward_claims')
    .select('id')
    .where('activity_id', '=', activityId)
    .where('member_id', '<>', memberId)
    .where((eb) => eb.or([eb('ip', '=', ip), eb('device', '=', device)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewClaim {
  merchantId: number;
  activityId: bigint;
  memberId: number;
  periodKey: string;
  amountMinor: bigint;
  status: 'applying' | 'issued';
  contact: { app: 'zalo' | 'whatsapp'; id: string } | null;
  ip: string;
  device: string;
}

/** Inserts the claim unless one exists for (activity, member, period): undefined then. */
export async function insertClaim(trx: Transaction<DB>, claim: NewClaim) {
  const row = await trx
    .insertInto('reward_claims')
    .values({
      merchant_id: claim.merchantId,
      activity_id: claim.activityId,
      member_id: claim.memberId,
      period_key: claim.periodKey,
      amount_minor: claim.amountMinor,
      status: claim.status,
      contact_app: claim.contact?.app ?? null,
      contact_id: claim.contact?.id ?? null,
      ip: claim.ip,
      device: claim.device,
      decided_by: null,
      decided_at: claim.status === 'issued' ? new Date() : null,
    })
    .onConflict((conflict) => conflict.columns(['activity_id', 'member_id', 'period_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function selectClaimByKey(db: Db, activityId: bigint, memberId: number, periodKey: string) {
  return db
    .selectFrom('reward_claims as c')
    .leftJoin('bonus_grants as g', 'g.claim_id', 'c.id')
    .select(['c.id', 'c.status', 'c.amount_minor', 'g.status as grant_status', 'g.wagering_done_minor'])
    .where('c.activity_id', '=', activityId)
    .where('c.member_id', '=', memberId)
    .where('c.period_key', '=', periodKey)
    .executeTakeFirst();
}

/** Serialises claims of one activity from one address or device (the same-device rule). */
export async function lockClaimOrigin(trx: Transaction<DB>, activityId: bigint, origin: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`reward:${activityId}:${origin}`}))`.execute(trx);
}
