import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema';
import * as repo from './crash.repo';

/**
 * The move of paid crash bets to won (cashing -> won), gathered: every bet paid in the same turn of the
 * event loop goes in one UPDATE (a thousand cash-outs at take-off are a few statements, not a thousand).
 * payWin (crash.service.ts) says when callers wait for it.
 */

/** Paid bets waiting for their move to won, per database: moved together (see payWin). */
const paidBets = new WeakMap<Kysely<DB>, { ids: bigint[]; moved: Promise<void> }>();

/** Moves the bet to won with every other bet paid in this turn of the event loop: one UPDATE for them all. */
export function markWon(db: Kysely<DB>, id: bigint): Promise<void> {
  let batch = paidBets.get(db);
  if (!batch) {
    const ids: bigint[] = [];
    const moved = new Promise<void>((resolve, reject) =>
      setImmediate(() => {
        paidBets.delete(db);
        repo.markWon(db, ids).then(resolve, reject);
      }),
    );
    batch = { ids, moved };
    paidBets.set(db, batch);
  }
  batch.ids.push(id);
  return batch.moved;
}
