import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  formatMinor,
  parseMinor,
  type ErrorCode,
  type SeamlessAnswer,
  type SeamlessBalanceRequest,
  type SeamlessBetRequest,
  type SeamlessRollbackRequest,
  type SeamlessWinRequest,
} from '@portal/contracts';
import type { DB, SeamlessKind } from '../../db/schema';
import { AppError } from '../../http/errors';
import { raiseAlert } from '../security';
import type { MerchantConfig } from '../system';
import type { SeamlessBatcher } from './seamless-batcher';
import * as repo from './seamless.repo';
import type { SeamlessStatus } from './seamless.repo';

/**
 * The seamless wallet: vendors debit bets from and credit wins to the player's main wallet, one call at a
 * time, exactly once per vendor transaction id. The signature was checked by the route; here the merchant,
 * currency and amount are checked and the money rules run in one database round trip.
 */
export const gameSessionTtlMs = 4 * 60 * 60 * 1000;

/** Opens a game session for a launch: bets need a live one, wins and rollbacks do not. */
export async function openGameSession(
  db: Kysely<DB>,
  session: { merchantId: number; memberId: number; vendorCode: string; ttlMs?: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertGameSession(db, {
    tokenHash: hashSessionToken(token),
    merchantId: session.merchantId,
    memberId: session.memberId,
    vendorCode: session.vendorCode,
    expiresAt: new Date(Date.now() + (session.ttlMs ?? gameSessionTtlMs)),
  });
  return token;
}

function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Statuses whose call was applied (a success answer); every other status is a refusal. */
type AppliedStatus = 'ok' | 'replayed' | 'orphan_win_accepted';

/** The refusal each other status of seamless_apply becomes. */
const refusals: Record<Exclude<SeamlessStatus, AppliedStatus>, [number, string]> = {
  conflict: [409, 'This transactionId was used for a different request'],
  insufficient_funds: [409, 'The balance is too low'],
  bet_rolled_back: [409, 'This bet was rolled back before it arrived; it is refused'],
  session_expired: [403, 'The game session has expired; bets need a live session'],
  unknown_player: [404, 'No such player at this merchant'],
  amount_mismatch: [409, 'The rollback does not match the bet (player or amount)'],
  already_rolled_back: [409, 'This bet has already been rolled back'],
  round_has_no_bet: [409, 'This round has no bet; wins without a stake are refused for this vendor'],
  win_limit_exceeded: [409, "This win would take the round's wins over the limit set for this vendor"],
  rg_blocked: [403, 'The player is on a break or self-excluded; bets are refused (do not retry)'],
  rg_limit_reached: [
    403,
    'The bet would take the player past a loss, wager or session time limit; it is refused (do not retry)',
  ],
};
const statusCodes: Partial<Record<SeamlessStatus, ErrorCode>> = { conflict: 'idempotency_conflict' };

function checkedCurrency(merchant: MerchantConfig, currency: string): void {
  if (currency !== merchant.currency.code) {
    throw new AppError('currency_mismatch', `This merchant's currency is ${merchant.currency.code}`);
  }
}

/** The positive amount in minor units, or invalid_amount (zero, negative, too many decimals, too big). */
function checkedAmount(merchant: MerchantConfig, amount: string): bigint {
  const minor = parseMinor(amount, merchant.currency.decimals);
  if (minor === null || minor <= 0n) {
    throw new AppError(
      'invalid_amount',
      `The amount must be positive with at most ${merchant.currency.decimals} decimals and below 10^18 minor units`,
    );
  }
  return minor;
}

function answer(merchant: MerchantConfig, balanceMinor: bigint, extra: Partial<SeamlessAnswer> = {}) {
  return {
    balance: formatMinor(balanceMinor, merchant.currency.decimals),
    currency: merchant.currency.code,
    ...extra,
  };
}

export async function balance(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  request: SeamlessBalanceRequest,
): Promise<SeamlessAnswer> {
  checkedCurrency(merchant, request.currency);
  const minor = await repo.selectPlayerBalance(db, merchant.id, Number(request.playerId), request.currency);
  if (minor === undefined) throw new AppError('unknown_player', refusals.unknown_player[1]);
  return answer(merchant, minor);
}

type MoneyRequest = SeamlessBetRequest | SeamlessWinRequest | SeamlessRollbackRequest;

/**
 * Applies a bet, win or rollback; a duplicate transactionId gets the stored answer with replayed (or the
 * stored refusal of a win). Wins that look like a leaked vendor secret are reported to `log`.
 */
export async function apply(
  batcher: SeamlessBatcher,
  merchant: MerchantConfig,
  vendorCode: string,
  kind: SeamlessKind,
  request: MoneyRequest,
  log?: FastifyBaseLogger,
): Promise<SeamlessAnswer> {
  checkedCurrency(merchant, request.currency);
  const amountMinor = checkedAmount(merchant, request.amount);
  const betTransactionId = 'betTransactionId' in request ? request.betTransactionId : null;
  // The content that must match on a duplicate; the session token is left out (a retry may renew it).
  const requestHash = createHash('sha256')
    .update(
      JSON.stringify([
        kind,
        request.playerId,
        amountMinor.toString(),
        request.roundId,
        request.gameCode,
        betTransactionId,
      ]),
    )
    .digest('hex');
  const { status, balanceMinor } = await batcher.submit({
    merchantId: merchant.id,
    vendorCode,
    transactionId: request.transactionId,
    kind,
    memberId: Number(request.playerId),
    currency: request.currency,
    amountMinor,
    roundId: request.roundId,
    gameCode: request.gameCode,
    betTransactionId,
    requestHash,
    sessionTokenHash: 'sessionToken' in request ? hashSessionToken(request.sessionToken) : null,
    closeRound: 'roundClosed' in request ? (request.roundClosed ?? false) : false,
  });
  if (winAlerts[status] !== undefined) {
    await reportWin(batcher.db, log, { merchant, vendorCode, status, request });
  }
  if (status === 'ok' || status === 'replayed' || status === 'orphan_win_accepted') {
    return answer(merchant, balanceMinor, {
      transactionId: request.transactionId,
      ...(status === 'replayed' ? { replayed: true } : {}),
    });
  }
  const [httpStatus, message] = refusals[status];
  const value = status === 'insufficient_funds' ? answer(merchant, balanceMinor) : null;
  throw new AppError(statusCodes[status] ?? status, message, value, httpStatus);
}

/** The security alert kind of each suspicious win (decision 0024): what a leaked vendor secret would send. */
const winAlerts: Partial<Record<SeamlessStatus, string>> = {
  orphan_win_accepted: 'seamless_orphan_win',
  round_has_no_bet: 'seamless_orphan_win_refused',
  win_limit_exceeded: 'seamless_win_limit_exceeded',
};

/**
 * A warn log line for every suspicious win (vendor, round, amount), and a security alert (one row per
 * merchant, kind and vendor an hour) for operators. A failure to record the alert is logged, never
 * answered: an accepted win has moved money already and its answer must say so.
 */
async function reportWin(
  db: Kysely<DB>,
  log: FastifyBaseLogger | undefined,
  event: { merchant: MerchantConfig; vendorCode: string; status: SeamlessStatus; request: MoneyRequest },
): Promise<void> {
  const kind = winAlerts[event.status];
  if (!kind || !log) return;
  const { merchant, vendorCode, request } = event;
  const detail = {
    outcome: event.status,
    vendorCode,
    merchantCode: merchant.code,
    playerId: request.playerId,
    roundId: request.roundId,
    transactionId: request.transactionId,
    amount: request.amount,
    currency: request.currency,
  };
  log.warn({ seamlessWin: detail }, `seamless win ${event.status} (vendor ${vendorCode})`);
  try {
    await raiseAlert(db, log, { merchantId: merchant.id, kind, subject: `vendor:${vendorCode}`, detail });
  } catch (error) {
    log.error({ err: error, seamlessWin: detail }, 'the security alert of a seamless win was not recorded');
  }
}
