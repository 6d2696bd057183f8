import type { BetRecordsQuery, HistoryPreset, WalletHistoryQuery } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { balanceQueryKeys } from '../../../lib/balance';

/** The date filter of every history page: a preset, or explicit days. */
export interface RangeFilter {
  preset: HistoryPreset | 'custom';
  from: string;
  to: string;
}

/** The query parameters of a range filter (custom sends from/to, presets send the preset). */
export function rangeQuery(range: RangeFilter): { preset?: HistoryPreset; from?: string; to?: string } {
  if (range.preset !== 'custom') return { preset: range.preset };
  return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
}

const pageSize = 20;
// History keys live under the shared history prefix, so refreshBalance refreshes open history pages.
const key = (...parts: unknown[]) => [...balanceQueryKeys.history, ...parts];

/** transactionHistory or account records, one page. */
export function useMovements(
  scope: 'walletHistory' | 'accountRecords',
  range: RangeFilter,
  type: string,
  page: number,
) {
  const api = useApiClient();
  const query: WalletHistoryQuery = { ...rangeQuery(range), ...(type ? { type } : {}), page, pageSize };
  return useQuery({
    queryKey: key(scope, query),
    queryFn: ({ signal }) => api(scope, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** personalHistoryCopy: game rounds, one page. */
export function useBetRecords(range: RangeFilter, vendorCode: string, page: number) {
  const api = useApiClient();
  const query: BetRecordsQuery = {
    ...rangeQuery(range),
    ...(vendorCode ? { vendorCode } : {}),
    page,
    pageSize,
  };
  return useQuery({
    queryKey: key('betRecords', query),
    queryFn: ({ signal }) => api('betRecords', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** personalProfit over a range. */
export function usePersonalProfit(range: RangeFilter) {
  const api = useApiClient();
  const query = rangeQuery(range);
  return useQuery({
    queryKey: key('personalProfit', query),
    queryFn: ({ signal }) => api('personalProfit', { query, signal }),
  });
}

/** bonusDetails, one page. */
export function useBonusDetails(range: RangeFilter, page: number) {
  const api = useApiClient();
  const query = { ...rangeQuery(range), page, pageSize };
  return useQuery({
    queryKey: key('bonusDetails', query),
    queryFn: ({ signal }) => api('bonusDetails', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
