import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api';

/** At most this many retries of a failed read. */
const maxRetries = 2;

/**
 * Query defaults: retry only what a retry can fix (network failures and server errors), never a
 * 4xx that will fail the same way again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < maxRetries && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
    },
  });
}
