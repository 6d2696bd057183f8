import { sql, type Kysely } from 'kysely';
import type { DB, OperatorRole } from '../../db/schema';

/** SQL of operator accounts and their sessions. */

export function selectOperatorByUsername(db: Kysely<DB>, merchantId: number, usernameKey: string) {
  return db
    .selectFrom('operators')
    .select([
      'id',
      'merchant_id',
      'username',
      'password_hash',
      'role',
      'disabled',
      'totp_secret',
      'totp_enabled',
      'must_change_password',
    ])
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', usernameKey)
    .executeTakeFirst();
}

/** Inserts an operator unless the username is taken in that merchant; returns the new id or undefined. */
export async function insertOperator(
  db: Kysely<DB>,
  operator: {
    merchantId: number;
    username: string;
    passwordHash: string;
    role: OperatorRole;
    mustChangePassword?: boolean;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('operators')
    .values({
      merchant_id: operator.merchantId,
      username: operator.username,
      username_key: operator.username.toLowerCase(),
      password_hash: operator.passwordHash,
      role: operator.role,
      must_change_password: operator.mustChangePassword ?? false,
    })
    .onConflict((conflict) => conflict.constraint('operators_username').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertOperatorSession(
  db: Kysely<DB>,
  session: { operatorId: number; tokenHash: Buffer; ip: string; expiresAt: Date },
) {
  await db
    .insertInto('operator_sessions')
    .values({
      operator_id: session.operatorId,
      token_hash: session.tokenHash,
      ip: session.ip,
      expires_at: session.expiresAt,
    })
    .execute();
}

export function selectOperatorSession(db: Kysely<DB>, tokenHash: Buffer) {
  return db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .leftJoin('merchant_staff_security', 'merchant_staff_security.merchant_id', 'operators.merchant_id')
    .select([
      'operator_sessions.id as session_id',
      'operator_sessions.last_seen_at',
      'operator_sessions.expires_at',
      'operator_sessions.revoked_at',
      'operators.id as operator_id',
      'operators.merchant_id',
      'operators.username',
      'operators.role',
      'operators.disabled',
      'operators.totp_enabled',
      'operators.must_change_password',
      'merchant_staff_security.ip_allow_list',
      'merchant_staff_security.idle_minutes',
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** After a login: when and from where, for the owner's staff list. */
export async function recordOperatorLogin(db: Kysely<DB>, operatorId: number, ip: string) {
  await db
    .updateTable('operators')
    .set({ last_login_at: sql<Date>`now()`, last_login_ip: ip })
    .where('id', '=', operatorId)
    .execute();
}

/** Ends every live session of an operator, but `keepSessionId` when given. */
export async function revokeSessionsOfOperator(db: Kysely<DB>, operatorId: number, keepSessionId?: number) {
  let update = db
    .updateTable('operator_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) update = update.where('id', '<>', keepSessionId);
  await update.execute();
}

export function selectOperatorPassword(db: Kysely<DB>, operatorId: number) {
  return db.selectFrom('operators').select('password_hash').where('id', '=', operatorId).executeTakeFirst();
}

/** Sets an operator's password and whether it must be changed at the next login. */
export async function setOperatorPassword(
  db: Kysely<DB>,
  operatorId: number,
  passwordHash: string,
  mustChangePassword: boolean,
) {
  await db
    .updateTable('operators')
    .set({ password_hash: passwordHash, must_change_password: mustChangePassword })
    .where('id', '=', operatorId)
    .execute();
}

/** The merchant's staff allow-list and session limits (no row: none set). */
export function selectStaffSecurity(db: Kysely<DB>, merchantId: number) {
  return db
    .selectFrom('merchant_staff_security')
    .select(['ip_allow_list', 'idle_minutes', 'absolute_hours'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

export async function touchOperatorSession(db: Kysely<DB>, sessionId: number, at: Date) {
  await db.updateTable('operator_sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function revokeOperatorSession(db: Kysely<DB>, sessionId: number) {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function selectOperatorTotp(db: Kysely<DB>, operatorId: number) {
  return db
    .selectFrom('operators')
    .select(['totp_secret', 'totp_enabled'])
    .where('id', '=', operatorId)
    .executeTakeFirst();
}

export async function setOperatorTotp(
  db: Kysely<DB>,
  operatorId: number,
  secret: string | null,
  enabled: boolean,
) {
  await db
    .updateTable('operators')
    .set({ totp_secret: secret, totp_enabled: enabled })
    .where('id', '=', operatorId)
    .execute();
}
