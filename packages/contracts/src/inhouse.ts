import { z } from 'zod';
import { bgsGameCodes, diceParamsValid, minesMaxCount, minesMinCount, minesTileCount } from './bgs/games';
import { pageOf, pageQuery } from './paging';
import { moneyText } from './wallet';

/**
 * The in-house vendor BGS (docs/provably-fair.md): its game pages call `/wps/inhouse/...` with the game
 * session token of the launch as `Authorization: Bearer`; every bet and win goes through the seamless
 * wallet like any outside vendor's.
 */

export const bgsVendorCode = 'BGS';
export { bgsGameCodes, isBgsGameCode, type BgsGameCode } from './bgs/games';

/** The page a launch of a BGS game opens in the game popup: `/bgs/play/<gameCode>?session=<token>`. */
export function bgsLaunchUrl(gameCode: string, gameSessionToken: string): string {
  return `/bgs/play/${encodeURIComponent(gameCode)}?session=${encodeURIComponent(gameSessionToken)}`;
}

export const bgsGameCode = z.enum(bgsGameCodes);
/** A play's request id (its idempotency key): 8-64 letters, digits, '-' or '_'. */
export const bgsRequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'a request id of 8-64 characters');
export const bgsRoundId = z.string().regex(/^r[0-9a-f]{32}$/, 'a round id');
export const clientSeedText = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '1-64 letters, digits, - or _');
export const serverSeedText = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');

/** The fairness state shown before play: the hash of the hidden server seed, the client seed, the nonce. */
export const bgsSeedInfo = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next bet will use (bets so far with this server seed). */
  nonce: z.number().int(),
});
export type BgsSeedInfo = z.infer<typeof bgsSeedInfo>;

export const bgsSetClientSeed = z.object({ clientSeed: clientSeedText });
export type BgsSetClientSeed = z.infer<typeof bgsSetClientSeed>;

/** `POST /wps/inhouse/seed/rotate`: the old seed revealed, and the new one's hash. */
export const bgsSeedRotation = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Bets played with it (nonces 0 .. nonce-1). */
    nonce: z.number().int(),
  }),
  current: bgsSeedInfo,
});
export type BgsSeedRotation = z.infer<typeof bgsSeedRotation>;

/** Bet limits of one game, as decimal amounts. */
export const bgsGameLimits = z.object({ minBet: moneyText, maxBet: moneyText, betStep: moneyText });
export type BgsGameLimits = z.infer<typeof bgsGameLimits>;

/** `GET /wps/inhouse/session`: what a game page needs first. */
export const bgsSessionInfo = z.object({
  balance: moneyText,
  currency: z.string(),
  currencyDecimals: z.number().int(),
  limits: z.record(bgsGameCode, bgsGameLimits),
  seed: bgsSeedInfo,
  /**
   * The in-house games' names by game code, as the merchant's game catalogue names them (the one name a
   * game has: its tile, the popup's title, the game's heading and the betting records all show it).
   */
  gameNames: z.record(z.string(), z.string()),
});
export type BgsSessionInfo = z.infer<typeof bgsSessionInfo>;

export const bgsSpinRequest = z.object({ requestId: bgsRequestId, bet: moneyText });
export type BgsSpinRequest = z.infer<typeof bgsSpinRequest>;

const diceFields = {
  target: z.number().int().min(0).max(9_999),
  direction: z.enum(['over', 'under']),
};
const diceChance = (value: { target: number; direction: 'over' | 'under' }) => diceParamsValid(value);
const diceChanceMessage = { message: 'the chance to win must lie between 1% and 98%', path: ['target'] };

export const bgsDiceRequest = z
  .object({ requestId: bgsRequestId, bet: moneyText, ...diceFields })
  .refine(diceChance, diceChanceMessage);
export type BgsDiceRequest = z.infer<typeof bgsDiceRequest>;

