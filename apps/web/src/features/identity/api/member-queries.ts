import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { useSession } from '../../../lib/use-session';

/** Query keys of the logged-in member; cleared on logout. */
export const memberQueryKeys = {
  all: ['member'] as const,
  info: (token: string | null) => ['member', 'info', token] as const,
  sessions: ['member', 'sessions'] as const,
};

/** Balance and unread counts move; a minute keeps the header honest without hammering the server. */
const memberInfoRefreshMs = 60_000;

/** `GET /wps/member/info` for the logged-in session; idle for visitors. */
export function useMemberInfo() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: memberQueryKeys.info(session.token),
    queryFn: ({ signal }) => api('memberInfo', { signal }),
    enabled: session.token !== null,
    refetchInterval: memberInfoRefreshMs,
    staleTime: 15_000,
    // The header balance must never be stale: coming back to the tab always re-reads it.
    refetchOnWindowFocus: 'always',
  });
}
