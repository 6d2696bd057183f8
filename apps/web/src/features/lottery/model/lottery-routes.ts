import type { LotteryGameCode } from '@portal/contracts';

/**
 * Which lottery a page opens when the query names none: /lottery and /lottert the LOTT family,
 * /vnLottery and /vnlottery VN, /seaLottery and /sealottery SEA (paths are case-sensitive).
 */
const defaults: Record<string, LotteryGameCode> = {
  '/lottery': 'LOTT',
  '/lottert': 'LOTT',
  '/vnLottery': 'VN',
  '/vnlottery': 'VN',
  '/seaLottery': 'SEA',
  '/sealottery': 'SEA',
};

/** The default lottery of a lottery page path. */
export function defaultLotteryOf(pathname: string): LotteryGameCode {
  return defaults[pathname] ?? 'LOTT';
}

/** The chosen lottery: the query's gameCode when the merchant has it, else the page's default, else the first. */
export function chooseLottery<T extends { gameCode: LotteryGameCode }>(
  games: readonly T[],
  requested: string | null,
  fallback: LotteryGameCode,
): T | undefined {
  return (
    games.find((game) => game.gameCode === requested) ??
    games.find((game) => game.gameCode === fallback) ??
    games[0]
  );
}

/** Minutes and seconds left, "04:59"; hours when a draw is that far away. */
export function formatCountdown(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
