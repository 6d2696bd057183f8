import { createApiClient, type ApiCall } from '../../../lib/api';
import { readSession } from '../../../lib/session';

/**
 * The API client of a BGS game page: its bearer token is the game session token of the launch (the
 * `session` query parameter), not the player's session, so a refused game session never logs the
 * player out of the portal around the popup.
 */
export function createGameClient(gameSessionToken: string, fetchImpl?: typeof fetch): ApiCall {
  return createApiClient({
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    session: () => ({ token: gameSessionToken, merchantCode: readSession().merchantCode, userType: null }),
  });
}
