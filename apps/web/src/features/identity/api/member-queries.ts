import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiCall } from '../../../lib/api';
import { useSession } from '../../../lib/use-session';

/** Query keys of the logged-in member; cleared on logout. */
export const memberQueryKeys = {
  all: ['member'] as const,
  info: (token: string | null) => ['member', 'info', token] as const,
  sessions: ['member', 'sessions'] as const,
};

/** Balance and unread counts move; a minute keeps the header honest without hammering the server. */
const memberInfoRefreshMs = 60_000;

/**
 * The member reads as query options, shared by the hooks and by a first page's prefetch (the member
 * centre's), which starts them at boot instead of when the components mount.
 */
export const memberQueries = {
  /** `GET /wps/member/info` for the session `token`; idle without one. */
  info: (api: ApiCall, token: string | null) =>
    queryOptions({
      queryKey: memberQueryKeys.info(token),
      queryFn: ({ signal }) => api('memberInfo', { signal }),
      enabled: token !== null,
      refetchInterval: memberInfoRefreshMs,
      staleTime: 15_000,
      // The header balance must never be stale: coming back to the tab always re-reads it.
      refetchOnWindowFocus: 'always',
    }),
  /** The member's active sessions (the security centre). */
  sessions: (api: ApiCall) =>
    queryOptions({
      queryKey: memberQueryKeys.sessions,
      queryFn: ({ signal }) => api('sessions', { signal }),
    }),
};

/** `GET /wps/member/info` for the logged-in session; idle for visitors. */
export function useMemberInfo() {
  return useQuery(memberQueries.info(useApiClient(), useSession().token));
}
