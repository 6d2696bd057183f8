import { createApiClient, isApiError, type ApiClientOptions, type SendCall } from '../../../lib/api';
import { clearOperatorSession, readOperatorSession } from './operator-session';

/**
 * The console's client: the shared typed client, sending the staff token. A 401 on a call that sent a
 * token means the staff session ended (idle or absolute expiry, revoked): the session is cleared, which
 * takes the console back to its login with a note. Calls go by definition (`send`), as the agent centre's.
 */
export function createOperatorApi(options: Pick<ApiClientOptions, 'fetch'> = {}): SendCall {
  const client = createApiClient({ ...options, session: readOperatorSession });
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
