import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OpsCatalogueSyncResult,
  OpsGameSettingsBody,
  OpsVendorSettings,
  OpsVendorSettingsBody,
} from '@portal/contracts';
import { opsGameCalls } from '@portal/contracts/calls/ops';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey } from '../../api/queue-queries';

/** Rows per page of a vendor's games (the contracts allow up to 50). */
export const gamesPageSize = 25;

const catalogueKey = [...operatorQueryKey, 'catalogue'] as const;

/** Every vendor with this merchant's switches; refreshed on focus and after each change. */
export function useVendors() {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...catalogueKey, 'vendors'],
    queryFn: ({ signal }) => api(opsGameCalls.opsGameVendors, { signal }),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** A page of one vendor's games, by name or code. */
export function useGames(query: { vendor: string; search: string; page: number }) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...catalogueKey, 'games', query.vendor, query.search, query.page],
    queryFn: ({ signal }) =>
      api(opsGameCalls.opsGames, {
        query: {
          vendor: query.vendor,
          page: query.page,
          pageSize: gamesPageSize,
          ...(query.search ? { search: query.search } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Changes a vendor's switches, or syncs its catalogue; every catalogue read refreshes after it. */
export function useVendorChange() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { vendor: string } & ({ body: OpsVendorSettingsBody } | { sync: true }),
    ): Promise<OpsVendorSettings | OpsCatalogueSyncResult> =>
      'sync' in change
        ? api(opsGameCalls.opsGameVendorSync, { params: { code: change.vendor } })
        : api(opsGameCalls.opsGameVendorUpdate, { params: { code: change.vendor }, body: change.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
}

/** Changes one game's switches at this merchant. */
export function useGameChange() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: number; body: OpsGameSettingsBody }) =>
      api(opsGameCalls.opsGameUpdate, { params: { id: change.id }, body: change.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKey }),
  });
}
