import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  formatMinor,
  parseMinor,
  type CrashBetRequest,
  type CrashBetResult,
  type CrashEvent,
  type CrashMyBet,
  type CrashPlayerView,
  type CrashRoundRecord,
  type CrashRoundView,
  type CrashState,
} from '@portal/contracts';
import {
  crashGameCode,
  crashGrowthPerMs,
  crashMaxMultiplier,
  crashMinAutoCashout,
  formatMultiplier,
} from '@portal/contracts/bgs';
import type { DB } from '../../../db/schema';
import { AppError, catalogued } from '../../../http/errors';
import type { MerchantConfig } from '../../system';
import type { BgsWallet, WalletPlayerRef } from '../bgs-wallet';
import { walletPlayer, type GameContext } from '../inhouse.service';
import { markWon } from './crash-won';
import * as repo from './crash.repo';
import type { CrashBetRow, CrashRoundRow } from './crash.repo';

/**
 * BGS Crash's money and views (docs/provably-fair.md "Crash"). A bet is written (placing) while the round
 * takes bets, then sent to the seamless wallet; a cash-out is one conditional UPDATE at the database's
 * clock, then the win is sent. Transaction ids name the round and the player — `<roundId>:<memberId>:bet`,
 * `:win`, `:rollback` — and the seamless round is `<roundId>:<memberId>`, so each moves money at most once
 * whoever sends it (the player's request, its retry, the leader, a new leader).
 */

/** Sends an event to the merchant's crash page viewers (the push channel; a no-op without one). */
export type CrashPublish = (merchantId: number, event: CrashEvent) => void;

export interface CrashDeps {
  db: Kysely<DB>;
  wallet: BgsWallet;
  publish: CrashPublish;
}

/** Players listed in the state answer and per pushed event (an event stays well under the push limit). */
const playersShown = 200;
export const playersPerEvent = 40;
const historyShown = 20;

/** Crash bet limits in whole currency units (scaled to the merchant's decimals). */
const limitUnits = { min: 1n, max: 1_000n };

export function crashLimitsMinor(decimals: number) {
  const unit = 10n ** BigInt(decimals);
  return { minMinor: limitUnits.min * unit, maxMinor: limitUnits.max * unit };
}

function checkedCrashBet(merchant: MerchantConfig, bet: string): bigint {
  const decimals = merchant.currency.decimals;
  const minor = parseMinor(bet, decimals);
  if (minor === null || minor <= 0n) {
    throw new AppError(
      'invalid_amount',
      `The bet must be a positive amount with at most ${decimals} decimals`,
    );
  }
  const limits = crashLimitsMinor(decimals);
  if (minor < limits.minMinor || minor > limits.maxMinor) {
    throw new AppError(
      'bet_out_of_range',
      `The bet must lie between ${formatMinor(limits.minMinor, decimals)} and ${formatMinor(limits.maxMinor, decimals)}`,
    );
  }
  return minor;
}

/** "2.5" -> 250 hundredths; null for none; invalid_amount outside 1.01-10000.00. */
export function parseAutoCashout(text: string | null | undefined): number | null {
  if (text === null || text === undefined || text === '') return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isInteger(hundredths) || hundredths < crashMinAutoCashout || hundredths > crashMaxMultiplier) {
    throw new AppError('invalid_amount', 'The auto cash-out must lie between 1.01 and 10000.00');
  }
  return hundredths;
}

export function walletRef(merchant: MerchantConfig, memberId: number): WalletPlayerRef {
  return {
    merchantCode: merchant.code,
    memberId,
    currency: merchant.currency.code,
    currencyDecimals: merchant.currency.decimals,
  };
}

/** The seamless round and transaction ids of a player's bet in a round. */
export function betIds(roundId: string, memberId: number) {
  const round = `${roundId}:${memberId}`;
  return { round, bet: `${round}:bet`, win: `${round}:win`, rollback: `${round}:rollback` };
}

export function newCrashRoundId(): string {
  return `c${randomBytes(16).toString('hex')}`;
}

