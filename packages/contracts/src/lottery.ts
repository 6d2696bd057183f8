import { z } from 'zod';
import {
  lotteryBetTypeNames,
  lotteryGameCodes,
  lotteryPrizeModes,
  type LotteryBetType,
} from './rules/lottery';
import { pageOf, pageQuery } from './paging';
import { moneyText } from './wallet';

/**
 * The lottery calls (docs/lottery.md): menus, the open draw, drawn numeros, betting, my bets, draw detail
 * and verification. Draw numbers ("numeros") are text such as 202611221805 (UTC minute of the draw).
 */
export const lotteryGameCode = z.enum(lotteryGameCodes);
export const lotteryBetType = z.enum(lotteryBetTypeNames as [LotteryBetType, ...LotteryBetType[]]);
const numero = z.string().regex(/^\d{12}$/, 'a draw number such as 202611221805');

/** A draw as players see it; seed and result stay null until the draw time has passed. */
export const lotteryDraw = z.object({
  gameCode: lotteryGameCode,
  numero,
  status: z.enum(['open', 'closed', 'drawn', 'settled']),
  opensAt: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
  /** SHA-256 (hex) of the secret seed, published when the draw opens. */
  seedHash: z.string(),
  /** The seed, revealed after the draw. */
  seed: z.string().nullable(),
  /** The three-digit result, e.g. "042", after the draw. */
  result: z.string().nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDraw>;

/** A lottery of the menu: its vendor (vassalage), schedule and current draw. */
export const lotteryMenuGame = z.object({
  gameCode: lotteryGameCode,
  gameName: z.string(),
  vassalage: z.string(),
  intervalSeconds: z.number().int(),
  closeBeforeSeconds: z.number().int(),
  minStake: moneyText,
  maxStake: moneyText,
  currentDraw: lotteryDraw.nullable(),
});
export type LotteryMenuGame = z.infer<typeof lotteryMenuGame>;

/** `/lgw/vn/games/game_menu` (and `/recent`): the lotteries, their prize mode and the odds table. */
export const lotteryMenu = z.object({
  prizeMode: z.enum(lotteryPrizeModes),
  games: z.array(lotteryMenuGame),
  betTypes: z.array(
    z.object({ betType: lotteryBetType, oddsHundredths: z.number().int(), pickDigits: z.number().int() }),
  ),
  serverTime: z.string(),
});
export type LotteryMenu = z.infer<typeof lotteryMenu>;

/**
 * `/wps/relay/lottery_modelList` (decision 0045): the spec's relay "model list" is the list of prize
 * models (prize modes) the merchant's lotteries are offered under: one model per lottery vendor, with its
 * lotteries, and the payout table with each bet type's return to player, so a client can say what each
 * line pays before a bet.
 */
export const lotteryPrizeModel = z.object({
  prizeMode: z.enum(lotteryPrizeModes),
  vassalage: z.string(),
  games: z.array(
    z.object({
      gameCode: lotteryGameCode,
      gameName: z.string(),
      intervalSeconds: z.number().int(),
      minStake: moneyText,
      maxStake: moneyText,
    }),
  ),
  betTypes: z.array(
    z.object({
      betType: lotteryBetType,
      oddsHundredths: z.number().int(),
      pickDigits: z.number().int(),
      /** Results out of the 1,000 a draw can have that win this bet type (for any one pick). */
      winningResults: z.number().int(),
      /** Return to player in basis points (9000 = 90 %), from the odds and the winning results. */
      returnToPlayerBasisPoints: z.number().int(),
    }),
  ),
});
export type LotteryPrizeModel = z.infer<typeof lotteryPrizeModel>;

export const lotteryModelList = z.object({
  /** The prize mode of the merchant's whole lottery group, as the menu answers it. */
  prizeMode: z.enum(lotteryPrizeModes),
  models: z.array(lotteryPrizeModel),
});
export type LotteryModelList = z.infer<typeof lotteryModelList>;

export const lotteryGameQuery = z.object({ gameCode: lotteryGameCode });
export type LotteryGameQuery = z.infer<typeof lotteryGameQuery>;

/** `/lotto/lgw/games/opened/numero`: the draw open for betting now and the last drawn one. */
export const lotteryOpenedNumero = z.object({
  current: lotteryDraw.nullable(),
  previous: lotteryDraw.nullable(),
  serverTime: z.string(),
});
export type LotteryOpenedNumero = z.infer<typeof lotteryOpenedNumero>;

/** `/lgw/vn/numeros/opened/game`: drawn numeros of a game, newest first, with their revealed seeds. */
export const lotteryResultsQuery = pageQuery.extend({ gameCode: lotteryGameCode });
export type LotteryResultsQuery = z.input<typeof lotteryResultsQuery>;
export const lotteryResultsPage = pageOf(lotteryDraw);
export type LotteryResultsPage = z.infer<typeof lotteryResultsPage>;

/** `POST /wps/relay/lottery_bet`: one bet on the open draw, exactly once per requestId. */
export const lotteryBetRequest = z.object({
  gameCode: lotteryGameCode,
  numero,
  betType: lotteryBetType,
  /** Two digits for TWO_DIGIT, three for THREE_DIGIT, absent for BIG and SMALL. */
  pick: z
    .string()
    .regex(/^\d{2,3}$/, 'two or three digits')
    .nullable()
    .optional(),
  amount: moneyText,
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8-64 letters, digits, _ or -'),
});
export type LotteryBetRequest = z.infer<typeof lotteryBetRequest>;

export const lotteryBetStatuses = ['pending', 'placed', 'won', 'lost', 'refused', 'void'] as const;

/** A player's bet. */
export const lotteryBet = z.object({
  id: z.string(),
  gameCode: lotteryGameCode,
  numero,
  betType: lotteryBetType,
  pick: z.string().nullable(),
  amount: moneyText,
  oddsHundredths: z.number().int(),
  status: z.enum(lotteryBetStatuses),
  payout: moneyText.nullable(),
  result: z.string().nullable(),
  createdAt: z.string(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;

export const lotteryBetPlaced = z.object({ bet: lotteryBet, balance: moneyText });
export type LotteryBetPlaced = z.infer<typeof lotteryBetPlaced>;

export const lotteryMyBetsQuery = pageQuery.extend({ gameCode: lotteryGameCode.optional() });
export type LotteryMyBetsQuery = z.input<typeof lotteryMyBetsQuery>;
export const lotteryBetsPage = pageOf(lotteryBet);
export type LotteryBetsPage = z.infer<typeof lotteryBetsPage>;

export const lotteryDrawQuery = z.object({ gameCode: lotteryGameCode, numero });
export type LotteryDrawQuery = z.infer<typeof lotteryDrawQuery>;

/** `/wps/relay/lottery_verify`: the server's recomputation, which the browser repeats on its own. */
export const lotteryVerification = z.object({
  draw: lotteryDraw,
  /** SHA-256 of the revealed seed equals the hash published before betting closed. */
  hashMatches: z.boolean(),
  recomputedResult: z.string(),
  /** Both checks hold: the hash matches and the recomputed result is the published one. */
  valid: z.boolean(),
});
export type LotteryVerification = z.infer<typeof lotteryVerification>;
