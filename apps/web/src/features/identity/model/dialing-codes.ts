/** A country dialing code for the mobile pickers. */
export interface DialingCode {
  countryCode: string;
  countryDialingCode: string;
}

/**
 * The dialing codes offered until the merchant supplies its own list: the portal's markets first
 * (Thailand, Vietnam, China, Korea, Malaysia, Philippines, Indonesia, Singapore, India), then others.
 */
export const dialingCodes: readonly DialingCode[] = [
  { countryCode: 'TH', countryDialingCode: '+66' },
  { countryCode: 'VN', countryDialingCode: '+84' },
  { countryCode: 'CN', countryDialingCode: '+86' },
  { countryCode: 'KR', countryDialingCode: '+82' },
  { countryCode: 'MY', countryDialingCode: '+60' },
  { countryCode: 'PH', countryDialingCode: '+63' },
  { countryCode: 'ID', countryDialingCode: '+62' },
  { countryCode: 'SG', countryDialingCode: '+65' },
  { countryCode: 'IN', countryDialingCode: '+91' },
  { countryCode: 'KH', countryDialingCode: '+855' },
  { countryCode: 'LA', countryDialingCode: '+856' },
  { countryCode: 'MM', countryDialingCode: '+95' },
  { countryCode: 'JP', countryDialingCode: '+81' },
  { countryCode: 'HK', countryDialingCode: '+852' },
  { countryCode: 'TW', countryDialingCode: '+886' },
  { countryCode: 'AU', countryDialingCode: '+61' },
  { countryCode: 'US', countryDialingCode: '+1' },
  { countryCode: 'GB', countryDialingCode: '+44' },
];

export const defaultDialingCode = '+66';

/** The country's name in the visitor's language, falling back to its code. */
export function countryName(countryCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(countryCode) ?? countryCode;
  } catch {
    return countryCode;
  }
}
