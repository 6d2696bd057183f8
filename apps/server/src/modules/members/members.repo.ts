import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * SQL of the profile side of an account (decision 0027): creating it at registration, the affiliate
 * look-up, member info. The credential side (password, authenticator, known addresses) is auth's.
 */

/** Whether a username (its lower-case key) is taken in this merchant. */
export async function isUsernameTaken(db: Kysely<DB>, merchantId: number, usernameKey: string) {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', usernameKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a mobile number is registered in this merchant. */
export async function isMobileTaken(db: Kysely<DB>, merchantId: number, mobile: string) {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return row !== undefined;
}

export function selectAgentByAffiliateCode(db: Kysely<DB>, merchantId: number, code: string) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'nickname', 'affiliate_code'])
    .where('merchant_id', '=', merchantId)
    .where('affiliate_code', '=', code)
    .where('type', 'in', [1, 2, 41, 42])
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function selectInfo(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'nickname', 'type', 'vip_level', 'totp_enabled'])
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
}

export interface NewMember {
  merchant_id: number;
  username: string;
  username_key: string;
  password_hash: string;
  password_is_default?: boolean;
  password_change_required?: boolean;
  type: number;
  nickname: string | null;
  email: string | null;
  mobile: string | null;
  payee_name: string | null;
  profile: string;
  parent_agent_id: number | null;
  affiliate_code?: string | null;
}

/** Inserts an account; undefined when the username or mobile is taken (unique constraints decide). */
export async function insertMember(db: Kysely<DB> | Transaction<DB>, member: NewMember) {
  return db
    .insertInto('members')
    .values(member)
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id'])
    .executeTakeFirst();
}
