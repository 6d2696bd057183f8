import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorStatus, isErrorCode, type ErrorCode, type FieldError } from '@portal/contracts';

/**
 * A failure a service reports on purpose: it becomes `{ success: false, code, message, value }` with the
 * HTTP status the error catalogue gives the code (packages/contracts/src/errors.ts), so a code cannot be
 * thrown that the catalogue, the call definitions and the web's translations do not know.
 */
export class AppError extends Error {
  readonly statusCode: number;

  /**
   * `status` overrides the catalogue's only where a protocol fixed another one for a code: the seamless
   * wallet answers vendors `session_expired` with 403 (docs/vendor-integration.md), and refusals it
   * gives travel on with the status it gave them.
   */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly value: unknown = null,
    status: number = errorStatus[code],
  ) {
    super(message);
    this.statusCode = status;
  }
}

/** A code read from elsewhere (a stored refusal, a vendor's reply) as a catalogued one, else `fallback`. */
export function catalogued(code: string | null | undefined, fallback: ErrorCode): ErrorCode {
  return code !== null && code !== undefined && isErrorCode(code) ? code : fallback;
}

interface Failure {
  status: number;
  code: string;
  message: string;
  value: unknown;
}

const frameworkErrors: Record<string, Omit<Failure, 'value'>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'malformed_json',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'This content type is not accepted',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', message: 'Invalid Content-Length' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request', message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'A path parameter is too long' },
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

function fieldErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => {
    const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const context = (error.validationContext as string | undefined) ?? 'body';
    return { field: where || context, message: issue.message ?? 'is invalid' };
  });
}

function toFailure(error: FastifyError | AppError | Error): Failure {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, message: error.message, value: error.value };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) {
    const fields = fieldErrors(fastifyError);
    const names = fields.map((field) => field.field).join(', ');
    return { status: 400, code: 'validation_failed', message: `Invalid input: ${names}`, value: { fields } };
  }
  if (fastifyError.code && frameworkErrors[fastifyError.code]) {
    return { ...frameworkErrors[fastifyError.code]!, value: null };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, code: 'internal_error', message: 'Internal server error', value: null };
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, code: statusCodes[status] ?? 'bad_request', message: fastifyError.message, value: null };
  }
  return { status: 500, code: 'internal_error', message: 'Internal server error', value: null };
}

/** Sends the failure envelope; a 500 is logged with its stack and answered without it. */
export function sendFailure(reply: FastifyReply, failure: Failure) {
  return reply
    .code(failure.status)
    .type('application/json; charset=utf-8')
    .send({ success: false, value: failure.value, message: failure.message, code: failure.code });
}

/** Maps every thrown error to the envelope with a meaningful HTTP status. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const failure = toFailure(error);
    if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: failure.code, status: failure.status }, 'request refused');
    return sendFailure(reply, failure);
  });
}

/**
 * Fastify's router-level refusals (a malformed URL, a path parameter past its length limit), which it
 * answers before any hook runs: as envelopes too (Fastify option frameworkErrors).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = toFailure(error);
  request.log.info({ code: failure.code, status: failure.status }, 'request refused');
  return sendFailure(reply, failure);
}

/** The 404 envelope for API paths. */
export function notFound(reply: FastifyReply, method: string, path: string) {
  return sendFailure(reply, {
    status: 404,
    code: 'not_found',
    message: `No such endpoint: ${method} ${path}`,
    value: null,
  });
}
