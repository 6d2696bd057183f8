import type { Kysely } from 'kysely';
import { formatMinor } from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { MerchantDirectory } from '../system';
import type { BgsWallet, WalletPlayerRef } from './bgs-wallet';
import * as repo from './inhouse.repo';

export interface RecoveryReport {
  /** Bets whose answer was lost: rolled back (refunded if they had been applied) and the round refused. */
  rolledBack: number;
  /** Wins that had not been confirmed: sent again (the wallet applies each at most once). */
  paid: number;
  /** Rounds left for the next run (the wallet did not answer). */
  failed: number;
}

/** Rounds handled per run, so one run stays short. */
const batchSize = 100;

/**
 * Finishes rounds whose play stopped between the seamless calls (a crash, a lost answer, a player who
 * never retried): a round still `betting` after `minAgeMs` is claimed as refused (`abandoning`) and its
 * bet rolled back (a refund when the bet had arrived, a tombstone that refuses it later when it had not),
 * then marked `abandoned`; a round still `paying` gets its win sent again. Every call is idempotent by its
 * transaction id, so a run that dies half way is finished by the next one.
 */
export async function recoverStuckRounds(
  db: Kysely<DB>,
  wallet: BgsWallet,
  merchants: MerchantDirectory,
  minAgeMs: number,
): Promise<RecoveryReport> {
  const before = new Date(Date.now() - minAgeMs);
  const report: RecoveryReport = { rolledBack: 0, paid: 0, failed: 0 };
  for (const round of await repo.selectStuckRounds(db, before, batchSize)) {
    const merchant = await merchants.findByCode(round.merchant_code);
    if (!merchant) continue;
    const decimals = merchant.currency.decimals;
    const player: WalletPlayerRef = {
      merchantCode: merchant.code,
      memberId: round.member_id,
      currency: merchant.currency.code,
      currencyDecimals: decimals,
    };
    try {
      if (round.status !== 'paying') {
        if (round.status === 'betting' && !(await repo.claimAbandonedBet(db, round.round_id, before)))
          continue;
        const reply = await wallet.rollback(player, {
          transactionId: `${round.round_id}:rollback`,
          betTransactionId: `${round.round_id}:bet`,
          roundId: round.round_id,
          gameCode: round.game_code,
          amount: formatMinor(round.bet_minor, decimals),
        });
        // already_rolled_back: an earlier run sent it; the round is refused either way.
        if (reply.kind === 'ok' || reply.code === 'already_rolled_back') {
          await repo.markAbandoned(db, round.round_id);
          report.rolledBack += 1;
        } else {
          report.failed += 1;
        }
      } else {
        const reply = await wallet.win(player, {
          transactionId: `${round.round_id}:win`,
          roundId: round.round_id,
          gameCode: round.game_code,
          amount: formatMinor(round.payout_minor, decimals),
          roundClosed: true,
        });
        if (reply.kind !== 'ok') {
          report.failed += 1;
          continue;
        }
        await repo.advanceRound(db, round.round_id, 'paying', { status: 'settled' });
        report.paid += 1;
      }
    } catch {
      // The wallet did not answer (503): the round stays as it is for the next run.
      report.failed += 1;
    }
  }
  return report;
}
