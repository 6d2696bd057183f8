import type { VendorTransferRequest } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { balanceQueryKeys, refreshBalance } from '../../../lib/balance';
import { sessionCachedQuery } from '../../../lib/session-cache';
import { useSession } from '../../../lib/use-session';

/** Query keys of the transfer wallet, under the shared wallet prefix so refreshBalance reaches them. */
export const walletQueryKeys = {
  vendors: [...balanceQueryKeys.wallet, 'vendors'] as const,
  transfers: (page: number) => [...balanceQueryKeys.wallet, 'transfers', page] as const,
};

/**
 * Main and vendor wallets (the server syncs vendor balances first); kept for the session as
 * merchantWallet (spec section 3) and always re-read on mount and focus, so the copy only fills the
 * page until the fresh answer replaces it.
 */
export function useTransferWallets() {
  const api = useApiClient();
  const token = useSession().token ?? '';
  return useQuery({
    queryKey: walletQueryKeys.vendors,
    ...sessionCachedQuery('merchantWallet', token, (signal) => api('walletVendors', { signal })),
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
  });
}

/** The member's transfers, newest first; polled while one is still pending. */
export function useTransferList(page: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: walletQueryKeys.transfers(page),
    queryFn: ({ signal }) => api('walletTransfers', { query: { page, pageSize: 10 }, signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.state === 'pending') ? 10_000 : false,
  });
}

/** One transfer; whatever the outcome, every balance on screen is refreshed afterwards. */
export function useTransferMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VendorTransferRequest) => api('walletTransfer', { body: request }),
    onSettled: () => refreshBalance(queryClient),
  });
}

/** Every vendor wallet back to main. */
export function useTransferAllMutation() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => api('walletTransferAll', { body: { requestId } }),
    onSettled: () => refreshBalance(queryClient),
  });
}
