import { FairStream, fromHex, type HmacSha256 } from './fair-stream';

/**
 * The rules of the in-house (BGS) games: a 5x3 slot machine, dice and mines. Pure functions of the fair
 * stream, shared by the server (which plays) and the verify page (which recomputes). docs/provably-fair.md
 * documents every rule and the return to player.
 */

export const bgsGameCodes = ['bgs-slot', 'bgs-dice', 'bgs-mines'] as const;
export type BgsGameCode = (typeof bgsGameCodes)[number];

/** Whether a game code is one of BGS's. */
export function isBgsGameCode(code: string): code is BgsGameCode {
  return (bgsGameCodes as readonly string[]).includes(code);
}

/** No round pays more than this multiple of its bet (the mines ladder and slot jackpots stop here). */
export const maxPayoutMultiple = 10_000n;

// ---- Slot: five reels of 30 stops, three rows shown, ten paylines, pays left to right. ----

export const slotSymbols = ['cherry', 'lemon', 'bell', 'clover', 'diamond', 'seven', 'crown'] as const;
export type SlotSymbol = (typeof slotSymbols)[number];
/** Stops per symbol on every reel (cherry 8 ... crown 1), 30 in all. */
export const slotSymbolCounts = [8, 7, 5, 4, 3, 2, 1] as const;
export const slotReelLength = 30;
export const slotRows = 3;
/** The reel strips (symbol indexes); each holds slotSymbolCounts of every symbol in its own order. */
export const slotReels: readonly (readonly number[])[] = [
  [5, 0, 2, 3, 0, 1, 1, 0, 3, 0, 3, 1, 1, 0, 4, 1, 0, 6, 0, 1, 4, 2, 3, 0, 2, 5, 4, 2, 1, 2],
  [5, 0, 0, 1, 0, 2, 2, 0, 3, 0, 0, 0, 4, 1, 2, 2, 1, 3, 4, 4, 2, 1, 3, 6, 1, 1, 5, 0, 3, 1],
  [3, 1, 2, 6, 1, 0, 2, 4, 0, 3, 1, 0, 5, 4, 1, 4, 1, 2, 3, 2, 0, 1, 3, 0, 5, 2, 0, 0, 0, 1],
  [3, 0, 0, 4, 2, 4, 5, 0, 4, 1, 0, 0, 1, 1, 0, 3, 1, 2, 1, 5, 0, 1, 3, 6, 0, 2, 3, 1, 2, 2],
  [1, 4, 2, 5, 2, 5, 0, 4, 0, 3, 0, 0, 0, 1, 2, 1, 1, 2, 1, 1, 1, 0, 0, 0, 6, 2, 4, 3, 3, 3],
];
/** Row (0 top, 1 middle, 2 bottom) of each reel for each payline. */
export const slotPaylines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];
/** Line multipliers (of the line bet = bet / 10) for 3, 4 and 5 of a symbol from the leftmost reel. */
export const slotPaytable: readonly (readonly [number, number, number])[] = [
  [6, 20, 60],
  [9, 35, 120],
  [20, 80, 300],
  [40, 150, 600],
  [60, 250, 1000],
  [150, 600, 2500],
  [500, 2500, 10000],
];
/** The slot bet is split over the lines, so it must be a whole multiple of this many minor units. */
export const slotBetStepMinor = BigInt(slotPaylines.length);

export interface SlotLineWin {
  line: number;
  symbol: number;
  count: number;
  multiplier: number;
}

export interface SlotOutcome {
  game: 'bgs-slot';
  /** The top stop of each reel. */
  stops: number[];
  /** window[reel][row]: the symbol index shown. */
  window: number[][];
  lines: SlotLineWin[];
  /** Sum of the line multipliers (of the line bet). */
  lineMultiplier: number;
}

/** Draws the five reel stops and scores the paylines. */
export async function slotOutcome(stream: FairStream): Promise<SlotOutcome> {
  const stops: number[] = [];
  for (let reel = 0; reel < slotReels.length; reel += 1) stops.push(await stream.int(slotReelLength));
  return scoreSlot(stops);
}

/** The window and line wins of the given reel stops. */
export function scoreSlot(stops: number[]): SlotOutcome {
  const window = stops.map((stop, reel) =>
    Array.from({ length: slotRows }, (_, row) => slotReels[reel]![(stop + row) % slotReelLength]!),
  );
  const lines: SlotLineWin[] = [];
  slotPaylines.forEach((rows, line) => {
    const symbol = window[0]![rows[0]!]!;
    let count = 1;
    while (count < rows.length && window[count]![rows[count]!] === symbol) count += 1;
    if (count >= 3) lines.push({ line, symbol, count, multiplier: slotPaytable[symbol]![count - 3]! });
  });
  return {
    game: 'bgs-slot',
    stops,
    window,
    lines,
    lineMultiplier: lines.reduce((sum, win) => sum + win.multiplier, 0),
  };
}

/**
 * The slot's exact return to player. Each payline shows on every reel a uniformly random stop, so a line
 * pays symbol s exactly k times (k < 5) with probability p^k (1 - p) and five times with p^5, p being
 * s's share of the strip; the return is the expected line multiplier (ten lines of bet/10 each).
 */
