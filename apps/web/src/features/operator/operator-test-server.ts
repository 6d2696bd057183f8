import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { OperatorDeposit, OperatorRole, OperatorSession } from '@portal/contracts';
import { renderWithProviders } from '../../test/render-app';
import { createOperatorApi } from './api/operator-client';
import { storeOperatorSession } from './api/operator-session';
import { OperatorConsole } from './operator-console';

/** One recorded call of the console's fake server. */
export interface OperatorRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** A success, or a failure with its code (and the value a 400 names its fields in). */
type Reply = { value: unknown } | { status: number; code: string; message?: string; failure?: unknown };
type Handler = (request: OperatorRequest) => Reply;

/**
 * A fake /ops server for the console's tests: replies by "METHOD /path" (query ignored), every request
 * recorded; an unknown call answers 404, so a test sees what the console asked that it did not expect.
 */
export function createOperatorTestServer(routes: Record<string, Reply | Handler>) {
  const requests: OperatorRequest[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(address, 'http://portal.test');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    const request = { method, url, body };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === 'function' ? route(request) : route;
    if (!reply) return Promise.resolve(envelope(404, { success: false, value: null, code: 'not_found' }));
    if ('value' in reply) return Promise.resolve(envelope(200, { success: true, value: reply.value }));
    return Promise.resolve(
      envelope(reply.status, {
        success: false,
        value: reply.failure ?? null,
        code: reply.code,
        message: reply.message ?? '',
      }),
    );
  };
  return { api: createOperatorApi({ fetch }), requests };
}

function envelope(status: number, body: object): Response {
  return new Response(JSON.stringify({ message: '', ...body }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A login answer for an operator of `role`. */
export function buildOperatorSession(role: OperatorSession['operator']['role'] = 'owner'): OperatorSession {
  return {
    token: 'operator-token-0123456789abcdef',
    operator: { id: 1, username: role === 'owner' ? 'admin' : `${role}1`, role },
    expiresAt: '2030-01-01T00:00:00.000Z',
    idleExpiresAt: '2030-01-01T00:00:00.000Z',
    // A fully enrolled session: its password chosen, its authenticator set up.
    mustChangePassword: false,
    mustEnrolTotp: false,
  };
}

/** Stores a login of an operator of `role` in the browser, as the login page does. */
export function signInAs(role: OperatorRole): void {
  const session = buildOperatorSession(role);
  storeOperatorSession(session.token, session.operator);
}

/**
 * The whole console at `path` on a fake /ops server answering `routes`, in `language` (EN by default):
 * signed in as an operator of `role` when one is given (without it, as whatever session the test stored,
 * or none). Answers the render's result and the requests the console made.
 */
export async function renderConsoleAt(
  path: string,
  routes: Parameters<typeof createOperatorTestServer>[0],
  options: { role?: OperatorRole; language?: string } = {},
) {
  if (options.role) signInAs(options.role);
  const server = createOperatorTestServer(routes);
  const view = await renderWithProviders(
    createElement(
      MemoryRouter,
      { initialEntries: [path] },
      createElement(OperatorConsole, { api: server.api }),
    ),
    { language: options.language ?? 'EN' },
  );
  return { ...view, requests: server.requests };
}

/** A pending manual deposit as the ops list answers it. */
export function buildOperatorDeposit(overrides: Partial<OperatorDeposit> = {}): OperatorDeposit {
  return {
    id: '7',
    channelId: 1,
    channelName: 'Bank transfer (SCB)',
    channelType: 'manual_bank',
    amount: '250.00',
    reference: 'REF-77',
    hasProof: false,
    status: 'pending',
    rejectReason: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    decidedAt: null,
    checkoutUrl: null,
    memberId: 42,
    username: 'malee',
    ...overrides,
  };
}

/** A page of rows as every ops list answers. */
export function pageOf<Row>(items: Row[]) {
  return { items, page: 1, pageSize: 20, total: items.length };
}
