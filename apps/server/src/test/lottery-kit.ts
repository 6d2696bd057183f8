import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { newSeed } from '../modules/lottery/lottery-draw';

let drawSequence = 0;

/**
 * A draw of `gameCode` (demo merchant) that takes bets now: opened a minute ago, closing in ten minutes.
 * Tests then move its clock with closeDraw and dueDraw instead of waiting for the schedule.
 */
export async function openTestDraw(db: Kysely<DB>, gameCode: string) {
  drawSequence += 1;
  const game = await db
    .selectFrom('lottery_games')
    .innerJoin('merchants', 'merchants.id', 'lottery_games.merchant_id')
    .select(['lottery_games.id'])
    .where('merchants.code', '=', 'demo')
    .where('lottery_games.game_code', '=', gameCode as 'LOTT')
    .executeTakeFirstOrThrow();
  const { seed, seedHash } = newSeed();
  // Far-future numbers never collide with the schedule's draws.
  const drawNo = `2099${String(process.pid % 10_000).padStart(4, '0')}${String(drawSequence).padStart(4, '0')}`;
  const now = Date.now();
  return db
    .insertInto('lottery_draws')
    .values({
      game_id: game.id,
      draw_no: drawNo,
      opens_at: new Date(now - 60_000),
      closes_at: new Date(now + 600_000),
      draws_at: new Date(now + 660_000),
      seed,
      seed_hash: seedHash,
    })
    .returning(['id', 'draw_no', 'seed', 'seed_hash'])
    .executeTakeFirstOrThrow();
}

/** Betting on the draw closed a moment ago (by the database clock); the draw time is still ahead. */
export async function closeDraw(db: Kysely<DB>, drawId: bigint): Promise<void> {
  await sql`update lottery_draws set closes_at = now() - interval '1 second', draws_at = now() + interval '1 hour'
    where id = ${drawId}`.execute(db);
}

/** The draw's time has passed: the next job run draws and settles it. */
export async function dueDraw(db: Kysely<DB>, drawId: bigint): Promise<void> {
  await sql`update lottery_draws set closes_at = now() - interval '2 seconds', draws_at = now() - interval '1 second'
    where id = ${drawId}`.execute(db);
}
