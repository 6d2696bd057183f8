import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * SQL of the credential side of an account (decision 0027): what proving who someone is reads and
 * writes on the `members` row (password, status, second-factor contacts, authenticator, first login)
 * and the addresses it logged in from. The profile side is the members module's.
 */
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
  'password_change_required',
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

/** Inserts a trial account (credentials only: no profile, no agent); undefined when the name is taken. */
export async function insertTrialAccount(
  db: Kysely<DB>,
  account: { merchantId: number; username: string; passwordHash: string; type: number },
) {
  return db
    .insertInto('members')
    .values({
      merchant_id: account.merchantId,
      username: account.username,
      username_key: account.username,
      password_hash: account.passwordHash,
      type: account.type,
      nickname: null,
      email: null,
      mobile: null,
      payee_name: null,
      profile: '{}',
      parent_agent_id: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning(['id'])
    .executeTakeFirst();
}

export async function updatePassword(db: Kysely<DB>, memberId: number, passwordHash: string) {
  await db
    .updateTable('members')
    .set({
      password_hash: passwordHash,
      password_is_default: false,
      password_change_required: false,
      password_changed_at: new Date(),
    })
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
