import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, ReferralRefusalColumn } from '../../db/schema';

/** SQL of the referral programme (decision 0032): codes, referrals, friends' deposits and referral pay. */

type Db = Kysely<DB> | Transaction<DB>;

/** The most friends a referrer's page and evaluation look at (the newest). */
export const friendLimit = 500;

export async function selectCode(db: Db, memberId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('referral_codes')
    .select('code')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.code;
}

/** Gives the member `code` unless it has one or the code is taken; answers whether it was written. */
export async function insertCode(db: Db, merchantId: number, memberId: number, code: string) {
  const row = await db
    .insertInto('referral_codes')
    .values({ member_id: memberId, merchant_id: merchantId, code })
    .onConflict((conflict) => conflict.doNothing())
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** The active player whose code this is. */
export function selectReferrerByCode(db: Db, merchantId: number, code: string) {
  return db
    .selectFrom('referral_codes as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .select(['r.member_id', 'r.code'])
    .where('r.merchant_id', '=', merchantId)
    .where('r.code', '=', code)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
}

export interface NewReferral {
  merchantId: number;
  referrerId: number;
  friendId: number;
  code: string;
  ip: string;
  device: string;
  refused: ReferralRefusalColumn | null;
}

export async function insertReferral(db: Db, referral: NewReferral) {
  await db
    .insertInto('referrals')
    .values({
      friend_id: referral.friendId,
      merchant_id: referral.merchantId,
      referrer_id: referral.referrerId,
      code: referral.code,
      ip: referral.ip.slice(0, 64),
      device: referral.device,
      refused: referral.refused,
      refused_at: referral.refused ? new Date() : null,
    })
    .onConflict((conflict) => conflict.column('friend_id').doNothing())
    .execute();
}

/** The referral that brought the member in, if one did. */
export function selectReferralOfFriend(db: Db, friendId: number) {
  return db
    .selectFrom('referrals')
    .select(['referrer_id', 'refused', 'created_at'])
    .where('friend_id', '=', friendId)
    .executeTakeFirst();
}

/** A friend's deposits credited to the main wallet, summed in SQL (`friend`: a column or a member id). */
function depositedBy(friend: unknown) {
  return sql<string>`(select coalesce(sum(t.amount_minor), 0)::text
    from ledger_accounts a join ledger_transfers t on t.credit_account_id = a.id
    where a.member_id = ${friend} and a.kind = 'player_main' and t.kind = 'deposit')`;
}

/** The referrer's friends, newest first, with what each deposited. */
export async function selectFriends(db: Db, referrerId: number) {
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('members as m', 'm.id', 'r.friend_id')
    .select([
      'r.friend_id',
      'm.username',
      'r.refused',
      'r.created_at',
      depositedBy(sql.ref('r.friend_id')).as('deposited'),
    ])
    .where('r.referrer_id', '=', referrerId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.friend_id', 'desc')
    .limit(friendLimit)
    .execute();
  return rows.map((row) => ({ ...row, deposited: BigInt(row.deposited) }));
}

export async function countFriends(db: Db, referrerId: number): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the member deposited so far. */
export async function selectDeposited(db: Db, memberId: number): Promise<bigint> {
  const { rows } = await sql<{ deposited: string }>`select ${depositedBy(memberId)} as deposited`.execute(db);
  return BigInt(rows[0]?.deposited ?? '0');
}

/** Refuses the unrefused referrals between the member and any of `others` (either side), for `reason`. */
export async function refuseBetween(
  db: Db,
  memberId: number,
  others: readonly number[],
  reason: ReferralRefusalColumn,
) {
  if (others.length === 0) return;
  await db
    .updateTable('referrals')
    .set({ refused: reason, refused_at: new Date() })
    .where('refused', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('referrer_id', '=', memberId), eb('friend_id', 'in', [...others])]),
        eb.and([eb('friend_id', '=', memberId), eb('referrer_id', 'in', [...others])]),
      ]),
    )
    .execute();
}

/** Everything the referral activities paid the member (issued claims, as referrer and as friend). */
export async function selectEarned(db: Db, memberId: number): Promise<bigint> {
  const row = await db
    .selectFrom('reward_claims as c')
    .innerJoin('reward_activities as a', 'a.id', 'c.activity_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('c.amount_minor'), sql<string>`0`).as('earned'))
    .where('c.member_id', '=', memberId)
    .where('a.kind', '=', 'referral')
    .where('c.status', '=', 'issued')
    .executeTakeFirstOrThrow();
  return BigInt(row.earned);
}

/** The member's claims of referral activities: which friend (or its own, `once`) each paid. */
export function selectReferralClaims(db: Db, memberId: number) {
  return db
    .selectFrom('reward_claims as c')
    .innerJoin('reward_activities as a', 'a.id', 'c.activity_id')
    .select(['c.activity_id', 'c.period_key', 'c.amount_minor', 'c.status'])
    .where('c.member_id', '=', memberId)
    .where('a.kind', '=', 'referral')
    .orderBy('c.id', 'desc')
    .limit(2 * friendLimit)
    .execute();
}

/** The operator's list: referrals of the merchant, newest first, with deposits and referral pay. */
export async function selectOperatorReferrals(
  db: Db,
  merchantId: number,
  filter: { status?: 'counted' | 'refused' | undefined; page: number; pageSize: number },
) {
  let query = db
    .selectFrom('referrals as r')
    .innerJoin('members as f', 'f.id', 'r.friend_id')
    .innerJoin('members as p', 'p.id', 'r.referrer_id')
    .where('r.merchant_id', '=', merchantId);
  if (filter.status === 'refused') query = query.where('r.refused', 'is not', null);
  if (filter.status === 'counted') query = query.where('r.refused', 'is', null);
  const paid = (member: 'r.referrer_id' | 'r.friend_id', key: ReturnType<typeof sql>) =>
    sql<string>`(select coalesce(sum(c.amount_minor), 0)::text from reward_claims c
      join reward_activities a on a.id = c.activity_id
      where a.kind = 'referral' and c.status = 'issued' and c.member_id = ${sql.ref(member)}
        and c.period_key = ${key})`;
  const rows = await query
    .select([
      'r.friend_id',
      'f.username as friend',
      'r.referrer_id',
      'p.username as referrer',
      'r.code',
      'r.ip',
      'r.refused',
      'r.created_at',
      depositedBy(sql.ref('r.friend_id')).as('deposited'),
      paid('r.referrer_id', sql`'friend:' || r.friend_id`).as('referrer_paid'),
      paid('r.friend_id', sql`'once'`).as('friend_paid'),
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.friend_id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
