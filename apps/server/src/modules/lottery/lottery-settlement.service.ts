import type { Kysely } from 'kysely';
import { lotteryPayoutMinor } from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { MerchantDirectory } from '../system';
import { deriveResult, newSeed, scheduledDraws } from './lottery-draw';
import { lotteryTransactionIds, type LotteryWallet } from './lottery-wallet';
import * as betsRepo from './lottery-bets.repo';
import * as repo from './lottery.repo';

/**
 * The lottery's scheduled work (jobs/lottery.job.ts runs it under an advisory lock): open the coming
 * draws with their committed seeds, publish the results of draws whose time has come, and settle their
 * bets. Every step is safe to repeat and to race with another instance: draws are unique per number,
 * results are written only over an open draw, and each bet's money moves under seamless transaction ids
 * derived from its id, recorded once under its unique settlement key.
 */

/** Bounds per run, so one run never holds the lock for long; the rest waits for the next run. */
const drawsPerRun = 50;
const betsPerBatch = 200;
const batchesPerDraw = 20;

export interface LotteryRunSummary {
  drawn: number;
  settledBets: number;
  settledDraws: number;
}

/** Creates the current and next draw of every enabled lottery (each with a new seed and its hash). */
export async function openScheduledDraws(db: Kysely<DB>, now = new Date()): Promise<void> {
  for (const game of await repo.selectAllEnabledGames(db)) {
    for (const slot of scheduledDraws(now, game.interval_seconds, game.close_before_seconds)) {
      const { seed, seedHash } = newSeed();
      await repo.insertDraw(db, {
        game_id: game.id,
        draw_no: slot.drawNo,
        opens_at: slot.opensAt,
        closes_at: slot.closesAt,
        draws_at: slot.drawsAt,
        seed,
        seed_hash: seedHash,
      });
    }
  }
}

/** Publishes the result of every open draw whose time has passed; returns how many it drew. */
export async function drawDueDraws(db: Kysely<DB>): Promise<number> {
  let drawn = 0;
  for (const draw of await repo.selectDueDraws(db, drawsPerRun)) {
    const result = deriveResult(draw.seed, draw.game_code, draw.draw_no);
    if (await repo.markDrawn(db, draw.id, result)) drawn += 1;
  }
  return drawn;
}

/** Settles the bets of drawn draws; a draw becomes settled when none of its bets is left open. */
export async function settleDrawnDraws(
  db: Kysely<DB>,
  merchants: MerchantDirectory,
  wallet: LotteryWallet,
): Promise<{ settledBets: number; settledDraws: number }> {
  let settledBets = 0;
  let settledDraws = 0;
  for (const draw of await repo.selectDrawsToSettle(db, drawsPerRun)) {
    const merchant = await merchants.findByCode(draw.merchant_code);
    if (!merchant || draw.result === null) continue;
    let finished = false;
    for (let batch = 0; batch < batchesPerDraw && !finished; batch += 1) {
      const bets = await betsRepo.selectUnsettledBets(db, draw.id, betsPerBatch);
      for (const bet of bets) {
        const walletBet = {
          betId: bet.id,
          memberId: bet.member_id,
          vendorCode: draw.vendor_code,
          gameCode: draw.game_code,
          stakeMinor: bet.stake_minor,
        };
        if (bet.status === 'pending') {
          // Its debit was never confirmed: cancel it (refund if it happened, tombstone if not).
          await wallet.rollback(merchant, walletBet);
          await recordSettlement(db, bet.id, 'pending', 'void', 0n, null);
        } else {
          const payoutMinor = lotteryPayoutMinor(bet.bet_type, bet.pick, draw.result, bet.stake_minor);
          if (payoutMinor > 0n) await wallet.win(merchant, walletBet, payoutMinor);
          const ids = lotteryTransactionIds(bet.id);
          if (payoutMinor === 0n) {
            await betsRepo.closeLostRound(db, {
              merchantId: merchant.id,
              vendorCode: draw.vendor_code,
              roundId: ids.round,
            });
          }
          const winId = payoutMinor > 0n ? ids.win : null;
          await recordSettlement(db, bet.id, 'placed', payoutMinor > 0n ? 'won' : 'lost', payoutMinor, winId);
        }
        settledBets += 1;
      }
      finished = bets.length < betsPerBatch;
    }
    if (finished) {
      await repo.markDrawSettled(db, draw.id);
      settledDraws += 1;
    }
  }
  return { settledBets, settledDraws };
}

/** The settlement key and the bet's final status, in one transaction. */
async function recordSettlement(
  db: Kysely<DB>,
  betId: bigint,
  from: 'pending' | 'placed',
  to: 'won' | 'lost' | 'void',
  payoutMinor: bigint,
  winTransactionId: string | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await betsRepo.insertSettlement(trx, {
      settlement_key: `lottery-bet:${betId}`,
      bet_id: betId,
      payout_minor: payoutMinor,
      win_transaction_id: winTransactionId,
    });
    await betsRepo.moveBet(trx, betId, from, to, { payout_minor: payoutMinor });
  });
}

/** One full run: open, draw, settle. */
export async function runLottery(
  db: Kysely<DB>,
  merchants: MerchantDirectory,
  wallet: LotteryWallet,
  now = new Date(),
): Promise<LotteryRunSummary> {
  await openScheduledDraws(db, now);
  const drawn = await drawDueDraws(db);
  const settled = await settleDrawnDraws(db, merchants, wallet);
  return { drawn, ...settled };
}
