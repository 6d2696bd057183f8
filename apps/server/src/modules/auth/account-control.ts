import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './auth.repo';
import { hashPassword } from './passwords';

/**
 * What the operator console does to a player's credentials (issue 16): end every live session (a lock,
 * a reset) and set a temporary password that the next login must change before anything else.
 */

/** Ends every live session of the member at once (their next call answers session_expired). */
export async function endSessionsOf(db: Kysely<DB>, memberId: number): Promise<void> {
  await repo.revokeSessionsOf(db, memberId, null);
}

/** Letters and digits without look-alikes (0/O, 1/l/I), so the operator can read it out. */
const temporaryAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const temporaryLength = 12;

/** A random temporary password (about 70 bits), with a letter and a digit so it meets the usual rules. */
export function temporaryPassword(): string {
  for (;;) {
    let password = '';
    for (let index = 0; index < temporaryLength; index += 1) {
      password += temporaryAlphabet[randomInt(temporaryAlphabet.length)];
    }
    if (/[0-9]/.test(password) && /[A-Za-z]/.test(password)) return password;
  }
}

/**
 * Sets a temporary password and ends every session: the next login (by any method) must change the
 * password first (`password_change_required`, cleared by the change). Answers the temporary password,
 * which exists only in this answer.
 */
export async function forcePasswordReset(db: Kysely<DB>, memberId: number): Promise<string> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, password_change_required: true, password_changed_at: new Date() })
    .where('id', '=', memberId)
    .execute();
  await endSessionsOf(db, memberId);
  return password;
}
