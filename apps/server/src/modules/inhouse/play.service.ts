import { randomBytes } from 'node:crypto';
import {
  formatMinor,
  type BgsDiceRequest,
  type BgsGameCode,
  type BgsMinesStartRequest,
  type BgsPlayResult,
  type BgsSpinRequest,
} from '@portal/contracts';
import { dicePayout, slotPayout, type BgsOutcome, type BgsParams } from '@portal/contracts/bgs';
import { AppError, catalogued } from '../../http/errors';
import { outcomeOf } from './fairness';
import { checkedBet, lockActiveSeed, walletPlayer, type GameContext } from './inhouse.service';
import * as repo from './inhouse.repo';
import type { RoundRow } from './inhouse.repo';
import { roundView } from './round-view';

/**
 * Playing a round: the outcome is drawn and the round written (status betting) in one transaction under
 * the seed's lock, which also hands out the nonce; then the bet and, for a win, the win go to the
 * seamless wallet, each a signed call with its own transaction id derived from the round id. A request
 * repeated with the same requestId finds its round and continues from where it stopped, so a lost
 * answer never plays twice and never loses a win.
 */

function newRoundId(): string {
  return `r${randomBytes(16).toString('hex')}`;
}

/** What the bet pays when it wins outright (slot and dice); mines pay at cash-out. */
function payoutOf(betMinor: bigint, params: BgsParams, outcome: BgsOutcome): bigint {
  if (outcome.game === 'bgs-slot') return slotPayout(betMinor, outcome);
  if (outcome.game === 'bgs-dice' && params.game === 'bgs-dice') {
    return outcome.win ? dicePayout(betMinor, params) : 0n;
  }
  return 0n;
}

function sameRequest(row: RoundRow, gameCode: BgsGameCode, betMinor: bigint, params: BgsParams): boolean {
  return (
    row.game_code === gameCode &&
    row.bet_minor === betMinor &&
    JSON.stringify(row.params) === JSON.stringify(params)
  );
}

/** Writes the round (or finds the one this requestId already wrote). */
async function openRound(
  context: GameContext,
  requestId: string,
  betMinor: bigint,
  params: BgsParams,
): Promise<RoundRow> {
  const gameCode = params.game;
  const roundId = await context.db.transaction().execute(async (trx) => {
    // The seed lock first: a repeated request waits here for the first, then finds its round.
    const seed = await lockActiveSeed(trx, context);
    const existing = await repo.selectRoundByRequest(trx, context.memberId, requestId);
    if (existing) {
      if (!sameRequest(existing, gameCode, betMinor, params)) {
        throw new AppError('idempotency_conflict', 'This requestId was used for a different play');
      }
      return existing.round_id;
    }
    if (gameCode === 'bgs-mines' && (await repo.selectLiveMinesRound(trx, context.memberId))) {
      throw new AppError('round_in_progress', 'A mines round is still in play; finish it first');
    }
    const nonce = seed.next_nonce;
    const outcome = await outcomeOf({
      serverSeed: seed.server_seed,
      clientSeed: seed.client_seed,
      nonce,
      params,
    });
    const id = newRoundId();
    await repo.insertRound(trx, {
      roundId: id,
      merchantId: context.merchant.id,
      memberId: context.memberId,
      gameCode,
      requestId,
      seedId: seed.id,
      clientSeed: seed.client_seed,
      nonce,
      currency: context.merchant.currency.code,
      betMinor,
      payoutMinor: payoutOf(betMinor, params, outcome),
      params,
      outcome,
    });
    await repo.incrementNonce(trx, seed.id);
    return id;
  });
  return mustRead(context, roundId);
}

async function mustRead(context: GameContext, roundId: string): Promise<RoundRow> {
  const row = await repo.selectRound(context.db, context.memberId, roundId);
  if (!row) throw new Error(`round ${roundId} vanished`);
  return row;
}

/**
 * Drives a round through its outstanding seamless calls: the bet (betting -> open for mines, paying for
 * a win, settled for a loss; refused when the wallet refuses) and the win (paying -> settled). Answers
 * the round and the balance after it.
 */
export async function settle(context: GameContext, start: RoundRow): Promise<BgsPlayResult> {
  const player = walletPlayer(context);
  const decimals = context.merchant.currency.decimals;
  let row = start;
  let balanceMinor: bigint | undefined;
  if (row.status === 'betting') {
    const isMines = row.game_code === 'bgs-mines';
    const reply = await context.wallet.bet(player, {
      transactionId: `${row.round_id}:bet`,
      roundId: row.round_id,
      gameCode: row.game_code,
      amount: formatMinor(row.bet_minor, decimals),
      roundClosed: !isMines && row.payout_minor === 0n,
    });
    if (reply.kind === 'refused') {
      await repo.advanceRound(context.db, row.round_id, 'betting', {
        status: 'refused',
        failureCode: reply.code,
        payoutMinor: 0n,
      });
      throw new AppError(catalogued(reply.code, 'bet_refused'), reply.message, null, reply.status);
    }
    balanceMinor = reply.balanceMinor;
    const next = isMines ? 'open' : row.payout_minor > 0n ? 'paying' : 'settled';
    await repo.advanceRound(context.db, row.round_id, 'betting', { status: next });
    row = await mustRead(context, row.round_id);
  }
  if (row.status === 'refused') {
    throw new AppError(
      catalogued(row.failure_code, 'bet_refused'),
      'The wallet refused this bet; nothing moved',
      null,
      409,
    );
  }
  if (row.status === 'paying') {
    const reply = await context.wallet.win(player, {
      transactionId: `${row.round_id}:win`,
      roundId: row.round_id,
      gameCode: row.game_code,
      amount: formatMinor(row.payout_minor, decimals),
      roundClosed: true,
    });
    if (reply.kind === 'refused') {
      // A win is never refused for the player's sake; the round stays paying and a retry finishes it.
      throw new AppError('wallet_unavailable', `The wallet refused the win (${reply.code}); retry`);
    }
    balanceMinor = reply.balanceMinor;
    await repo.advanceRound(context.db, row.round_id, 'paying', { status: 'settled' });
    row = await mustRead(context, row.round_id);
  }
  balanceMinor ??= await context.wallet.balance(player);
  return { round: roundView(row, decimals), balance: formatMinor(balanceMinor, decimals) };
}

/** One slot spin. */
export async function spin(context: GameContext, request: BgsSpinRequest): Promise<BgsPlayResult> {
  const betMinor = checkedBet('bgs-slot', context.merchant, request.bet);
  return settle(context, await openRound(context, request.requestId, betMinor, { game: 'bgs-slot' }));
}

/** One dice roll over or under the target. */
export async function roll(context: GameContext, request: BgsDiceRequest): Promise<BgsPlayResult> {
  const betMinor = checkedBet('bgs-dice', context.merchant, request.bet);
  const params: BgsParams = { game: 'bgs-dice', target: request.target, direction: request.direction };
  return settle(context, await openRound(context, request.requestId, betMinor, params));
}

/** Starts a mines round: the bet is taken now, the board stays hidden until it ends. */
export async function startMines(
  context: GameContext,
  request: BgsMinesStartRequest,
): Promise<BgsPlayResult> {
  const betMinor = checkedBet('bgs-mines', context.merchant, request.bet);
  const params: BgsParams = { game: 'bgs-mines', mineCount: request.mineCount };
  return settle(context, await openRound(context, request.requestId, betMinor, params));
}

export { mustRead };
