import type { BgsActiveMines, BgsPlayResult } from '@portal/contracts';
import { minesPayout, minesTileCount, type BgsParams, type MinesOutcome } from '@portal/contracts/bgs';
import { AppError } from '../../http/errors';
import type { GameContext } from './inhouse.service';
import * as repo from './inhouse.repo';
import { mustRead, settle } from './play.service';
import { roundView } from './round-view';

/**
 * Mines moves after the bet: reveals and the cash-out. Each runs under the round's row lock, so two
 * clicks cannot both pass; the cash-out's win goes through settle like every other win.
 */

function minesParams(params: unknown): { mineCount: number } {
  const value = params as BgsParams;
  if (value.game !== 'bgs-mines') throw new AppError('round_not_open', 'This round is not a mines round');
  return value;
}

/** Reveals a tile: a mine ends the round with no win, the last safe tile cashes out by itself. */
export async function reveal(context: GameContext, roundId: string, tile: number): Promise<BgsPlayResult> {
  await context.db.transaction().execute(async (trx) => {
    if (!(await repo.lockRound(trx, context.memberId, roundId))) {
      throw new AppError('round_not_found', 'No such round of yours');
    }
    const row = await repo.selectRound(trx, context.memberId, roundId);
    if (!row || row.status !== 'open') throw new AppError('round_not_open', 'This round is not in play');
    const { mineCount } = minesParams(row.params);
    const reveals = row.reveals.map(Number);
    if (reveals.includes(tile)) throw new AppError('tile_already_revealed', 'This tile is already open');
    const nextReveals = [...reveals, tile];
    if ((row.outcome as MinesOutcome).mines.includes(tile)) {
      await repo.advanceRound(trx, roundId, 'open', {
        status: 'settled',
        reveals: nextReveals,
        payoutMinor: 0n,
      });
    } else if (nextReveals.length === minesTileCount - mineCount) {
      const payoutMinor = minesPayout(row.bet_minor, mineCount, nextReveals.length);
      await repo.advanceRound(trx, roundId, 'open', { status: 'paying', reveals: nextReveals, payoutMinor });
    } else {
      await repo.advanceRound(trx, roundId, 'open', { status: 'open', reveals: nextReveals });
    }
  });
  return settle(context, await mustRead(context, roundId));
}

/** Cashes out after at least one safe tile; repeating it answers the settled round. */
export async function cashOut(context: GameContext, roundId: string): Promise<BgsPlayResult> {
  await context.db.transaction().execute(async (trx) => {
    if (!(await repo.lockRound(trx, context.memberId, roundId))) {
      throw new AppError('round_not_found', 'No such round of yours');
    }
    const row = await repo.selectRound(trx, context.memberId, roundId);
    if (!row) throw new AppError('round_not_found', 'No such round of yours');
    const { mineCount } = minesParams(row.params);
    if (row.status === 'paying' || (row.status === 'settled' && row.payout_minor > 0n)) return;
    if (row.status !== 'open') throw new AppError('round_not_open', 'This round is not in play');
    if (row.reveals.length === 0) {
      throw new AppError('nothing_to_cash_out', 'Reveal at least one tile before cashing out');
    }
    const payoutMinor = minesPayout(row.bet_minor, mineCount, row.reveals.length);
    await repo.advanceRound(trx, roundId, 'open', { status: 'paying', payoutMinor });
  });
  return settle(context, await mustRead(context, roundId));
}

/** The member's unfinished mines round (its outstanding calls finished first), or null. */
export async function activeMines(context: GameContext): Promise<BgsActiveMines> {
  const row = await repo.selectLiveMinesRound(context.db, context.memberId);
  if (!row) return { round: null };
  if (row.status === 'open') return { round: roundView(row, context.merchant.currency.decimals) };
  try {
    const result = await settle(context, row);
    return { round: result.round.status === 'open' ? result.round : null };
  } catch (error) {
    // A refused start is over (nothing moved); anything else the caller should see.
    if (error instanceof AppError && error.statusCode < 500) return { round: null };
    throw error;
  }
}
