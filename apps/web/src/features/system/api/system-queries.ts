import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiCall } from '../../../lib/api';

/** How often the system status is re-read; it is also re-read when the window regains focus. */
export const statusPollMs = 60_000;
/** White-label settings and permissions change rarely; five minutes keeps them fresh enough. */
const settingsStaleMs = 5 * 60_000;

export const systemQueryKeys = {
  status: ['system', 'status'] as const,
  whitelabel: ['system', 'whitelabel'] as const,
  permission: ['system', 'permission'] as const,
};

/**
 * The system reads as query options, shared by the hooks below and by the boot (main.tsx), which
 * starts all three at once, before React renders, instead of one after the other as components mount.
 */
export const systemQueries = {
  /** `/wps/system/status`, polled: 0 normal, 1 maintenance, 2 region-restricted. */
  status: (api: ApiCall) =>
    queryOptions({
      queryKey: systemQueryKeys.status,
      queryFn: ({ signal }) => api('systemStatus', { signal }),
      refetchInterval: statusPollMs,
      refetchOnWindowFocus: 'always',
      // The first read holds the app back (behind the loader), so an unreachable server is retried once.
      retry: 1,
    }),
  /** `/wps/system/whitelabel`: merchant name, languages, themes, module switches. */
  whitelabel: (api: ApiCall) =>
    queryOptions({
      queryKey: systemQueryKeys.whitelabel,
      queryFn: ({ signal }) => api('whitelabel', { signal }),
      staleTime: settingsStaleMs,
    }),
  /** `/wps/system/permission`: customer service, resources (apps, social links) and the rest. */
  permission: (api: ApiCall) =>
    queryOptions({
      queryKey: systemQueryKeys.permission,
      queryFn: ({ signal }) => api('permission', { signal }),
      staleTime: settingsStaleMs,
    }),
};

export function useSystemStatus() {
  return useQuery(systemQueries.status(useApiClient()));
}

export function useWhitelabel() {
  return useQuery(systemQueries.whitelabel(useApiClient()));
}

export function usePermission() {
  return useQuery(systemQueries.permission(useApiClient()));
}
