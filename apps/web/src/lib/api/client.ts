import { calls, headers as headerNames, type CallDefinition, type CallName } from '@portal/contracts/calls';
import { readSession, type Session } from '../session';
import { ApiError, clientErrorCodes } from './api-error';
import type { CallBody, CallQuery, CallResponses } from './call-types';

/** Limit on any one call, so a hung connection surfaces as an error instead of a spinner forever. */
export const callTimeoutMs = 20_000;

export interface CallOptions<Name extends CallName> {
  query?: CallQuery<Name>;
  body?: CallBody<Name>;
  /** Cancels the call (TanStack Query passes one per query). */
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** The fetch implementation; tests inject a fake one. */
  fetch?: typeof fetch;
  /** Prefix for call paths; same origin by default. */
  baseUrl?: string;
  /** Where the session comes from; sessionStorage by default. */
  session?: () => Session;
  timeoutMs?: number;
}

export type ApiCall = <Name extends CallName>(
  name: Name,
  options?: CallOptions<Name>,
) => Promise<CallResponses[Name]>;

interface Envelope {
  success: boolean;
  value: unknown;
  message: string;
  code?: string;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'success' in body && 'value' in body;
}

function buildUrl(baseUrl: string, path: string, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${baseUrl}${path}${queryString ? `?${queryString}` : ''}`;
}

/**
 * The headers of one call: module id always, merchant code when known, the bearer token only for
 * calls whose token flag is set and only when a token exists.
 */
export function requestHeaders(definition: CallDefinition, session: Session, hasBody: boolean): Headers {
  const result = new Headers({ accept: 'application/json' });
  result.set(headerNames.moduleId, definition.moduleId);
  if (session.merchantCode) result.set(headerNames.merchantCode, session.merchantCode);
  if (definition.token && session.token) result.set('authorization', `Bearer ${session.token}`);
  if (hasBody) result.set('content-type', 'application/json');
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function failureFromReply(response: Response, body: unknown): ApiError {
  if (isEnvelope(body)) {
    return new ApiError({
      status: response.status,
      code: body.code ?? (response.ok ? 'unknown' : `http_${response.status}`),
      message: body.message,
      value: body.value,
    });
  }
  return new ApiError({
    status: response.status,
    code: response.ok ? clientErrorCodes.invalidReply : `http_${response.status}`,
    message: response.statusText || 'Unreadable reply',
  });
}

/** Creates the typed client: one function per catalogued call, envelope unwrapped. */
export function createApiClient(options: ApiClientOptions = {}): ApiCall {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const getSession = options.session ?? readSession;
  const timeoutMs = options.timeoutMs ?? callTimeoutMs;

  return async function apiCall<Name extends CallName>(name: Name, callOptions: CallOptions<Name> = {}) {
    const definition = calls[name];
    const hasBody = callOptions.body !== undefined;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, definition.path, callOptions.query), {
        method: definition.method,
        headers: requestHeaders(definition, getSession(), hasBody),
        body: hasBody ? JSON.stringify(callOptions.body) : undefined,
        signal,
      });
    } catch (error) {
      // The caller cancelling is not a failure to report; let the abort propagate unchanged.
      if (callOptions.signal?.aborted) throw error;
      const timedOut = timeout.aborted;
      throw new ApiError({
        status: 0,
        code: timedOut ? clientErrorCodes.timeout : clientErrorCodes.network,
        message: timedOut ? 'The server did not answer in time' : 'Network unavailable',
      });
    }
    const body = await readBody(response);
    if (!response.ok || !isEnvelope(body) || !body.success) throw failureFromReply(response, body);
    return body.value as CallResponses[Name];
  };
}
