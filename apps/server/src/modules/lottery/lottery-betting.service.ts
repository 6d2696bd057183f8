import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  formatMinor,
  isValidPick,
  lotteryBetTypes,
  parseMinor,
  type LotteryBetPlaced,
  type LotteryBetRequest,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError, catalogued } from '../../http/errors';
import { balance as walletBalance } from '../wallet';
import type { MerchantConfig } from '../system';
import { betView } from './lottery-view';
import type { LotteryWallet } from './lottery-wallet';
import * as betsRepo from './lottery-bets.repo';
import * as repo from './lottery.repo';

/**
 * Placing a bet: the bet row is written first, only while its draw takes bets (the database clock
 * decides, so every instance closes at the same moment), then the stake is debited through the seamless
 * wallet under a transaction id derived from the bet id. A retry with the same request id is the same
 * bet: it repeats the wallet call (answered from the stored result) and never debits twice. A refused
 * debit leaves the bet refused and moves nothing; a bet left pending by a crash is rolled back by the
 * settlement job.
 */
export async function placeBet(
  db: Kysely<DB>,
  wallet: LotteryWallet,
  merchant: MerchantConfig,
  memberId: number,
  request: LotteryBetRequest,
): Promise<LotteryBetPlaced> {
  const game = await repo.selectGame(db, merchant.id, request.gameCode);
  if (!game) throw new AppError('lottery_not_found', `No lottery ${request.gameCode} at this merchant`);
  const pick = request.pick ?? null;
  if (!isValidPick(request.betType, pick)) {
    const digits = lotteryBetTypes[request.betType].pickDigits;
    throw new AppError(
      'invalid_pick',
      digits
        ? `${request.betType} needs a pick of exactly ${digits} digits`
        : `${request.betType} takes no pick`,
    );
  }
  const stakeMinor = parseMinor(request.amount, merchant.currency.decimals);
  if (stakeMinor === null || stakeMinor < game.min_stake_minor || stakeMinor > game.max_stake_minor) {
    const decimals = merchant.currency.decimals;
    throw new AppError(
      'invalid_amount',
      `The stake must be between ${formatMinor(game.min_stake_minor, decimals)} and ${formatMinor(game.max_stake_minor, decimals)}`,
    );
  }
  const draw = await repo.selectDraw(db, game.id, request.numero);
  if (!draw) throw new AppError('draw_not_found', `No draw ${request.numero} of ${request.gameCode}`);

  const requestHash = createHash('sha256')
    .update(JSON.stringify([request.gameCode, request.numero, request.betType, pick, stakeMinor.toString()]))
    .digest('hex');
  const inserted = await betsRepo.insertBetWhileOpen(db, {
    merchant_id: merchant.id,
    member_id: memberId,
    draw_id: draw.id,
    bet_type: request.betType,
    pick,
    stake_minor: stakeMinor,
    odds_hundredths: lotteryBetTypes[request.betType].oddsHundredths,
    currency: merchant.currency.code,
    request_id: request.requestId,
    request_hash: requestHash,
  });
  const bet = inserted ?? (await existingBet(db, memberId, request.requestId, requestHash));
  const walletBet = {
    betId: bet.id,
    memberId,
    vendorCode: game.vendor_code,
    gameCode: game.game_code,
    stakeMinor: bet.stake_minor,
  };
  if (bet.status === 'pending') {
    try {
      await wallet.bet(merchant, walletBet);
    } catch (error) {
      if (error instanceof AppError)
        await betsRepo.moveBet(db, bet.id, 'pending', 'refused', { refusal_code: error.code });
      throw error;
    }
    await betsRepo.moveBet(db, bet.id, 'pending', 'placed');
  }
  const view = await betsRepo.selectMemberBetById(db, merchant.id, memberId, bet.id);
  if (!view) throw new Error(`lottery bet ${bet.id} vanished`); // bets are never deleted
  if (view.status === 'refused' || view.status === 'void') {
    throw new AppError(
      catalogued(view.refusal_code, 'bet_refused'),
      'This bet was refused; nothing was debited',
      null,
      409,
    );
  }
  const { balance } = await walletBalance(db, merchant, memberId);
  return { bet: betView(view, merchant.currency.decimals), balance };
}

/** The bet a repeated request id names, or why there is none (betting closed) or it differs. */
async function existingBet(db: Kysely<DB>, memberId: number, requestId: string, requestHash: string) {
  const existing = await betsRepo.selectBetByRequest(db, memberId, requestId);
  if (!existing) {
    throw new AppError('betting_closed', 'Betting on this draw has closed; bet on the next one');
  }
  if (existing.request_hash !== requestHash) {
    throw new AppError('idempotency_conflict', 'This requestId was used for a different bet');
  }
  return existing;
}
