import type { RedEnvelopeClaimResult, RedEnvelopeList } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { refreshBalance } from '../../../lib/balance';
import { rewardCalls } from './reward-calls';
import { rewardQueryKeys } from './reward-queries';

/** Query keys of red envelopes and raffles, under the rewards prefix (refreshBalance reaches them). */
export const drawQueryKeys = {
  envelopes: [...rewardQueryKeys.all, 'red-envelopes'] as const,
  raffles: [...rewardQueryKeys.all, 'raffles'] as const,
};

// Envelopes open and empty as other players claim: the list is read again each minute while shown.
const envelopeRefreshMs = 60_000;

/** Red envelopes open now or ended lately, with the caller's share. */
export function useRedEnvelopes() {
  const api = useApiClient();
  return useQuery({
    queryKey: drawQueryKeys.envelopes,
    queryFn: ({ signal }) => api.send(rewardCalls.redEnvelopes, { signal }),
    refetchInterval: envelopeRefreshMs,
  });
}

/** Takes a share of a red envelope; the envelope is replaced by the answer's, then balances are read. */
export function useRedEnvelopeClaim() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send(rewardCalls.redEnvelopeClaim, { params: { id } }),
    onSuccess: (result: RedEnvelopeClaimResult) => {
      queryClient.setQueryData<RedEnvelopeList>(drawQueryKeys.envelopes, (list) =>
        list
          ? {
              envelopes: list.envelopes.map((envelope) =>
                envelope.id === result.envelope.id ? result.envelope : envelope,
              ),
            }
          : list,
      );
      return refreshBalance(queryClient);
    },
  });
}

/** Raffles with the caller's tickets, prizes, commitment and, once drawn, the winners. */
export function useRaffles() {
  const api = useApiClient();
  return useQuery({
    queryKey: drawQueryKeys.raffles,
    queryFn: ({ signal }) => api.send(rewardCalls.raffles, { signal }),
  });
}
