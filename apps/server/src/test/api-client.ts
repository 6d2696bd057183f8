import type { FastifyInstance } from 'fastify';

export interface CallOptions {
  body?: unknown;
  /** Session token sent as `Authorization: Bearer`. */
  token?: string;
  /** Client address presented through X-Forwarded-For (the app under test must trust the proxy). */
  ip?: string;
  /** More request headers (a user agent, ...). */
  headers?: Record<string, string>;
}

/**
 * Calls the app as a browser on the demo merchant would (Host localhost), from a given address and with
 * an optional session token; returns the status, the parsed envelope and the headers.
 */
export function apiClient(app: () => FastifyInstance, defaultIp = '198.51.100.1') {
  return async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: CallOptions = {},
  ) {
    const response = await app().inject({
      method,
      url,
      headers: {
        host: 'localhost',
        'x-forwarded-for': options.ip ?? defaultIp,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
}
