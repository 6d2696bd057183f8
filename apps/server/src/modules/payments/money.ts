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

/**
 * A minimum and maximum (channel or withdrawal limits) in minor units: each a positive amount in the
 * currency's decimals (invalid_amount), the maximum not below the minimum (limit_range_invalid).
 */
export function limitRange(minText: string, maxText: string, decimals: number): [bigint, bigint] {
  const min = parseAmount(minText, decimals);
  const max = parseAmount(maxText, decimals);
  if (max < min) throw new AppError('limit_range_invalid', 'The maximum is below the minimum');
  return [min, max];
}
