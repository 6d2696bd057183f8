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
    ])
    .where('merchant_id', '=', merchantId)
    .where('username_key', '=', usernameKey)
    .executeTakeFirst();
}

/** Inserts an operator unless the username is taken in that merchant; returns the new id or undefined. */
export async function insertOperator(
  db: Kysely<DB>,
  operator: { merchantId: number; username: string; passwordHash: string; role: OperatorRole },
): Promise<number | undefined> {
  const row = await db
    .insertInto('operators')
    .values({
      merchant_id: operator.merchantId,
      username: operator.username,
      username_key: operator.username.toLowerCase(),
      password_hash: operator.passwordHash,
      role: operator.role,
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
    ])
    .where('operator_sessions.token_hash', '=', tokenHash)
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

/** Failures of one subject (login_failures, shared with the identity limits) since a moment. */
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
