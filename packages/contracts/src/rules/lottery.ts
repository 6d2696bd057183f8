/**
 * Lottery rules shared by server and browser (docs/lottery.md): the prize mode of a lottery vendor group,
 * the bet types with their payouts, and the number a draw derives from its HMAC bytes. Pure and
 * dependency-free: the server hashes with node:crypto, the browser with WebCrypto, both then call these.
 */

/** Lottery game codes: LOTT, ELOTT, VN and SEA (docs/lottery.md). */
export const lotteryGameCodes = ['LOTT', 'ELOTT', 'VN', 'SEA'] as const;
export type LotteryGameCode = (typeof lotteryGameCodes)[number];

/** Vendors (vassalage) whose cards make a lottery group ELOTT (spec section 4). */
export const elottVendorCodes: readonly string[] = ['TCG_LOTTO_VN', 'LOTT'];

/**
 * The in-house vendor (BGS, spec section 9): a lottery group made only of its cards is self-operated,
 * prize mode ZY (zi ying, "self-run"; decision 0041).
 */
export const zyVendorCode = 'BGS';

/** The prize modes of spec section 9 that a lottery group can take (SEA is not decided by the group). */
export const lotteryPrizeModes = ['LOTT', 'ZY', 'ELOTT'] as const;
export type LotteryPrizeMode = (typeof lotteryPrizeModes)[number];

/**
 * Spec section 4: ELOTT when the lottery vendor group holds TCG_LOTTO_VN or LOTT cards. Decision 0041
 * adds ZY for a group whose every card is the in-house vendor's (the portal runs those draws itself, no
 * outside lottery feeds them); any other group is LOTT as the spec says.
 */
export function prizeModeOf(cardVassalages: readonly string[]): LotteryPrizeMode {
  if (cardVassalages.some((code) => elottVendorCodes.includes(code))) return 'ELOTT';
  if (cardVassalages.length > 0 && cardVassalages.every((code) => code === zyVendorCode)) return 'ZY';
  return 'LOTT';
}

/**
 * Bet types on the draw's three-digit result (000-999). Payouts are whole hundredths of the stake
 * (odds x 100), so the win is integer arithmetic on minor units. Return to player: 2D 90 %, 3D 90 %,
 * BIG and SMALL 97.5 % (probability x odds).
 */
export const lotteryBetTypes = {
  /** The last two digits equal the pick (00-99): probability 1/100, pays 90 x. */
  TWO_DIGIT: { oddsHundredths: 9_000, pickDigits: 2 },
  /** All three digits equal the pick (000-999): probability 1/1000, pays 900 x. */
  THREE_DIGIT: { oddsHundredths: 90_000, pickDigits: 3 },
  /** The last two digits are 50-99: probability 1/2, pays 1.95 x. */
  BIG: { oddsHundredths: 195, pickDigits: 0 },
  /** The last two digits are 00-49: probability 1/2, pays 1.95 x. */
  SMALL: { oddsHundredths: 195, pickDigits: 0 },
} as const;
export type LotteryBetType = keyof typeof lotteryBetTypes;
export const lotteryBetTypeNames = Object.keys(lotteryBetTypes) as LotteryBetType[];

/** How many distinct results a draw has, and how many digits it is written with. */
export const lotteryResultRange = 1000;
export const lotteryResultDigits = 3;

/**
 * How many of the 1,000 results win a bet type for a given pick (the same for every pick: 10 for two
 * digits, 1 for three, 500 for BIG and SMALL), counted by enumeration rather than written down.
 */
export function winningResultsOf(betType: LotteryBetType): number {
  const digits = lotteryBetTypes[betType].pickDigits;
  const pick = digits === 0 ? null : '0'.repeat(digits);
  let wins = 0;
  for (let value = 0; value < lotteryResultRange; value += 1) {
    if (isWinningBet(betType, pick, formatLotteryResult(value))) wins += 1;
  }
  return wins;
}

/** Return to player in basis points: odds x winning results / 1,000, e.g. 90 x 10 / 1000 = 9000. */
export function returnToPlayerBasisPoints(betType: LotteryBetType): number {
  return (lotteryBetTypes[betType].oddsHundredths * winningResultsOf(betType) * 100) / lotteryResultRange;
}

/** Whether a pick is well formed for its bet type (digits only, exactly the type's width; none for BIG/SMALL). */
export function isValidPick(betType: LotteryBetType, pick: string | null | undefined): boolean {
  const digits = lotteryBetTypes[betType].pickDigits;
  if (digits === 0) return pick === null || pick === undefined || pick === '';
  return typeof pick === 'string' && pick.length === digits && /^\d+$/.test(pick);
}

/** Whether a bet wins against a result written with three digits. */
export function isWinningBet(betType: LotteryBetType, pick: string | null, result: string): boolean {
  const lastTwo = Number(result.slice(-2));
  switch (betType) {
    case 'TWO_DIGIT':
      return pick === result.slice(-2);
    case 'THREE_DIGIT':
      return pick === result;
    case 'BIG':
      return lastTwo >= 50;
    case 'SMALL':
      return lastTwo < 50;
  }
}

/** The payout in minor units (0 for a losing bet): stake x odds, rounded down to a whole minor unit. */
export function lotteryPayoutMinor(
  betType: LotteryBetType,
  pick: string | null,
  result: string,
  stakeMinor: bigint,
): bigint {
  if (!isWinningBet(betType, pick, result)) return 0n;
  return (stakeMinor * BigInt(lotteryBetTypes[betType].oddsHundredths)) / 100n;
}

/** The HMAC message of a draw's attempt `counter`: `${gameCode}:${drawNo}:${counter}`. */
export function drawMessage(gameCode: string, drawNo: string, counter: number): string {
  return `${gameCode}:${drawNo}:${counter}`;
}

/**
 * Rejection sampling without modulo bias: reads the 32-byte HMAC as eight big-endian 32-bit words and
 * returns the first word below the largest multiple of `range`, modulo `range`; null when all eight are
 * rejected (then the next counter's HMAC is tried). The chance of null is below 10^-50 for range 1000.
 */
export function numberFromHmac(bytes: Uint8Array, range: number): number | null {
  const limit = Math.floor(2 ** 32 / range) * range;
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) {
    const word =
      ((bytes[offset] ?? 0) * 2 ** 24 +
        ((bytes[offset + 1] ?? 0) << 16) +
        ((bytes[offset + 2] ?? 0) << 8) +
        (bytes[offset + 3] ?? 0)) >>>
      0;
    if (word < limit) return word % range;
  }
  return null;
}

/** A result number written with the draw's fixed width, e.g. 7 -> "007". */
export function formatLotteryResult(value: number): string {
  return String(value).padStart(lotteryResultDigits, '0');
}