const mineCount = z.number().int().min(minesMinCount).max(minesMaxCount);
export const bgsMinesStartRequest = z.object({ requestId: bgsRequestId, bet: moneyText, mineCount });
export type BgsMinesStartRequest = z.infer<typeof bgsMinesStartRequest>;
export const bgsMinesRevealRequest = z.object({
  roundId: bgsRoundId,
  tile: z
    .number()
    .int()
    .min(0)
    .max(minesTileCount - 1),
});
export type BgsMinesRevealRequest = z.infer<typeof bgsMinesRevealRequest>;
export const bgsMinesCashoutRequest = z.object({ roundId: bgsRoundId });
export type BgsMinesCashoutRequest = z.infer<typeof bgsMinesCashoutRequest>;

/** A round's game parameters (tagged by game). */
export const bgsParams = z.discriminatedUnion('game', [
  z.object({ game: z.literal('bgs-slot') }),
  z.object({ game: z.literal('bgs-dice'), ...diceFields }).refine(diceChance, diceChanceMessage),
  z.object({ game: z.literal('bgs-mines'), mineCount }),
]);

/** A round's outcome; mines positions stay hidden (null) while the round is open. */
export const bgsOutcome = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('bgs-slot'),
    stops: z.array(z.number().int()),
    window: z.array(z.array(z.number().int())),
    lines: z.array(
      z.object({
        line: z.number().int(),
        symbol: z.number().int(),
        count: z.number().int(),
        multiplier: z.number().int(),
      }),
    ),
    lineMultiplier: z.number().int(),
  }),
  z.object({ game: z.literal('bgs-dice'), roll: z.number().int(), win: z.boolean() }),
  z.object({ game: z.literal('bgs-mines'), mines: z.array(z.number().int()) }),
]);

/**
 * betting: the bet call is outstanding; open: a mines round in play; paying: the win call is
 * outstanding; settled: finished (payout final, zero for a loss); refused: the wallet refused the bet and
 * nothing moved.
 */
export const bgsRoundStatuses = ['betting', 'open', 'paying', 'settled', 'refused'] as const;
export type BgsRoundStatus = (typeof bgsRoundStatuses)[number];

export const bgsRound = z.object({
  roundId: z.string(),
  gameCode: bgsGameCode,
  status: z.enum(bgsRoundStatuses),
  /** Why the bet was refused (insufficient_funds, session_expired, ...), null otherwise. */
  failureCode: z.string().nullable(),
  bet: moneyText,
  payout: moneyText,
  currency: z.string(),
  serverSeedHash: z.string(),
  /** Revealed once the player rotated the seed; null until then. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  params: bgsParams,
  outcome: bgsOutcome.nullable(),
  /** Mines: tiles revealed, in order. */
  reveals: z.array(z.number().int()),
  /** Mines: what cashing out now would pay (open rounds), else null. */
  cashoutValue: moneyText.nullable(),
  createdAt: z.string(),
});
export type BgsRound = z.infer<typeof bgsRound>;

/** Every play's answer: the round and the balance after it. */
export const bgsPlayResult = z.object({ round: bgsRound, balance: moneyText });
export type BgsPlayResult = z.infer<typeof bgsPlayResult>;

/** `GET /wps/inhouse/mines/active`: the open mines round to resume, or null. */
export const bgsActiveMines = z.object({ round: bgsRound.nullable() });
export type BgsActiveMines = z.infer<typeof bgsActiveMines>;

export const bgsRoundsQuery = pageQuery.extend({ gameCode: bgsGameCode.optional() });
export type BgsRoundsQuery = z.input<typeof bgsRoundsQuery>;
export const bgsRoundsPage = pageOf(bgsRound);
export type BgsRoundsPage = z.infer<typeof bgsRoundsPage>;
export const bgsRoundParams = z.object({ roundId: bgsRoundId });

/** `POST /wps/inhouse/verify`: recompute an outcome from a revealed seed (no session needed). */
export const bgsVerifyRequest = z.object({
  serverSeed: serverSeedText,
  clientSeed: clientSeedText,
  nonce: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  params: bgsParams,
});
export type BgsVerifyRequest = z.infer<typeof bgsVerifyRequest>;
export const bgsVerifyResult = z.object({ serverSeedHash: z.string(), outcome: bgsOutcome });
export type BgsVerifyResult = z.infer<typeof bgsVerifyResult>;
