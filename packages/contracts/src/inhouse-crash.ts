import { z } from 'zod';
import { decimalPattern } from './rules/money';
import { bgsRequestId, bgsGameLimits } from './inhouse';
import { moneyText } from './wallet';

/**
 * BGS Crash (`bgs-crash`, docs/provably-fair.md "Crash"): shared rounds per merchant run by one leader
 * instance, crash points from a published hash chain, bets and cash-outs through the seamless wallet. The
 * game page calls `/wps/inhouse/crash/...` with the launch's game session token, like the other BGS games,
 * and hears rounds and cash-outs through the push channel (`crashEvent`).
 */

/** A multiplier as text with two decimals: "2.37". */
export const crashMultiplierText = z.string().regex(decimalPattern(5, 2), 'a multiplier such as 2.50');
export const crashRoundId = z.string().regex(/^c[0-9a-f]{32}$/, 'a crash round id');

/** betting: bets are taken until bettingEndsAt; flying: the curve rises from startedAt; crashed: over. */
export const crashPhases = ['betting', 'flying', 'crashed'] as const;
export type CrashPhase = (typeof crashPhases)[number];

/** A round as every player of the merchant sees it; the crash point and seed only once it crashed. */
export const crashRoundView = z.object({
  roundId: z.string(),
  /** The round's place in its chain (1 = the first round played from it). */
  roundNo: z.number().int(),
  /** The published final hash of the round's chain. */
  chainHash: z.string(),
  phase: z.enum(crashPhases),
  bettingEndsAt: z.string(),
  /** Take-off (the curve's time zero), null while betting. */
  startedAt: z.string().nullable(),
  crashPoint: crashMultiplierText.nullable(),
  crashedAt: z.string().nullable(),
  /** The round's seed, revealed at the crash. */
  seed: z.string().nullable(),
});
export type CrashRoundView = z.infer<typeof crashRoundView>;

/** One player's bet in a round as everyone sees it (the name masked; the auto target stays private). */
export const crashPlayerView = z.object({
  /** The bet's id: the page finds its own bet's cash-out in the pushed events by it. */
  betId: z.string(),
  player: z.string(),
  bet: moneyText,
  cashout: crashMultiplierText.nullable(),
  payout: moneyText.nullable(),
  /** The bet is the caller's own. */
  mine: z.boolean(),
});
export type CrashPlayerView = z.infer<typeof crashPlayerView>;

/**
 * placing: the bet call is outstanding; placed: in the round; cashing: cashed out, the win call
 * outstanding; won: paid; lost: the round crashed first; refused: the wallet refused the bet (nothing
 * moved); void: the bet did not make it into the flight and was rolled back.
 */
export const crashBetStatuses = ['placing', 'placed', 'cashing', 'won', 'lost', 'refused', 'void'] as const;
export type CrashBetStatus = (typeof crashBetStatuses)[number];

export const crashMyBet = z.object({
  betId: z.string(),
  roundId: z.string(),
  bet: moneyText,
  autoCashout: crashMultiplierText.nullable(),
  status: z.enum(crashBetStatuses),
  cashout: crashMultiplierText.nullable(),
  payout: moneyText,
  failureCode: z.string().nullable(),
});
export type CrashMyBet = z.infer<typeof crashMyBet>;

/** A finished round of the history strip. */
export const crashHistoryItem = z.object({
  roundId: z.string(),
  roundNo: z.number().int(),
  crashPoint: crashMultiplierText,
});
export type CrashHistoryItem = z.infer<typeof crashHistoryItem>;

/** `GET /wps/inhouse/crash/state`: everything the page needs to join the current round. */
export const crashState = z.object({
  /** The server's clock when it answered: the page animates the curve on the server's time. */
  serverTime: z.string(),
  /** The curve's growth per millisecond: multiplier(t) = e^(growthPerMs * t). */
  growthPerMs: z.number(),
  limits: bgsGameLimits,
  /** The chain the coming rounds are played from, published before its first round. */
  chain: z.object({ hash: z.string(), length: z.number().int() }).nullable(),
  round: crashRoundView.nullable(),
  players: z.array(crashPlayerView),
  myBet: crashMyBet.nullable(),
  history: z.array(crashHistoryItem),
});
export type CrashState = z.infer<typeof crashState>;

/** `POST /wps/inhouse/crash/bet`: a bet in the round now taking bets; requestId is its idempotency key. */
export const crashBetRequest = z.object({
  requestId: bgsRequestId,
  roundId: crashRoundId,
  bet: moneyText,
  /** Cash out by itself when the curve reaches this multiplier (1.01 to 10000.00), or null. */
  autoCashout: crashMultiplierText.nullable().optional(),
});
export type CrashBetRequest = z.infer<typeof crashBetRequest>;

export const crashCashoutRequest = z.object({ roundId: crashRoundId });
export type CrashCashoutRequest = z.infer<typeof crashCashoutRequest>;

/** A bet's or cash-out's answer: the caller's bet and the balance after it. */
export const crashBetResult = z.object({ bet: crashMyBet, balance: moneyText });
export type CrashBetResult = z.infer<typeof crashBetResult>;

export const crashRoundParams = z.object({ roundId: crashRoundId });

/** `GET /wps/inhouse/crash/rounds/:roundId`: a round with what the verify page needs. */
export const crashRoundRecord = crashRoundView.extend({ chainLength: z.number().int() });
export type CrashRoundRecord = z.infer<typeof crashRoundRecord>;

/**
 * What the push channel carries on the merchant's game topic of bgs-crash: a round's phase change (bets
 * open, take-off, the crash with its point and seed) and players' bets and cash-outs, in batches.
 */
export type CrashEvent =
  | { type: 'crash.round'; round: CrashRoundView }
  | { type: 'crash.players'; roundId: string; players: Omit<CrashPlayerView, 'mine'>[] };
