import { createApiClient, isApiError, type ApiClientOptions, type SendCall } from '../../../lib/api';
import { clearOperatorSession, noteOperatorSessionTimes, readOperatorSession } from './operator-session';

/** The headers of an /ops answer that say when the staff session ends (the server's staff-gates.ts). */
export const sessionTimeHeaders = {
  expiresAt: 'x-session-expires-at',
  idleExpiresAt: 'x-session-idle-expires-at',
} as const;

/**
 * The console's client: the shared typed client, sending the staff token. A 401 on a call that sent a
 * token means the staff session ended (idle or absolute expiry, revoked): the session is cleared, which
 * takes the console back to its login with a note. Calls go by definition (`send`), as the agent centre's.
 */
export function createOperatorApi(options: Pick<ApiClientOptions, 'fetch'> = {}): SendCall {
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  // Every /ops answer says when the session ends (its idle end moves with each call): the console's
  // top bar and idle warning read it from here.
  const fetchNotingTimes: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init);
    const expiresAt = response.headers.get(sessionTimeHeaders.expiresAt);
    const idleExpiresAt = response.headers.get(sessionTimeHeaders.idleExpiresAt);
    if (expiresAt && idleExpiresAt) noteOperatorSessionTimes({ expiresAt, idleExpiresAt });
    return response;
  };
  const client = createApiClient({ fetch: fetchNotingTimes, session: readOperatorSession });
  const send: SendCall = async (definition, callOptions) => {
    const hadToken = definition.token && readOperatorSession().token !== null;
    try {
      return await client.send(definition, callOptions);
    } catch (error) {
      if (hadToken && isApiError(error) && error.status === 401) clearOperatorSession('expired');
      throw error;
    }
  };
  return send;
}
