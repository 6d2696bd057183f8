import { z } from 'zod';
import { decimalPattern } from './rules/money';
import { wageringRules } from './rewards';
import { moneyText } from './wallet';

/**
 * Red envelopes and raffles (decision 0031, docs/rewards.md): two rewards drawn by commit-reveal, like
 * the lottery draws. The server commits SHA-256 of a secret seed when the operator creates them and
 * reveals the seed afterwards; anyone can recompute a red envelope's split or a raffle's winners from it.
 */

/** A positive amount such as 100.00 (the merchant's currency). */
const positiveMoney = z
  .string()
  .regex(decimalPattern(16, 4), 'an amount such as 100.00')
  .refine((text) => Number(text) > 0, 'more than zero');

const isoInstant = z.iso.datetime({ offset: true });

/** The most shares of one red envelope (each claimer takes one). */
export const maxRedEnvelopeShares = 1_000;

/** A red envelope as an operator writes it. */
export const redEnvelopePayload = z
  .object({
    title: z.string().trim().min(1).max(80),
    /** The whole pool, split at random into `shares` parts of at least one minor unit each. */
    pool: positiveMoney,
    shares: z.number().int().min(1).max(maxRedEnvelopeShares),
    startsAt: isoInstant,
    endsAt: isoInstant,
    /** Wagering of each share in the bonus wallet; multiplier 0 releases it to the main wallet at once. */
    wagering: wageringRules.default({ multiplier: 0, weights: {} }),
    withdrawRule: z.enum(['refuse', 'forfeit']).default('refuse'),
  })
  .refine((value) => Date.parse(value.endsAt) > Date.parse(value.startsAt), {
    message: 'ends after it starts',
    path: ['endsAt'],
  });
export type RedEnvelopePayload = z.input<typeof redEnvelopePayload>;

export const redEnvelopeIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'a red envelope id') });

/** coming: before the start; open: shares left; empty: every share claimed; closed: ended. */
export const redEnvelopeStates = ['coming', 'open', 'empty', 'closed'] as const;
export type RedEnvelopeState = (typeof redEnvelopeStates)[number];

/** A red envelope as a player sees it. */
export const playerRedEnvelope = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(redEnvelopeStates),
  pool: moneyText,
  shares: z.number().int(),
  sharesLeft: z.number().int(),
  /** SHA-256 (hex) of the seed, published before the first claim. */
  seedHash: z.string(),
  /** The seed, once the pool is empty or the envelope has ended (null before). */
  seed: z.string().nullable(),
  /** What the caller won (null: not claimed). */
  myAmount: moneyText.nullable(),
  wageringMultiplier: z.number().int(),
});
export type PlayerRedEnvelope = z.infer<typeof playerRedEnvelope>;

export const redEnvelopeList = z.object({ envelopes: z.array(playerRedEnvelope) });
export type RedEnvelopeList = z.infer<typeof redEnvelopeList>;

export const redEnvelopeClaimResult = z.object({
  amount: moneyText,
  /** The share taken (0-based, in the committed split's order). */
  shareIndex: z.number().int(),
  /** True when the caller had claimed already (nothing paid now). */
  replayed: z.boolean(),
  envelope: playerRedEnvelope,
});
export type RedEnvelopeClaimResult = z.infer<typeof redEnvelopeClaimResult>;

/** A red envelope recomputed from its revealed seed. */
export const redEnvelopeVerification = z.object({
  seed: z.string(),
  seedHash: z.string(),
  /** SHA-256 of the seed equals the hash published before the first claim. */
  hashMatches: z.boolean(),
  pool: moneyText,
  /** The split as stored and paid, in share order. */
  shares: z.array(moneyText),
  /** The split recomputed from the seed (the same algorithm as docs/rewards.md describes). */
  recomputed: z.array(moneyText),
  matches: z.boolean(),
});
export type RedEnvelopeVerification = z.infer<typeof redEnvelopeVerification>;

/** An operator's view of a red envelope. */
export const operatorRedEnvelope = z.object({
  id: z.string(),
  title: z.string(),
  pool: moneyText,
  shares: z.number().int(),
  claimed: z.number().int(),
  paid: moneyText,
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(redEnvelopeStates),
  seedHash: z.string(),
  seed: z.string().nullable(),
  wagering: wageringRules,
  withdrawRule: z.enum(['refuse', 'forfeit']),
});
export type OperatorRedEnvelope = z.infer<typeof operatorRedEnvelope>;
export const operatorRedEnvelopeList = z.object({ envelopes: z.array(operatorRedEnvelope) });
export const redEnvelopeCreateResult = z.object({ envelope: operatorRedEnvelope });

