import type { Generated } from 'kysely';

/** Social login over OpenID Connect (migration 0037, decision 0048). */

export interface MerchantOidcProvidersTable {
  merchant_id: number;
  provider: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  enabled: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface MemberOidcIdentitiesTable {
  merchant_id: number;
  issuer: string;
  subject: string;
  provider: string;
  member_id: number;
  email: string | null;
  created_at: Generated<Date>;
}

export interface OidcLoginStatesTable {
  state: string;
  merchant_id: number;
  provider: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  return_to: Generated<string>;
  expires_at: Date;
}

export interface OidcLoginTicketsTable {
  ticket_hash: string;
  merchant_id: number;
  member_id: number;
  expires_at: Date;
}
