/** Codes the client itself produces, next to the server's error codes. */
export const clientErrorCodes = {
  network: 'network',
  timeout: 'timeout',
  invalidReply: 'invalid_reply',
} as const;

/**
 * A failed call: `success:false` from the server, a non-2xx status, a network failure (code
 * 'network', status 0) or an unreadable reply.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Stable machine-readable code, e.g. 'in_need_true_account' or 'network'. */
  readonly code: string;
  /** The envelope's value (for a 400: the failing fields). */
  readonly value: unknown;

  constructor(init: { status: number; code: string; message: string; value?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.value = init.value ?? null;
  }

  /** Whether the request never got an answer (offline, DNS, time-out). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Whether a value is an ApiError. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