/**
 * How a raffle's tickets are earned over its window (whole merchant days, from the agent rollups): one
 * ticket per `validBetPerTicket` of valid bet, plus `ticketsPerDeposit` per deposit, at most
 * `maxTicketsPerPlayer`.
 */
export const raffleTicketRule = z
  .object({
    validBetPerTicket: positiveMoney.nullable().default(null),
    ticketsPerDeposit: z.number().int().min(0).max(100).default(0),
    maxTicketsPerPlayer: z.number().int().min(1).max(10_000).default(1_000),
  })
  .refine((rule) => rule.validBetPerTicket !== null || rule.ticketsPerDeposit > 0, {
    message: 'tickets come from valid bets, deposits or both',
    path: ['validBetPerTicket'],
  });
export type RaffleTicketRule = z.infer<typeof raffleTicketRule>;

/** A raffle as an operator writes it. */
export const rafflePayload = z
  .object({
    title: z.string().trim().min(1).max(80),
    startsAt: isoInstant,
    endsAt: isoInstant,
    /** When the draw is made: at or after the end (the job waits for the rollups to catch up too). */
    drawAt: isoInstant,
    tickets: raffleTicketRule,
    /** Prize of rank 1, 2, ...; each winner wins once. */
    prizes: z.array(positiveMoney).min(1).max(20),
    wagering: wageringRules.default({ multiplier: 0, weights: {} }),
    withdrawRule: z.enum(['refuse', 'forfeit']).default('refuse'),
  })
  .refine((value) => Date.parse(value.endsAt) > Date.parse(value.startsAt), {
    message: 'ends after it starts',
    path: ['endsAt'],
  })
  .refine((value) => Date.parse(value.drawAt) >= Date.parse(value.endsAt), {
    message: 'drawn at or after the end',
    path: ['drawAt'],
  });
export type RafflePayload = z.input<typeof rafflePayload>;

export const raffleIdParams = z.object({ id: z.string().regex(/^\d{1,12}$/, 'a raffle id') });

/** coming: before the start; open: earning tickets; drawing: ended, waiting for the draw; drawn. */
export const raffleStates = ['coming', 'open', 'drawing', 'drawn'] as const;
export type RaffleState = (typeof raffleStates)[number];

/** One winner of a drawn raffle: names masked as on the leaderboards. */
export const raffleWinner = z.object({
  rank: z.number().int(),
  player: z.string(),
  tickets: z.number().int(),
  prize: moneyText,
  mine: z.boolean(),
});
export type RaffleWinner = z.infer<typeof raffleWinner>;

/** A raffle as a player sees it, with the caller's tickets. */
export const playerRaffle = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  drawAt: z.string(),
  state: z.enum(raffleStates),
  tickets: raffleTicketRule,
  prizes: z.array(moneyText),
  /** The caller's tickets: so far while open, as drawn after the draw. */
  myTickets: z.number().int(),
  /** Every entrant's tickets together (known once drawn). */
  totalTickets: z.number().int().nullable(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  winners: z.array(raffleWinner),
  wageringMultiplier: z.number().int(),
});
export type PlayerRaffle = z.infer<typeof playerRaffle>;

export const raffleList = z.object({ raffles: z.array(playerRaffle) });
export type RaffleList = z.infer<typeof raffleList>;

/** A drawn raffle recomputed from its revealed seed and its entries in canonical order. */
export const raffleVerification = z.object({
  seed: z.string(),
  seedHash: z.string(),
  hashMatches: z.boolean(),
  /** The entries as drawn, in canonical order (account id ascending): masked name and tickets. */
  entries: z.array(z.object({ position: z.number().int(), player: z.string(), tickets: z.number().int() })),
  /** Positions (0-based, into entries) of the winners by rank, as drawn and as recomputed. */
  winners: z.array(z.number().int()),
  recomputed: z.array(z.number().int()),
  matches: z.boolean(),
});
export type RaffleVerification = z.infer<typeof raffleVerification>;

/** An operator's view of a raffle. */
export const operatorRaffle = z.object({
  id: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  drawAt: z.string(),
  state: z.enum(raffleStates),
  tickets: raffleTicketRule,
  prizes: z.array(moneyText),
  seedHash: z.string(),
  seed: z.string().nullable(),
  entrants: z.number().int().nullable(),
  winners: z.array(raffleWinner),
  wagering: wageringRules,
  withdrawRule: z.enum(['refuse', 'forfeit']),
});
export type OperatorRaffle = z.infer<typeof operatorRaffle>;
export const operatorRaffleList = z.object({ raffles: z.array(operatorRaffle) });
export const raffleCreateResult = z.object({ raffle: operatorRaffle });