/** "pl***1": enough to recognise oneself, not enough to find another player. */
export function maskName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

const phaseOf = (status: CrashRoundRow['status']): CrashRoundView['phase'] =>
  status === 'betting' ? 'betting' : status === 'flying' ? 'flying' : 'crashed';

export function roundView(row: CrashRoundRow): CrashRoundView {
  const crashed = row.status === 'crashed' || row.status === 'settled';
  return {
    roundId: row.round_id,
    roundNo: row.round_no,
    chainHash: row.chain_hash,
    phase: phaseOf(row.status),
    bettingEndsAt: row.betting_ends_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    crashPoint: crashed ? formatMultiplier(row.crash_point) : null,
    crashedAt: crashed ? (row.crashed_at?.toISOString() ?? null) : null,
    seed: crashed ? row.seed : null,
  };
}

export function playerView(row: CrashBetRow, decimals: number): Omit<CrashPlayerView, 'mine'> {
  const cashed = row.status === 'cashing' || row.status === 'won';
  return {
    betId: String(row.id),
    player: maskName(row.username),
    bet: formatMinor(row.bet_minor, decimals),
    cashout: cashed && row.cashout !== null ? formatMultiplier(row.cashout) : null,
    payout: cashed ? formatMinor(row.payout_minor, decimals) : null,
  };
}

export function myBetView(row: CrashBetRow, decimals: number): CrashMyBet {
  const status: CrashMyBet['status'] = row.status === 'voiding' ? 'void' : row.status;
  return {
    betId: String(row.id),
    roundId: row.round_id,
    bet: formatMinor(row.bet_minor, decimals),
    autoCashout: row.auto_cashout === null ? null : formatMultiplier(row.auto_cashout),
    status,
    cashout: row.cashout === null ? null : formatMultiplier(row.cashout),
    payout: formatMinor(row.payout_minor, decimals),
    failureCode: row.failure_code,
  };
}

/** Publishes players (bets or cash-outs) in events small enough for the push channel. */
export function publishPlayers(
  deps: CrashDeps,
  merchantId: number,
  roundId: string,
  players: Omit<CrashPlayerView, 'mine'>[],
): void {
  for (let index = 0; index < players.length; index += playersPerEvent) {
    deps.publish(merchantId, {
      type: 'crash.players',
      roundId,
      players: players.slice(index, index + playersPerEvent),
    });
  }
}

/**
 * Sends a cashed-out bet's win (cashing -> won). The wallet applies `<round>:<member>:win` once, so the
 * player's request, the leader and a new leader may all send it. Answers the balance after it.
 *
 * The move to won is shared with the other wins paid in the same moment (a thousand cash-outs at take-off
 * are a few UPDATEs, not a thousand); the player's cash-out answers without waiting for it (`awaitWon`
 * false). A bet left cashing by a crash in between has its win sent again by the leader's settlement,
 * which the wallet answers from its record: nothing is paid twice.
 */
export async function payWin(
  deps: CrashDeps,
  merchant: MerchantConfig,
  bet: CrashBetRow,
  awaitWon = true,
): Promise<bigint> {
  const ids = betIds(bet.round_id, bet.member_id);
  const reply = await deps.wallet.win(walletRef(merchant, bet.member_id), {
    transactionId: ids.win,
    roundId: ids.round,
    gameCode: crashGameCode,
    amount: formatMinor(bet.payout_minor, merchant.currency.decimals),
    roundClosed: true,
  });
  if (reply.kind === 'refused') {
    throw new AppError('wallet_unavailable', `The wallet refused the win (${reply.code}); retry`);
  }
  const won = markWon(deps.db, bet.id);
  if (awaitWon) await won;
  else won.catch(() => undefined); // left cashing: the leader's settlement finishes it
  return reply.balanceMinor;
}

