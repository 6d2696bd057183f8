import type {
  BodyOf,
  CallDefinition,
  CallName,
  Calls,
  EncryptedBody,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@portal/contracts';
import { calls, headers as headerNames } from '@portal/contracts/calls/player';
import { emitSessionEvent, readSession, type Session } from '../session';
import { ApiError, clientErrorCodes } from './api-error';

/**
 * The types of each call, derived from its one definition in the contracts (decision 0026). An
 * encrypted call sends the envelope; its plain payload is `CallPayload` (encrypted-call.ts).
 */
export type CallResponse<Name extends CallName> = ResponseOf<Calls[Name]>;
export type CallQuery<Name extends CallName> = QueryOf<Calls[Name]>;
export type CallParams<Name extends CallName> = ParamsOf<Calls[Name]>;
export type CallPayload<Name extends CallName> = BodyOf<Calls[Name]>;
export type CallBody<Name extends CallName> = Calls[Name] extends { encrypted: true }
  ? EncryptedBody
  : CallPayload<Name>;

/** Limit on any one call, so a hung connection surfaces as an error instead of a spinner forever. */
export const callTimeoutMs = 20_000;

export interface CallOptions<Name extends CallName> {
  query?: CallQuery<Name>;
  body?: CallBody<Name>;
  /** Values for the `:name` segments of the catalogue path. */
  params?: CallParams<Name>;
  /** Receives the response headers of a successful call (the captcha id travels in one). */
  onHeaders?: (headers: Headers) => void;
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

/** The options of a call sent by its definition (`api.send`): the same as by name. */
export interface SendOptions<Call extends CallDefinition> {
  query?: QueryOf<Call>;
  body?: Call extends { encrypted: true } ? EncryptedBody : BodyOf<Call>;
  params?: ParamsOf<Call>;
  onHeaders?: (headers: Headers) => void;
  signal?: AbortSignal;
}

/**
 * Sends a call by its definition: how an area whose calls stay out of the player's catalogue (the agent
 * centre, decision 0028) calls, so its definitions load with its own chunk.
 */
export type SendCall = <Call extends CallDefinition>(
  definition: Call,
  options?: SendOptions<Call>,
) => Promise<ResponseOf<Call>>;

/** Calls the player catalogue by name; `send` calls any definition. */
export type ApiCall = (<Name extends CallName>(
  name: Name,
  options?: CallOptions<Name>,
) => Promise<CallResponse<Name>>) & { send: SendCall };

interface Envelope {
  success: boolean;
  value: unknown;
  message: string;
  code?: string;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'success' in body && 'value' in body;
}

function fillPath(path: string, params: object | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (segment, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
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
export function requestHeaders(
  definition: Pick<CallDefinition, 'moduleId' | 'token'>,
  session: Session,
  hasBody: boolean,
  contentType = 'application/json',
): Headers {
  const result = new Headers({ accept: 'application/json' });
  result.set(headerNames.moduleId, definition.moduleId);
  if (session.merchantCode) result.set(headerNames.merchantCode, session.merchantCode);
  if (definition.token && session.token) result.set('authorization', `Bearer ${session.token}`);
  if (hasBody) result.set('content-type', contentType);
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

// Codes by which the server says the session is gone; the app then clears it and asks for a login.
const sessionGoneCodes = new Set(['session_expired', 'unauthorized']);

/** Tells the session listeners what a failed call revealed about the session. */
function reportSessionFailure(definition: CallDefinition, session: Session, error: ApiError): void {
  if (!definition.token || session.token === null) return;
  if (error.status === 401 && sessionGoneCodes.has(error.code)) emitSessionEvent('expired');
  if (error.status === 403 && error.code === 'password_change_required') {
    emitSessionEvent('passwordChangeRequired');
  }
}

function encodeBody(formEncoded: boolean, body: unknown): string {
  if (!formEncoded) return JSON.stringify(body);
  const form = new URLSearchParams();
  // Form bodies are flat records of strings (CallBodies); anything else has no form encoding.
  for (const [key, value] of Object.entries(body as Record<string, string | undefined>)) {
    if (value !== undefined) form.set(key, value);
  }
  return form.toString();
}

/** Creates the typed client: one function per catalogued call, envelope unwrapped. */
export function createApiClient(options: ApiClientOptions = {}): ApiCall {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const getSession = options.session ?? readSession;
  const timeoutMs = options.timeoutMs ?? callTimeoutMs;

  const send = async (definition: CallDefinition, callOptions: SendOptions<CallDefinition> = {}) => {
    const hasBody = callOptions.body !== undefined;
    const formEncoded = definition.form === true;
    const session = getSession();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(
        // Params and query are objects by their schemas; the union over every call is too wide to see it.
        buildUrl(
          baseUrl,
          fillPath(definition.path, callOptions.params as object | undefined),
          callOptions.query as object | undefined,
        ),
        {
          method: definition.method,
          headers: requestHeaders(
            definition,
            session,
            hasBody,
            formEncoded ? 'application/x-www-form-urlencoded' : 'application/json',
          ),
          body: hasBody ? encodeBody(formEncoded, callOptions.body) : undefined,
          signal,
        },
      );
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
    // A file reply (CSV export, image) is the body itself; a failure still arrives as an envelope.
    if (definition.file === true && response.ok) {
      callOptions.onHeaders?.(response.headers);
      return response.blob();
    }
    const body = await readBody(response);
    if (!response.ok || !isEnvelope(body) || !body.success) {
      const error = failureFromReply(response, body);
      reportSessionFailure(definition, session, error);
      throw error;
    }
    callOptions.onHeaders?.(response.headers);
    return body.value;
  };
  const apiCall = <Name extends CallName>(name: Name, callOptions: CallOptions<Name> = {}) =>
    // The union over every call's responses is too wide for TypeScript to relate to one name's.
    send(calls[name], callOptions) as Promise<CallResponse<Name>>;
  return Object.assign(apiCall, { send: send as SendCall });
}
