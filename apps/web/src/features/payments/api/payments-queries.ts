import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiCall } from '../../../lib/api';
import { isAgentSession } from '../../../lib/session';
import { useSession } from '../../../lib/use-session';

/** Query keys of the payments feature; all under one prefix so a money movement refreshes them together. */
export const paymentQueryKeys = {
  all: ['payments'] as const,
  channels: ['payments', 'channels'] as const,
  deposits: ['payments', 'deposits'] as const,
  withdrawals: ['payments', 'withdrawals'] as const,
  paymentPassword: ['payments', 'payment-password'] as const,
  bankAccounts: ['payments', 'bank-accounts'] as const,
  upline: ['payments', 'upline'] as const,
  downlines: (search: string) => ['payments', 'downlines', search] as const,
};

/**
 * After money moved: the header's balance (member info, key prefix 'member'), every wallet read
 * ('wallet') and the rewards ('rewards': a deposit makes a bonus claimable, a withdrawal may forfeit
 * one) are refetched, with this feature's lists. Prefixes, not imports: features do not import each
 * other, and the header reads the balance through member info.
 */
export function refreshAfterMoneyMoved(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['member'] }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['rewards'] }),
    queryClient.invalidateQueries({ queryKey: paymentQueryKeys.all }),
  ]).then(() => undefined);
}

export function usePaymentChannels() {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentQueryKeys.channels,
    queryFn: ({ signal }) => api('paymentChannels', { signal }),
  });
}

/** My deposits; polled while one is pending so an approval shows without a reload. */
export function useDeposits() {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentQueryKeys.deposits,
    queryFn: ({ signal }) => api('deposits', { signal, query: { pageSize: 20 } }),
    refetchInterval: (query) =>
      query.state.data?.items.some((deposit) => deposit.status === 'pending') ? 15_000 : false,
  });
}

/** My withdrawals; polled while one waits for the operator or for my answer. */
export function useWithdrawals() {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentQueryKeys.withdrawals,
    queryFn: ({ signal }) => api('withdrawals', { signal, query: { pageSize: 20 } }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending' || item.status === 'disbursed')
        ? 15_000
        : false,
  });
}

/** The security centre's payment reads as query options, for the hooks and the member centre's prefetch. */
export const paymentSecurityQueries = {
  paymentPassword: (api: ApiCall) =>
    queryOptions({
      queryKey: paymentQueryKeys.paymentPassword,
      queryFn: ({ signal }) => api('paymentPasswordStatus', { signal }),
    }),
  bankAccounts: (api: ApiCall) =>
    queryOptions({
      queryKey: paymentQueryKeys.bankAccounts,
      queryFn: ({ signal }) => api('bankAccounts', { signal }),
    }),
};

export function usePaymentPasswordStatus() {
  return useQuery(paymentSecurityQueries.paymentPassword(useApiClient()));
}

export function useBankAccounts() {
  return useQuery(paymentSecurityQueries.bankAccounts(useApiClient()));
}

export function useUpline() {
  const api = useApiClient();
  return useQuery({ queryKey: paymentQueryKeys.upline, queryFn: ({ signal }) => api('upline', { signal }) });
}

/** An agent's direct downline (first page matching the search). */
export function useDownlines(search: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentQueryKeys.downlines(search),
    queryFn: ({ signal }) =>
      api('downlines', { signal, query: { pageSize: 50, ...(search ? { search } : {}) } }),
    enabled,
  });
}

/** Whether this session is an agent's (agent types of spec section 9). */
export function useIsAgent(): boolean {
  return isAgentSession(useSession());
}

/** A mutation that refreshes balances and lists when it succeeds. */
export function useMoneyMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterMoneyMoved(queryClient) });
}
