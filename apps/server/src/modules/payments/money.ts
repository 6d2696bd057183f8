import { formatMinor, parseMinor } from '@portal/contracts';
import { AppError } from '../../http/errors';

/** A positive amount in minor units from its decimal text, or invalid_amount (zero, too many decimals). */
export function parseAmount(text: string, decimals: number): bigint {
  const minor = parseMinor(text, decimals);
  if (minor === null || minor <= 0n) {
    throw new AppError('invalid_amount', `The amount must be positive with at most ${decimals} decimals`);
  }
  return minor;
}

/** Refuses an amount outside [min, max] with amount_out_of_range, naming the limits. */
export function amountWithin(
  amountMinor: bigint,
  minMinor: bigint,
  maxMinor: bigint,
  decimals: number,
): void {
  if (amountMinor < minMinor || amountMinor > maxMinor) {
    const min = formatMinor(minMinor, decimals);
    const max = formatMinor(maxMinor, decimals);
    throw new AppError('amount_out_of_range', `The amount must be between ${min} and ${max}`, {
      min,
      max,
    });
  }
}
