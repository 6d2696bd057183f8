import type { GameType, PointsEarnType } from '@portal/contracts';
import { formatMinor, parseMinor } from '@portal/contracts/rules';

/**
 * Pure rules of points (decision 0033): points are PTS minor units (a hundredth of a point), rates are
 * points per 1.00 kept times 10^4, and the catalogue's game types map onto the spec's five points types.
 */

/** Points have two decimals. */
export const pointsDecimals = 2;
/** Rates carry four decimals: a rate of 0.01 points per 1.00 is 100. */
export const rateScale = 10_000n;

/** Spec section 3's points types from the catalogue's game types (a type not listed earns as slots). */
const typeOfGame: Record<GameType, Exclude<PointsEarnType, 'deposit'>> = {
  LIVE: 'live',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  PVP: 'poker',
  RNG: 'slots',
  FISH: 'slots',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  COCKFIGHT: 'sports',
};

/** The points type a bet on a game of `gameType` earns as ('' or unknown: slots). */
export function pointsTypeOf(gameType: string): Exclude<PointsEarnType, 'deposit'> {
  return typeOfGame[gameType as GameType] ?? 'slots';
}

/** The points (minor) that `amountMinor` of a currency with `decimals` earns at `rateE4` points per 1.00. */
export function pointsFor(amountMinor: bigint, decimals: number, rateE4: bigint): bigint {
  if (amountMinor <= 0n || rateE4 <= 0n) return 0n;
  return (amountMinor * rateE4 * 10n ** BigInt(pointsDecimals)) / (10n ** BigInt(decimals) * rateScale);
}

/** The money (minor) that `pointsMinor` converts to at `ratioMinor` points (minor) per 1.00. */
export function cashFor(pointsMinor: bigint, decimals: number, ratioMinor: bigint): bigint {
  return (pointsMinor * 10n ** BigInt(decimals)) / ratioMinor;
}

export function formatPoints(minor: bigint): string {
  return formatMinor(minor, pointsDecimals);
}

export function parsePoints(text: string): bigint {
  const minor = parseMinor(text, pointsDecimals);
  if (minor === null) throw new Error(`not points: ${text}`);
  return minor;
}

export function formatRate(rateE4: bigint): string {
  return formatMinor(rateE4, 4).replace(/\.?0+$/, '') || '0';
}

export function parseRate(text: string): bigint {
  const minor = parseMinor(text, 4);
  if (minor === null || minor < 0n) throw new Error(`not a rate: ${text}`);
  return minor;
}

/**
 * What a rollback takes back: the bet's points in the share the rollback refunds (a whole refund takes
 * them all), never more than the bet earned.
 */
export function rollbackPoints(earnedMinor: bigint, betMinor: bigint, refundMinor: bigint): bigint {
  if (earnedMinor <= 0n || betMinor <= 0n) return 0n;
  if (refundMinor >= betMinor) return earnedMinor;
  return (earnedMinor * refundMinor) / betMinor;
}

/**
 * A rollback on the balance (decision 0033): it takes what it can, and the rest is owed, repaid from the
 * next earnings; the balance never goes negative.
 */
export function takeBack(balanceMinor: bigint, dueMinor: bigint): { takenMinor: bigint; owedMinor: bigint } {
  const takenMinor = dueMinor <= balanceMinor ? dueMinor : balanceMinor > 0n ? balanceMinor : 0n;
  return { takenMinor, owedMinor: dueMinor - takenMinor };
}

/** The highest tier level whose threshold the figure reaches (0: none). Thresholds rise with the level. */
export function vipLevelFor(figureMinor: bigint, tiers: { level: number; thresholdMinor: bigint }[]): number {
  let level = 0;
  for (const tier of tiers) if (figureMinor >= tier.thresholdMinor && tier.level > level) level = tier.level;
  return level;
}
