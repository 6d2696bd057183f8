import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { sumDepositedWithin } from './deposits.repo';

/**
 * What a member's deposits (pending and approved) add up to within the last `periodMs`: the figure the
 * responsible-gaming deposit limits are held against (issue 17).
 */
export function depositedWithin(
  db: Kysely<DB> | Transaction<DB>,
  memberId: number,
  periodMs: number,
): Promise<bigint> {
  return sumDepositedWithin(db, memberId, periodMs);
}
