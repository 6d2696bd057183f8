import { readStored, writeStored } from './storage';

/** Session storage keys of spec section 3. */
export const sessionKeys = { token: 'token', merchantCode: 'merchantCode' } as const;

/** Account types of spec sections 6 and 9. */
export const agentUserTypes: readonly number[] = [1, 2, 41, 42];
export const trialUserType = 4;

/** What the browser knows about the visitor's session. */
export interface Session {
  token: string | null;
  merchantCode: string | null;
  /**
   * The account type of the logged-in user. The identity issue stores it after login; until then no
   * user type is known, so no agent session can exist.
   */
  userType: number | null;
}

/** Reads the session from sessionStorage. */
export function readSession(): Session {
  const token = readStored('sessionStorage', sessionKeys.token);
  return {
    token: token && token.length > 0 ? token : null,
    merchantCode: readStored('sessionStorage', sessionKeys.merchantCode),
    userType: null,
  };
}

/** Whether the session belongs to an agent (types 1, 2, 41, 42) with a token. */
export function isAgentSession(session: Session): boolean {
  return session.token !== null && session.userType !== null && agentUserTypes.includes(session.userType);
}

/** Remembers the merchant the visitor is on; logout keeps it (spec section 4). */
export function rememberMerchantCode(merchantCode: string): void {
  if (readStored('sessionStorage', sessionKeys.merchantCode) === merchantCode) return;
  writeStored('sessionStorage', sessionKeys.merchantCode, merchantCode);
}
