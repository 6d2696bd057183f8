import { baseUrl } from './browser';

/**
 * Calls the operator API as the CLI does: the demo operator logs in, then one call (with a JSON body
 * when given). Answers the envelope.
 */
export async function asOperator(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ success: boolean; value: unknown; message?: string }> {
  const headers = { 'content-type': 'application/json', 'x-merchant-code': 'demo' };
  const login = await fetch(`${baseUrl()}/ops/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username: 'admin', password: 'Admin1234' }),
  });
  const session = (await login.json()) as { value: { token: string } | null; message: string };
  if (!session.value) throw new Error(`operator login failed: ${session.message}`);
  const reply = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      'x-merchant-code': 'demo',
      authorization: `Bearer ${session.value.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await reply.json()) as { success: boolean; value: unknown; message?: string };
}
