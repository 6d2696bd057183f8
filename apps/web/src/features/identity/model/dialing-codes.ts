import type { Country } from '@portal/contracts';
import { useState } from 'react';
import { useIdentity } from '../identity-context';

/** A country dialing code for the mobile pickers (spec section 3 "Country"). */
export type DialingCode = Country;

/** The country's name in the visitor's language, falling back to its code. */
export function countryName(countryCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/**
 * The chosen dialing code among the merchant's countries (white-label `countries`, set in the operator
 * console): the visitor's choice, else the remembered one when still offered, else the merchant's first.
 * While the settings load the list is empty and the remembered code (if any) is kept.
 */
export function useDialingCode(remembered?: string | null) {
  const { whitelabel } = useIdentity();
  const countries: readonly DialingCode[] = whitelabel?.countries ?? [];
  const [chosen, setDialingCode] = useState<string | null>(remembered ?? null);
  const offered = countries.some((entry) => entry.countryDialingCode === chosen);
  const dialingCode =
    chosen !== null && (offered || countries.length === 0)
      ? chosen
      : (countries[0]?.countryDialingCode ?? '');
  return { countries, dialingCode, setDialingCode };
}