/** Rolls back a bet claimed at take-off (voiding -> void): a refund if it arrived, a tombstone if not. */
export async function voidBet(deps: CrashDeps, merchant: MerchantConfig, bet: CrashBetRow): Promise<boolean> {
  const ids = betIds(bet.round_id, bet.member_id);
  const reply = await deps.wallet.rollback(walletRef(merchant, bet.member_id), {
    transactionId: ids.rollback,
    betTransactionId: ids.bet,
    roundId: ids.round,
    gameCode: crashGameCode,
    amount: formatMinor(bet.bet_minor, merchant.currency.decimals),
  });
  if (reply.kind === 'ok' || reply.code === 'already_rolled_back') {
    await repo.advanceBet(deps.db, bet.id, 'voiding', 'void');
    return true;
  }
  return false;
}

async function mustReadBet(deps: CrashDeps, id: bigint): Promise<CrashBetRow> {
  return repo.selectBetById(deps.db, id);
}

/** A bet in the round taking bets; the same requestId again answers (and finishes) the same bet. */
export async function placeBet(
  context: GameContext,
  deps: CrashDeps,
  request: CrashBetRequest,
): Promise<CrashBetResult> {
  const merchant = context.merchant;
  const betMinor = checkedCrashBet(merchant, request.bet);
  const autoCashout = parseAutoCashout(request.autoCashout);
  const insertedId = await repo.insertBet(deps.db, {
    roundId: request.roundId,
    merchantId: merchant.id,
    memberId: context.memberId,
    requestId: request.requestId,
    currency: merchant.currency.code,
    betMinor,
    autoCashout,
  });
  let bet: CrashBetRow;
  if (insertedId !== undefined) {
    bet = await mustReadBet(deps, insertedId);
  } else {
    const existing = await repo.selectBetByRequest(deps.db, context.memberId, request.requestId);
    if (existing) {
      if (
        existing.round_id !== request.roundId ||
        existing.bet_minor !== betMinor ||
        existing.auto_cashout !== autoCashout
      ) {
        throw new AppError('idempotency_conflict', 'This requestId was used for a different bet');
      }
      bet = existing;
    } else {
      if (await repo.selectBet(deps.db, context.memberId, request.roundId)) {
        throw new AppError('crash_bet_placed', 'You already have a bet in this round');
      }
      if (!(await repo.selectRound(deps.db, merchant.id, request.roundId))) {
        throw new AppError('round_not_found', 'No such round');
      }
      throw new AppError('betting_closed', 'This round no longer takes bets; bet in the next one');
    }
  }
  return finishBet(context, deps, bet);
}

async function finishBet(context: GameContext, deps: CrashDeps, start: CrashBetRow): Promise<CrashBetResult> {
  const merchant = context.merchant;
  const decimals = merchant.currency.decimals;
  let bet = start;
  let balanceMinor: bigint | undefined;
  if (bet.status === 'placing') {
    const ids = betIds(bet.round_id, bet.member_id);
    const reply = await deps.wallet.bet(walletPlayer(context), {
      transactionId: ids.bet,
      roundId: ids.round,
      gameCode: crashGameCode,
      amount: formatMinor(bet.bet_minor, decimals),
      roundClosed: false,
    });
    if (reply.kind === 'refused') {
      await repo.advanceBet(deps.db, bet.id, 'placing', 'refused', reply.code);
      throw new AppError(catalogued(reply.code, 'bet_refused'), reply.message, null, reply.status);
    }
    balanceMinor = reply.balanceMinor;
    if (await repo.advanceBet(deps.db, bet.id, 'placing', 'placed')) {
      bet = await mustReadBet(deps, bet.id);
      publishPlayers(deps, merchant.id, bet.round_id, [playerView(bet, decimals)]);
    } else {
      // Take-off claimed it first: the leader rolls it back (a refund of what just arrived).
      bet = await mustReadBet(deps, bet.id);
      balanceMinor = undefined;
    }
  }
  if (bet.status === 'refused') {
    throw new AppError(
      catalogued(bet.failure_code, 'bet_refused'),
      'The wallet refused this bet; nothing moved',
      null,
      409,
    );
  }
  balanceMinor ??= await deps.wallet.balance(walletPlayer(context));
  return { bet: myBetView(bet, decimals), balance: formatMinor(balanceMinor, decimals) };
}

