/** A run of consecutive days (sign-in) or ranks (leaderboard prizes) that pay the same amount. */
export interface AmountRun {
  from: number;
  to: number;
  amount: string;
}

/**
 * Groups a list of amounts (the nth sign-in day's, the nth rank's) into runs of equal neighbours,
 * numbered from 1.
 */
export function amountRuns(amounts: readonly string[]): AmountRun[] {
  const runs: AmountRun[] = [];
  amounts.forEach((amount, index) => {
    const position = index + 1;
    const last = runs.at(-1);
    if (last && last.amount === amount) last.to = position;
    else runs.push({ from: position, to: position, amount });
  });
  return runs;
}
