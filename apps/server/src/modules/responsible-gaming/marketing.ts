import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { personKeysOf } from './limits.service';
import * as repo from './responsible-gaming.repo';

/**
 * Whether the member is on a break or self-excluded now (own or shared block): marketing (popups,
 * promotions, messages) leaves such a player out.
 */
export async function isBlocked(db: Kysely<DB>, memberId: number, now = new Date()): Promise<boolean> {
  const identity = await repo.selectIdentity(db, memberId);
  const block = await repo.selectLiveBlock(db, memberId, identity ? personKeysOf(identity) : [], now);
  return block !== undefined;
}