/** Cashes out now (server time decides); repeating it answers the cashed bet. */
export async function cashOut(
  context: GameContext,
  deps: CrashDeps,
  roundId: string,
): Promise<CrashBetResult> {
  const merchant = context.merchant;
  const decimals = merchant.currency.decimals;
  // The UPDATE answers the moved bet itself: a cash-out costs no read before its win.
  const moved = await repo.cashOut(deps.db, merchant.id, context.memberId, roundId);
  const bet = moved ?? (await repo.selectBet(deps.db, context.memberId, roundId));
  if (!bet) throw new AppError('round_not_found', 'You have no bet in this round');
  if (bet.status === 'lost') throw new AppError('round_crashed', 'The round crashed before the cash-out');
  if (bet.status === 'placed') {
    const round = await repo.selectRound(deps.db, merchant.id, roundId);
    if (round?.started_at) throw new AppError('round_crashed', 'The round crashed before the cash-out');
    throw new AppError('round_not_open', 'The round has not taken off yet');
  }
  if (bet.status !== 'cashing' && bet.status !== 'won') {
    throw new AppError('round_not_open', 'This bet is not in the round');
  }
  let balanceMinor: bigint;
  let final = bet;
  if (bet.status === 'cashing') {
    balanceMinor = await payWin(deps, merchant, bet, false);
    final = { ...bet, status: 'won' };
  } else {
    balanceMinor = await deps.wallet.balance(walletPlayer(context));
  }
  if (moved) publishPlayers(deps, merchant.id, roundId, [playerView(bet, decimals)]);
  return { bet: myBetView(final, decimals), balance: formatMinor(balanceMinor, decimals) };
}

/** The current round, its players, the caller's bet, the last crash points and the active chain. */
export async function state(context: GameContext, deps: CrashDeps): Promise<CrashState> {
  const merchant = context.merchant;
  const decimals = merchant.currency.decimals;
  await repo.touchActivity(deps.db, merchant.id);
  const [round, history, chain, now] = await Promise.all([
    repo.selectLatestRound(deps.db, merchant.id),
    repo.selectHistory(deps.db, merchant.id, historyShown),
    repo.selectActiveChain(deps.db, merchant.id),
    repo.databaseNow(deps.db),
  ]);
  const [players, myBet] = round
    ? await Promise.all([
        repo.selectRoundPlayers(deps.db, round.id, playersShown),
        repo.selectBet(deps.db, context.memberId, round.round_id),
      ])
    : [[], undefined];
  const limits = crashLimitsMinor(decimals);
  return {
    serverTime: now.toISOString(),
    growthPerMs: crashGrowthPerMs,
    limits: {
      minBet: formatMinor(limits.minMinor, decimals),
      maxBet: formatMinor(limits.maxMinor, decimals),
      betStep: formatMinor(1n, decimals),
    },
    chain: chain ? { hash: chain.hash, length: chain.length } : null,
    round: round ? roundView(round) : null,
    players: players.map((row) => ({
      ...playerView(row, decimals),
      mine: row.member_id === context.memberId,
    })),
    myBet: myBet ? myBetView(myBet, decimals) : null,
    history: history.map((row) => ({
      roundId: row.round_id,
      roundNo: row.round_no,
      crashPoint: formatMultiplier(row.crash_point),
    })),
  };
}

/** A round as the verify page checks it (the merchant's own rounds; no session needed). */
export async function roundRecord(
  db: Kysely<DB>,
  merchantId: number,
  roundId: string,
): Promise<CrashRoundRecord> {
  const row = await repo.selectRound(db, merchantId, roundId);
  if (!row) throw new AppError('round_not_found', 'No such crash round');
  return { ...roundView(row), chainLength: row.chain_length };
}
