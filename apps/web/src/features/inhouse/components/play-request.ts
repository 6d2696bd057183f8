import { isApiError } from '../../../lib/api';
import { newPlayRequestId } from '../model/web-fairness';

/**
 * The request id of the next play: a fresh one, unless the last attempt of the very same play ended
 * without a definite answer (network, 5xx), in which case the retry reuses it and the server resumes that
 * round instead of playing a second one.
 */
export class PlayRequests {
  private pending: { key: string; requestId: string } | null = null;

  /** The id to send for a play with these details. */
  idFor(key: string): string {
    if (this.pending?.key === key) return this.pending.requestId;
    this.pending = { key, requestId: newPlayRequestId() };
    return this.pending.requestId;
  }

  /** After an answer: a definite one (success or a 4xx refusal) retires the id. */
  settle(error: unknown): void {
    const unknownOutcome =
      error !== null && (!isApiError(error) || error.status === 0 || error.status >= 500);
    if (!unknownOutcome) this.pending = null;
  }
}

/** Waits at least this long so a reel animation is seen; zero for visitors who asked for less motion. */
export function minimumAnimationMs(ms: number): Promise<void> {
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
