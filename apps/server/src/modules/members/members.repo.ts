import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of accounts: look-ups, creation, passwords, known IPs. */
const loginColumns = [
  'id',
  'merchant_id',
  'username',
  'password_hash',
  'password_is_default',
  'password_changed_at',
  'type',
  'status',
  'mobile',
  'email',
  'payee_name',
  'totp_enabled',
  'totp_secret',
  'first_login_at',
] as const;

export function selectByUsername(db: Kysely<DB>, merchantId: number, usernameKey: string) {
  return db
    .selectFrom('members')
    .select(loginColumns)
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', usernameKey)
    .executeTakeFirst();
}

export function selectByMobile(db: Kysely<DB>, merchantId: number, mobile: string) {
  return db
    .selectFrom('members')
    .select(loginColumns)
    .where('merchant_id', '=', merchantId)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
}

export function selectById(db: Kysely<DB>, memberId: number) {
  return db.selectFrom('members').select(loginColumns).where('id', '=', memberId).executeTakeFirst();
}

export type LoginRow = NonNullable<Awaited<ReturnType<typeof selectById>>>;

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

export async function updatePassword(db: Kysely<DB>, memberId: number, passwordHash: string) {
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, password_is_default: false, password_changed_at: new Date() })
    .where('id', '=', memberId)
    .execute();
}

export async function markFirstLogin(db: Kysely<DB>, memberId: number) {
  await db
    .updateTable('members')
    .set({ first_login_at: new Date() })
    .where('id', '=', memberId)
    .where('first_login_at', 'is', null)
    .execute();
}

export async function countKnownIps(db: Kysely<DB>, memberId: number) {
  const row = await db
    .selectFrom('member_known_ips')
    .select((eb) => eb.fn.countAll<bigint>().as('known'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.known);
}

export async function isKnownIp(db: Kysely<DB>, memberId: number, ip: string) {
  const row = await db
    .selectFrom('member_known_ips')
    .select('ip')
    .where('member_id', '=', memberId)
    .where('ip', '=', ip)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberIp(db: Kysely<DB>, memberId: number, ip: string) {
  await db
    .insertInto('member_known_ips')
    .values({ member_id: memberId, ip })
    .onConflict((conflict) => conflict.columns(['member_id', 'ip']).doNothing())
    .execute();
}

export async function setTotp(db: Kysely<DB>, memberId: number, secret: string | null, enabled: boolean) {
  await db
    .updateTable('members')
    .set({ totp_secret: secret, totp_enabled: enabled })
    .where('id', '=', memberId)
    .execute();
}
