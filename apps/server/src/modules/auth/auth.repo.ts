import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of the identity module: keys, nonces, captchas, sessions, login failures, SMS codes, outbox. */

export function selectNewestServerKey(db: Kysely<DB>) {
  return db
    .selectFrom('server_keys')
    .select(['id', 'private_key_pem', 'public_key_spki'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertServerKey(db: Kysely<DB>, id: string, privateKeyPem: string, spki: string) {
  await db
    .insertInto('server_keys')
    .values({ id, private_key_pem: privateKeyPem, public_key_spki: spki })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Records a nonce; false when it was already used. */
export async function useNonce(db: Kysely<DB>, nonce: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('used_nonces')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteExpiredNonces(db: Kysely<DB>) {
  await sql`delete from used_nonces where expires_at < now()`.execute(db);
}

export async function insertCaptcha(db: Kysely<DB>, id: string, answer: string, expiresAt: Date) {
  await db.insertInto('captchas').values({ id, answer, expires_at: expiresAt }).execute();
}

/** Marks the captcha used and returns its answer, if it was unused and unexpired. */
export function useCaptcha(db: Kysely<DB>, id: string) {
  return db
    .updateTable('captchas')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('answer')
    .executeTakeFirst();
}

export async function insertSession(
  db: Kysely<DB>,
  values: {
    member_id: number;
    token_hash: Buffer;
    login_method: string;
    must_change_password: boolean;
    ip: string;
    user_agent: string | null;
    expires_at: Date;
  },
) {
  return db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
}

export function selectSessionByTokenHash(db: Kysely<DB>, tokenHash: Buffer) {
  return db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select([
      'sessions.id',
      'sessions.member_id',
      'sessions.must_change_password',
      'sessions.login_method',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'members.merchant_id',
      'members.type',
      'members.status',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Which of the sessions are still live (not revoked, member active, within both expiries); no touch. */
export async function selectLiveSessionIds(db: Kysely<DB>, sessionIds: number[], idleSince: Date, now: Date) {
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('members', 'members.id', 'sessions.member_id')
    .select('sessions.id')
    .where('sessions.id', 'in', sessionIds)
    .where('sessions.revoked_at', 'is', null)
    .where('members.status', '=', 'active')
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', idleSince)
    .execute();
  return rows.map((row) => row.id);
}

export async function touchSession(db: Kysely<DB>, sessionId: number, at: Date) {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export async function clearMustChangePassword(db: Kysely<DB>, memberId: number) {
  await db
    .updateTable('sessions')
    .set({ must_change_password: false })
    .where('member_id', '=', memberId)
    .execute();
}

export async function revokeSessionOf(db: Kysely<DB>, memberId: number, sessionId: number): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeSessionsOf(db: Kysely<DB>, memberId: number, keepSessionId: number | null) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export function selectLiveSessions(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent', 'login_method'])
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
    .limit(50)
    .execute();
}

/** The login before the newest one (the newest is the session just opened): when and from where. */
export function selectPreviousLogin(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'ip'])
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(1)
    .limit(1)
    .executeTakeFirst();
}

/** Failures in the last hour per subject: how many, and the newest. */
export function selectRecentFailures(db: Kysely<DB>, merchantId: number, subjects: string[]) {
  return db
    .selectFrom('login_failures')
    .select([
      'subject',
      (eb) => eb.fn.countAll<bigint>().as('failures'),
      (eb) => eb.fn.max('created_at').as('latest'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('subject', 'in', subjects)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .groupBy('subject')
    .execute();
}

export async function insertFailures(db: Kysely<DB>, merchantId: number, subjects: string[]) {
  await db
    .insertInto('login_failures')
    .values(subjects.map((subject) => ({ merchant_id: merchantId, subject })))
    .execute();
}

export async function deleteFailures(db: Kysely<DB>, merchantId: number, subjects: string[]) {
  if (subjects.length === 0) return;
  await db
    .deleteFrom('login_failures')
    .where('merchant_id', '=', merchantId)
    .where('subject', 'in', subjects)
    .execute();
}

/** Failures of one subject since a moment and the latest (attempt limits of operator and payment passwords). */
export async function selectFailuresSince(db: Kysely<DB>, merchantId: number, subject: string, since: Date) {
  const row = await db
    .selectFrom('login_failures')
    .select([(eb) => eb.fn.countAll<bigint>().as('failures'), (eb) => eb.fn.max('created_at').as('latest')])
    .where('merchant_id', '=', merchantId)
    .where('subject', '=', subject)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), latest: row.latest };
}

export function selectNewestSmsCode(db: Kysely<DB>, merchantId: number, purpose: string, mobile: string) {
  return db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'wrong_tries', 'created_at', 'expires_at', 'consumed_at'])
    .where('merchant_id', '=', merchantId)
    .where('purpose', '=', purpose as 'login')
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function countSmsCodesSince(db: Kysely<DB>, merchantId: number, mobile: string, since: Date) {
  return db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<bigint>().as('sent'))
    .where('merchant_id', '=', merchantId)
    .where('mobile', '=', mobile)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
}

export async function insertSmsCode(
  db: Kysely<DB>,
  values: {
    merchant_id: number;
    purpose: 'login' | 'register' | 'challenge';
    mobile: string;
    code_hash: string;
    expires_at: Date;
  },
) {
  await db.insertInto('sms_codes').values(values).execute();
}

export async function countWrongSmsTry(db: Kysely<DB>, id: number) {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Consumes the code once: false when another request consumed it first. */
export async function consumeSmsCode(db: Kysely<DB>, id: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ consumed_at: new Date() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertOutbox(
  db: Kysely<DB>,
  values: {
    merchant_id: number;
    channel: 'sms' | 'email';
    recipient: string;
    subject: string | null;
    body: string;
  },
) {
  await db.insertInto('outbox').values(values).execute();
}

export async function insertResetToken(db: Kysely<DB>, tokenHash: Buffer, memberId: number, expiresAt: Date) {
  await db
    .insertInto('password_reset_tokens')
    .values({ token_hash: tokenHash, member_id: memberId, expires_at: expiresAt })
    .execute();
}

/** Uses the reset token once; returns its member when it was unused and unexpired. */
export function useResetToken(db: Kysely<DB>, tokenHash: Buffer) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('member_id')
    .executeTakeFirst();
}

export async function insertChallenge(
  db: Kysely<DB>,
  values: {
    id: string;
    member_id: number;
    methods: string[];
    login_method: string;
    email_code_hash: string | null;
    expires_at: Date;
  },
) {
  await db.insertInto('login_challenges').values(values).execute();
}

export function selectOpenChallenge(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('login_challenges')
    .select(['id', 'member_id', 'methods', 'login_method', 'email_code_hash', 'wrong_tries'])
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function countWrongChallengeTry(db: Kysely<DB>, id: string) {
  await db
    .updateTable('login_challenges')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Closes the challenge once: false when a concurrent answer closed it first. */
export async function closeChallenge(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Where the member's sessions of the last 90 days came from (at most the 200 newest): the referral
 * programme's same-address and same-device rule (decision 0032).
 */
export function selectRecentOrigins(db: Kysely<DB>, memberId: number) {
  return db
    .selectFrom('sessions')
    .select(['ip', 'user_agent'])
    .where('member_id', '=', memberId)
    .where('created_at', '>', new Date(Date.now() - 90 * 86_400_000))
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}
