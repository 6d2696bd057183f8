import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RgSettings } from '@portal/contracts';
import { opsRgCalls } from '@portal/contracts/calls/ops';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey } from '../../api/queue-queries';

const rgKey = [...operatorQueryKey, 'rg'] as const;

/** Players per page of the report. */
export const reportPageSize = 20;

/** A player's limits, breaks, exclusions and history, by exact account name (none asked: no read). */
export function useRgPlayer(username: string) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...rgKey, 'player', username],
    queryFn: ({ signal }) => api(opsRgCalls.opsRgPlayer, { query: { username }, signal }),
    enabled: username !== '',
    retry: false,
    refetchOnWindowFocus: true,
  });
}

/** One page of the merchant's report (players with limits, breaks or exclusions, latest change first). */
export function useRgReport(page: number) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...rgKey, 'report', page],
    queryFn: ({ signal }) =>
      api(opsRgCalls.opsRgReport, { query: { page, pageSize: reportPageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/** The merchant's two switches. */
export function useRgSettings() {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...rgKey, 'settings'],
    queryFn: ({ signal }) => api(opsRgCalls.opsRgSettings, { signal }),
    refetchOnWindowFocus: true,
  });
}

/** Writes the switches (owner); the answer replaces the cached read. */
export function useRgSettingsChange() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RgSettings) => api(opsRgCalls.opsRgSettingsSet, { body }),
    onSuccess: (value) => queryClient.setQueryData([...rgKey, 'settings'], value),
  });
}
