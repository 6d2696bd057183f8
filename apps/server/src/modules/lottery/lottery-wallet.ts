import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { formatMinor, type SeamlessAnswer } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { apply, openGameSession, SeamlessBatcher } from '../seamless';
import type { MerchantConfig } from '../system';

/** Seamless transaction ids of a bet: derived from the bet id, so every retry names the same movement. */
export function lotteryTransactionIds(betId: bigint) {
  return {
    bet: `LOTTERY-BET-${betId}`,
    win: `LOTTERY-WIN-${betId}`,
    rollback: `LOTTERY-RB-${betId}`,
    round: `LOTTERY-${betId}`,
  };
}

/** What a lottery bet carries to the wallet. */
export interface LotteryWalletBet {
  betId: bigint;
  memberId: number;
  vendorCode: string;
  gameCode: string;
  stakeMinor: bigint;
}

/** Game sessions opened for a bet live long enough for the call and its retries. */
const betSessionTtlMs = 5 * 60 * 1000;

/**
 * The lottery's side of the seamless wallet, in process: the same service (and group commit) the signed
 * vendor route uses, so a lottery bet moves money exactly like an outside vendor's bet: one ledger
 * transfer per transaction id, a duplicate answered with the stored result.
 */
export class LotteryWallet {
  private readonly batcher: SeamlessBatcher;

  /** `log` receives the wallet's alerts about suspicious wins (decision 0024). */
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.batcher = new SeamlessBatcher(db);
  }

  /** Debits the stake; throws the wallet's refusal (insufficient_funds, ...) as an AppError. */
  async bet(merchant: MerchantConfig, bet: LotteryWalletBet): Promise<SeamlessAnswer> {
    const ids = lotteryTransactionIds(bet.betId);
    const sessionToken = await openGameSession(this.db, {
      merchantId: merchant.id,
      memberId: bet.memberId,
      vendorCode: bet.vendorCode,
      ttlMs: betSessionTtlMs,
    });
    return apply(this.batcher, merchant, bet.vendorCode, 'bet', {
      ...this.player(merchant, bet),
      sessionToken,
      amount: formatMinor(bet.stakeMinor, merchant.currency.decimals),
      transactionId: ids.bet,
      roundId: ids.round,
      gameCode: bet.gameCode,
    });
  }

  /** Credits a payout (closing the bet's round); a repeat is answered as replayed and moves nothing. */
  async win(merchant: MerchantConfig, bet: LotteryWalletBet, payoutMinor: bigint): Promise<SeamlessAnswer> {
    const ids = lotteryTransactionIds(bet.betId);
    return apply(
      this.batcher,
      merchant,
      bet.vendorCode,
      'win',
      {
        ...this.player(merchant, bet),
        amount: formatMinor(payoutMinor, merchant.currency.decimals),
        transactionId: ids.win,
        roundId: ids.round,
        gameCode: bet.gameCode,
        roundClosed: true,
      },
      this.log,
    );
  }

  /**
   * Cancels a bet whose outcome was never recorded: refunds it if the debit happened, else leaves a
   * tombstone so a late debit is refused. Already rolled back counts as done.
   */
  async rollback(merchant: MerchantConfig, bet: LotteryWalletBet): Promise<void> {
    const ids = lotteryTransactionIds(bet.betId);
    try {
      await apply(this.batcher, merchant, bet.vendorCode, 'rollback', {
        ...this.player(merchant, bet),
        amount: formatMinor(bet.stakeMinor, merchant.currency.decimals),
        transactionId: ids.rollback,
        betTransactionId: ids.bet,
        roundId: ids.round,
        gameCode: bet.gameCode,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'already_rolled_back') return;
      throw error;
    }
  }

  private player(merchant: MerchantConfig, bet: LotteryWalletBet) {
    return {
      merchantCode: merchant.code,
      playerId: String(bet.memberId),
      currency: merchant.currency.code,
    };
  }
}
