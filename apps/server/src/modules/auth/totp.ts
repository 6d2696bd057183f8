import { Secret, TOTP } from 'otpauth';

/** Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s), one step of clock drift allowed. */
export function totpFor(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpAccepts(secretBase32: string, code: string): boolean {
  return totpFor(secretBase32, 'portal', 'account').validate({ token: code, window: 1 }) !== null;
}
