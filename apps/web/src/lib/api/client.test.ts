import { calls } from '@portal/contracts/calls';
import { describe, expect, it } from 'vitest';
import { createFakeFetch } from '../../test/fake-server';
import { buildHelpCenter } from '../../test/fixtures';
import type { Session } from '../session';
import { ApiError } from './api-error';
import { createApiClient, requestHeaders } from './client';
import { errorMessageKey } from './error-message';

const session: Session = { token: 'secret-token', merchantCode: 'LUCKY', userType: null };

describe('apiCall', () => {
  it('sends the module id and merchant code, and unwraps the envelope', async () => {
    const server = createFakeFetch({ '/wps/system/helpCenter': { value: buildHelpCenter({ lang: 'TY' }) } });
    const api = createApiClient({ fetch: server.fetch, session: () => session });

    const help = await api('helpCenter', { query: { lang: 'TY', device: 'WEB' } });

    expect(help.lang).toBe('TY');
    expect(help.articles[0]?.term).toBe('deposit');
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/wps/system/helpCenter');
    expect(request?.url.searchParams.get('lang')).toBe('TY');
    expect(request?.url.searchParams.get('device')).toBe('WEB');
    expect(request?.headers.get('x-module-id')).toBe('help');
    expect(request?.headers.get('x-merchant-code')).toBe('LUCKY');
  });

  it('never sends the token on calls whose token flag is off', async () => {
    const server = createFakeFetch();
    const api = createApiClient({ fetch: server.fetch, session: () => session });
    await api('systemStatus');
    expect(calls.systemStatus.token).toBe(false);
    expect(server.requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('omits the merchant code header when the session has none', async () => {
    const server = createFakeFetch();
    const api = createApiClient({ fetch: server.fetch, session: () => ({ ...session, merchantCode: null }) });
    await api('whitelabel');
    expect(server.requests[0]?.headers.has('x-merchant-code')).toBe(false);
    expect(server.requests[0]?.headers.get('x-module-id')).toBe('system');
  });

  it('maps success:false to an ApiError with the server code, message, value and status', async () => {
    const server = createFakeFetch({
      '/wps/system/whitelabel': {
        status: 403,
        body: {
          success: false,
          value: { reason: 'trial' },
          message: 'Real account needed',
          code: 'in_need_true_account',
        },
      },
    });
    const api = createApiClient({ fetch: server.fetch, session: () => session });
    const error = await api('whitelabel').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'in_need_true_account',
      message: 'Real account needed',
      value: { reason: 'trial' },
    });
    expect(errorMessageKey(error)).toEqual(['errors:in_need_true_account', 'errors.unknown']);
  });

  it('treats success:false as a failure even with HTTP 200', async () => {
    const server = createFakeFetch({
      '/wps/system/status': {
        status: 200,
        body: { success: false, value: null, message: 'Nope', code: 'conflict' },
      },
    });
    const api = createApiClient({ fetch: server.fetch });
    await expect(api('systemStatus')).rejects.toMatchObject({
      status: 200,
      code: 'conflict',
      message: 'Nope',
    });
  });

  it('maps a non-2xx reply without an envelope to an http_<status> error', async () => {
    const server = createFakeFetch({
      '/wps/system/status': { status: 502, body: '<html>Bad gateway</html>' },
    });
    const api = createApiClient({ fetch: server.fetch });
    const error = await api('systemStatus').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, code: 'http_502' });
    expect(errorMessageKey(error)).toBe('errors.server');
  });

  it('maps a network failure to code network, status 0, shown as "network abnormal"', async () => {
    const server = createFakeFetch({ '/wps/system/status': { networkError: true } });
    const api = createApiClient({ fetch: server.fetch });
    const error = await api('systemStatus').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network', isNetworkError: true });
    expect(errorMessageKey(error)).toBe('errors.networkAbnormal');
  });

  it('reports a hung call as a time-out after the limit', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const api = createApiClient({ fetch: hanging, timeoutMs: 20 });
    await expect(api('systemStatus')).rejects.toMatchObject({ status: 0, code: 'timeout' });
  });

  it('lets a caller cancellation through as an abort, not an ApiError', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    const api = createApiClient({ fetch: hanging });
    const controller = new AbortController();
    const pending = api('systemStatus', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('requestHeaders', () => {
  const tokenCall = { method: 'GET', path: '/wps/member/info', moduleId: 'member', token: true } as const;

  it('sends Authorization: Bearer for token calls when a token exists', () => {
    const result = requestHeaders(tokenCall, session, false);
    expect(result.get('authorization')).toBe('Bearer secret-token');
    expect(result.get('x-module-id')).toBe('member');
  });

  it('sends no Authorization for token calls without a token', () => {
    const result = requestHeaders(tokenCall, { ...session, token: null }, false);
    expect(result.has('authorization')).toBe(false);
  });

  it('declares a JSON body only when there is one', () => {
    expect(requestHeaders(tokenCall, session, true).get('content-type')).toBe('application/json');
    expect(requestHeaders(tokenCall, session, false).has('content-type')).toBe(false);
  });
});
