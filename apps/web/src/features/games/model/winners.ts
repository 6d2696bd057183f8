import type { WinnerEntry } from '@portal/contracts';
import { formatMoneyDisplay, parseMinor } from '@portal/contracts/rules';
import { lobbyConstants } from './lobby-constants';

// Winner amounts come as decimal strings with up to 4 decimals (contracts moneyText).
const amountDecimals = 4;

function amountOf(entry: WinnerEntry): bigint {
  return parseMinor(entry.winAmount, amountDecimals) ?? 0n;
}

/** The 9 biggest wins of the board, biggest first (the server sends up to 20). */
export function biggestWins(entries: readonly WinnerEntry[]): WinnerEntry[] {
  return [...entries]
    .sort((a, b) => {
      const difference = amountOf(b) - amountOf(a);
      return difference > 0n ? 1 : difference < 0n ? -1 : 0;
    })
    .slice(0, lobbyConstants.winnersShown);
}

/** A win amount with thousands separators and 2 decimals (spec section 9 balance format). */
export function displayWin(amount: string): string {
  const minor = parseMinor(amount, amountDecimals);
  return minor === null ? amount : formatMoneyDisplay(minor / 100n, 2);
}
