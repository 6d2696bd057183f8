import { randomInt } from 'node:crypto';

/**
 * The simulator's generic demo games. Each is simple but real: an outcome drawn with crypto.randomInt
 * (uniform, no modulo bias) from stated probabilities, and a payout from stated odds.
 *
 * - `pick` games (sports, esports, cockfight, live baccarat, PVP dragon-tiger): the player picks one
 *   option; the drawn outcome is one option; the pick pays stake x its odds when it is the outcome.
 * - `multiplier` games (fish shooting, slots): one action; the drawn outcome is a multiplier of the stake.
 *
 * Weights are out of 10,000. Return to player = sum(weight x odds) / 10,000 (stated per kind below).
 */
export interface PickOption {
  id: string;
  label: string;
  /** Odds in hundredths: 195 pays 1.95 x the stake. */
  oddsHundredths: number;
  weight: number;
}

export interface MultiplierOutcome {
  label: string;
  oddsHundredths: number;
  weight: number;
}

export type SimGameKind =
  | { kind: 'pick'; title: string; action: string; options: PickOption[] }
  | { kind: 'multiplier'; title: string; action: string; outcomes: MultiplierOutcome[] };

export const simGameKinds = {
  // RTP: home 0.45 x 2.10 = 0.945, draw 0.28 x 3.20 = 0.896, away 0.27 x 3.00 = 0.81.
  sports: {
    kind: 'pick',
    title: 'Bet slip',
    action: 'Place bet',
    options: [
      { id: 'home', label: 'Home', oddsHundredths: 210, weight: 4_500 },
      { id: 'draw', label: 'Draw', oddsHundredths: 320, weight: 2_800 },
      { id: 'away', label: 'Away', oddsHundredths: 300, weight: 2_700 },
    ],
  },
  // RTP 0.95 on either side.
  esports: {
    kind: 'pick',
    title: 'Match winner',
    action: 'Place bet',
    options: [
      { id: 'red', label: 'Team Red', oddsHundredths: 190, weight: 5_000 },
      { id: 'blue', label: 'Team Blue', oddsHundredths: 190, weight: 5_000 },
    ],
  },
  // RTP: meron and wala 0.931, draw 0.16.
  cockfight: {
    kind: 'pick',
    title: 'Fight',
    action: 'Place bet',
    options: [
      { id: 'meron', label: 'Meron', oddsHundredths: 190, weight: 4_900 },
      { id: 'wala', label: 'Wala', oddsHundredths: 190, weight: 4_900 },
      { id: 'draw', label: 'Draw', oddsHundredths: 800, weight: 200 },
    ],
  },
  // Baccarat-like: player 0.8924, banker 0.8943, tie 0.7616.
  live: {
    kind: 'pick',
    title: 'Live table',
    action: 'Deal',
    options: [
      { id: 'player', label: 'Player', oddsHundredths: 200, weight: 4_462 },
      { id: 'banker', label: 'Banker', oddsHundredths: 195, weight: 4_586 },
      { id: 'tie', label: 'Tie', oddsHundredths: 800, weight: 952 },
    ],
  },
  // Dragon-tiger against the house: dragon and tiger 0.90, tie 0.616.
  pvp: {
    kind: 'pick',
    title: 'Duel',
    action: 'Play',
    options: [
      { id: 'dragon', label: 'Dragon', oddsHundredths: 195, weight: 4_615 },
      { id: 'tiger', label: 'Tiger', oddsHundredths: 195, weight: 4_615 },
      { id: 'tie', label: 'Tie', oddsHundredths: 800, weight: 770 },
    ],
  },
  // RTP 0.24 + 0.20 + 0.20 + 0.20 = 0.84.
  fish: {
    kind: 'multiplier',
    title: 'Fish shooting',
    action: 'Fire',
    outcomes: [
      { label: 'Missed', oddsHundredths: 0, weight: 6_500 },
      { label: 'Small fish', oddsHundredths: 120, weight: 2_000 },
      { label: 'Big fish', oddsHundredths: 200, weight: 1_000 },
      { label: 'Shark', oddsHundredths: 500, weight: 400 },
      { label: 'Golden whale', oddsHundredths: 2_000, weight: 100 },
    ],
  },
  // RTP 0.225 + 0.21 + 0.25 + 0.25 = 0.935.
  slot: {
    kind: 'multiplier',
    title: 'Slot',
    action: 'Spin',
    outcomes: [
      { label: 'No win', oddsHundredths: 0, weight: 7_500 },
      { label: 'Three cherries', oddsHundredths: 150, weight: 1_500 },
      { label: 'Three bells', oddsHundredths: 300, weight: 700 },
      { label: 'Three sevens', oddsHundredths: 1_000, weight: 250 },
      { label: 'Jackpot', oddsHundredths: 5_000, weight: 50 },
    ],
  },
} as const satisfies Record<string, SimGameKind>;

export type SimGameKindName = keyof typeof simGameKinds;

/** Which kind each simulated vendor plays. */
export const simVendorKinds: Record<string, SimGameKindName> = {
  SIMSPORT: 'sports',
  IMES: 'esports',
  DS88: 'cockfight',
  SIMLIVE: 'live',
  SIMPVP: 'pvp',
  SIMFISH: 'fish',
  SIMSLOT: 'slot',
};

export interface Outcome {
  /** What was drawn: the winning option's id, or the multiplier outcome's label. */
  outcome: string;
  /** The payout in hundredths of the stake (0 = lost). */
  oddsHundredths: number;
}

function draw<T extends { weight: number }>(entries: readonly T[]): T {
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
  let ticket = randomInt(total);
  for (const entry of entries) {
    if (ticket < entry.weight) return entry;
    ticket -= entry.weight;
  }
  throw new Error('unreachable: weights exhausted');
}

/** Plays one round of a kind; `pick` must be one of the options for pick games. */
export function playRound(game: SimGameKind, pick: string | undefined): Outcome {
  if (game.kind === 'multiplier') {
    const drawn = draw(game.outcomes);
    return { outcome: drawn.label, oddsHundredths: drawn.oddsHundredths };
  }
  const drawn = draw(game.options);
  return { outcome: drawn.id, oddsHundredths: drawn.id === pick ? drawn.oddsHundredths : 0 };
}
