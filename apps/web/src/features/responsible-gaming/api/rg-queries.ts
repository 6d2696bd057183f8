import type { RgBlockPayload, RgLimitKind, RgLimitSetPayload, RgPeriod } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { rgCalls } from './rg-calls';

export const rgQueryKeys = {
  all: ['rg'] as const,
  overview: ['rg', 'overview'] as const,
  money: ['rg', 'money'] as const,
  events: ['rg', 'events'] as const,
  session: ['rg', 'session'] as const,
};

export function useRgOverview() {
  const api = useApiClient();
  return useQuery({
    queryKey: rgQueryKeys.overview,
    queryFn: ({ signal }) => api.send(rgCalls.rgOverview, { signal }),
  });
}

export function useRgMoney() {
  const api = useApiClient();
  return useQuery({
    queryKey: rgQueryKeys.money,
    queryFn: ({ signal }) => api.send(rgCalls.rgMoneySummary, { signal }),
  });
}

export function useRgEvents() {
  const api = useApiClient();
  return useQuery({
    queryKey: rgQueryKeys.events,
    queryFn: ({ signal }) => api.send(rgCalls.rgEvents, { signal }),
  });
}

/** Every change answers the new overview; the audit is read again. */
function useRgChange<Input>(send: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (value) => {
      if (value && typeof value === 'object' && 'limits' in value)
        client.setQueryData(rgQueryKeys.overview, value);
      await client.invalidateQueries({ queryKey: rgQueryKeys.all });
    },
  });
}

export function useSetLimit() {
  const api = useApiClient();
  return useRgChange((body: RgLimitSetPayload) => api.send(rgCalls.rgLimitSet, { body }));
}

export function useSetSessionLimit() {
  const api = useApiClient();
  return useRgChange((minutes: number | null) => api.send(rgCalls.rgSessionLimitSet, { body: { minutes } }));
}

export function useCancelPending() {
  const api = useApiClient();
  return useRgChange((body: { kind: RgLimitKind | 'session'; period?: RgPeriod }) =>
    api.send(rgCalls.rgPendingCancel, { body }),
  );
}

export function useSetRealityCheck() {
  const api = useApiClient();
  return useRgChange((minutes: 15 | 30 | 60 | null) =>
    api.send(rgCalls.rgRealityCheckSet, { body: { minutes } }),
  );
}

export function useStartBlock() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: RgBlockPayload) => api.send(rgCalls.rgBlock, { body }) });
}