export function slotTheoreticalRtp(): number {
  let expected = 0;
  slotSymbolCounts.forEach((count, symbol) => {
    const p = count / slotReelLength;
    const pays = slotPaytable[symbol]!;
    expected += p ** 3 * (1 - p) * pays[0] + p ** 4 * (1 - p) * pays[1] + p ** 5 * pays[2];
  });
  return expected;
}

// ---- Dice: a roll 0.00-99.99 (0-9999), over or under a target, 1% house edge. ----

export const diceOutcomeCount = 10_000;
/** Payout numerator: a bet wins bet * 9900 / (winning outcomes), so every target returns 99%. */
export const diceReturnNumerator = 9_900n;
export const diceMinWinningOutcomes = 100;
export const diceMaxWinningOutcomes = 9_800;
export type DiceDirection = 'over' | 'under';

export interface DiceParams {
  /** In hundredths: 5000 means 50.00. */
  target: number;
  direction: DiceDirection;
}

export interface DiceOutcome {
  game: 'bgs-dice';
  roll: number;
  win: boolean;
}

/** How many of the 10,000 rolls win: under T wins 0..T-1, over T wins T+1..9999. */
export function diceWinningOutcomes(params: DiceParams): number {
  return params.direction === 'under' ? params.target : diceOutcomeCount - 1 - params.target;
}

/** Whether the target is an integer whose chance lies between 1% and 98%. */
export function diceParamsValid(params: DiceParams): boolean {
  if (!Number.isInteger(params.target) || params.target < 0 || params.target >= diceOutcomeCount)
    return false;
  const winning = diceWinningOutcomes(params);
  return winning >= diceMinWinningOutcomes && winning <= diceMaxWinningOutcomes;
}

/** Rolls once. */
export async function diceOutcome(stream: FairStream, params: DiceParams): Promise<DiceOutcome> {
  const roll = await stream.int(diceOutcomeCount);
  const win = params.direction === 'under' ? roll < params.target : roll > params.target;
  return { game: 'bgs-dice', roll, win };
}

/** The payout of a winning dice bet (floor to the minor unit). */
export function dicePayout(betMinor: bigint, params: DiceParams): bigint {
  return capPayout(betMinor, (betMinor * diceReturnNumerator) / BigInt(diceWinningOutcomes(params)));
}

// ---- Mines: 25 tiles, 1-24 mines placed by a partial Fisher-Yates shuffle; cash out after a reveal. ----

export const minesTileCount = 25;
export const minesMinCount = 1;
export const minesMaxCount = 24;

export interface MinesOutcome {
  game: 'bgs-mines';
  /** Mine tile indexes (row * 5 + column), ascending. */
  mines: number[];
}

/** Places the mines: tiles 0..24 shuffled by drawing position i from the i..24 still unplaced. */
export async function minesOutcome(stream: FairStream, mineCount: number): Promise<MinesOutcome> {
  const tiles = Array.from({ length: minesTileCount }, (_, index) => index);
  for (let index = 0; index < mineCount; index += 1) {
    const pick = index + (await stream.int(minesTileCount - index));
    [tiles[index], tiles[pick]] = [tiles[pick]!, tiles[index]!];
  }
  return { game: 'bgs-mines', mines: tiles.slice(0, mineCount).sort((a, b) => a - b) };
}

/**
 * The cash-out after `safeRevealed` safe tiles: 0.99 / P(all of them safe), i.e. bet * 0.99 *
 * prod (25 - i) / (25 - mines - i), floored, capped at maxPayoutMultiple.
 */
export function minesPayout(betMinor: bigint, mineCount: number, safeRevealed: number): bigint {
  let numerator = 99n * betMinor;
  let denominator = 100n;
  for (let index = 0; index < safeRevealed; index += 1) {
    numerator *= BigInt(minesTileCount - index);
    denominator *= BigInt(minesTileCount - mineCount - index);
  }
  return capPayout(betMinor, numerator / denominator);
}

function capPayout(betMinor: bigint, payoutMinor: bigint): bigint {
  const cap = betMinor * maxPayoutMultiple;
  return payoutMinor > cap ? cap : payoutMinor;
}

/** The slot payout: line multipliers times the line bet (bet / 10). */
export function slotPayout(betMinor: bigint, outcome: SlotOutcome): bigint {
  return capPayout(betMinor, (betMinor * BigInt(outcome.lineMultiplier)) / slotBetStepMinor);
}

// ---- One entry point for the verify call and page. ----

export type BgsParams =
  { game: 'bgs-slot' } | ({ game: 'bgs-dice' } & DiceParams) | { game: 'bgs-mines'; mineCount: number };
export type BgsOutcome = SlotOutcome | DiceOutcome | MinesOutcome;

export interface FairInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: BgsParams;
}

/** Recomputes a round's outcome from its seeds, nonce and game parameters. */
export function computeOutcome(hmac: HmacSha256, input: FairInput): Promise<BgsOutcome> {
  const stream = new FairStream(hmac, fromHex(input.serverSeed), input.clientSeed, input.nonce);
  switch (input.params.game) {
    case 'bgs-slot':
      return slotOutcome(stream);
    case 'bgs-dice':
      return diceOutcome(stream, input.params);
    case 'bgs-mines':
      return minesOutcome(stream, input.params.mineCount);
  }
}
