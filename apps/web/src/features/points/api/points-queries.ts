import type {
  PointsConvertPayload,
  PointsRecordType,
  PointsRedeemPayload,
  RedeemStatus,
} from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { refreshBalance } from '../../../lib/balance';
import { pointsCalls } from './points-calls';

/** Query keys of the points, under one prefix so a redeem or convert reads them all again. */
export const pointsQueryKeys = {
  all: ['points'] as const,
  balance: ['points', 'balance'] as const,
  items: ['points', 'items'] as const,
  config: ['points', 'config'] as const,
  history: (page: number, status: RedeemStatus | null) => ['points', 'history', page, status] as const,
  records: (page: number, type: PointsRecordType | null) => ['points', 'records', page, type] as const,
};

/** Rows per page of the redeem history and the points details. */
export const pointsPageSize = 20;

/** points_balance: redeemable, held and owed points and the caller's VIP level. */
export function usePointsBalance(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: pointsQueryKeys.balance,
    queryFn: ({ signal }) => api.send(pointsCalls.pointsBalance, { signal }),
    enabled,
  });
}

/** points_reward: the mall's items. */
export function usePointsItems() {
  const api = useApiClient();
  return useQuery({
    queryKey: pointsQueryKeys.items,
    queryFn: ({ signal }) => api.send(pointsCalls.pointsReward, { signal }),
  });
}

/** points_config: the merchant's rates, convert ratio and VIP tiers. */
export function usePointsConfig() {
  const api = useApiClient();
  return useQuery({
    queryKey: pointsQueryKeys.config,
    queryFn: ({ signal }) => api.send(pointsCalls.pointsConfig, { signal }),
  });
}

/** points_redeemHistory: one page of redeems, newest first, optionally of one status. */
export function useRedeemHistory(page: number, status: RedeemStatus | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: pointsQueryKeys.history(page, status),
    queryFn: ({ signal }) =>
      api.send(pointsCalls.pointsRedeemHistory, {
        query: { page, pageSize: pointsPageSize, ...(status ? { status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** points_records: one page of the points details, newest first, optionally of one type. */
export function usePointsRecords(page: number, type: PointsRecordType | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: pointsQueryKeys.records(page, type),
    queryFn: ({ signal }) =>
      api.send(pointsCalls.pointsRecords, {
        query: { page, pageSize: pointsPageSize, ...(type ? { type } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Redeems an item. Afterwards the points (balance, items' stock, history, details) and every money
 * balance are read again: a small cash redeem may be approved at once and pay into the main wallet.
 */
export function usePointsRedeem() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsRedeemPayload) => api.send(pointsCalls.pointsRedeem, { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsQueryKeys.all }),
        refreshBalance(queryClient),
      ]),
  });
}

/** Converts points to main-wallet balance; then the points and the money balances are read again. */
export function usePointsConvert() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PointsConvertPayload) => api.send(pointsCalls.pointsConvert, { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsQueryKeys.all }),
        refreshBalance(queryClient),
      ]),
  });
}
