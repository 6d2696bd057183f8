import type {
  AgentContract,
  AgentPeriodQuery,
  ConsolidatedContractFlags,
  ContractListQuery,
  ContractOfferPayload,
  PayoutPage,
} from '@portal/contracts';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import type { ContractFlagsState } from '../agent-menu';
import { agentCalls } from './agent-calls';
import { agentQueryKeys } from './agent-queries';

/*
 * Contracts, salaries and dividends (issue 13): the consolidated flags, the contract list and its
 * answers, and the payout records, sent by definition like every agent call (decision 0028).
 */

/** The consolidated contract flags: which kinds are on, the caller's rates and what awaits its answer. */
export function useContractFlags() {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.contractFlags,
    queryFn: ({ signal }) => api.send(agentCalls.agentContractFlags, { signal }),
    staleTime: 60_000,
  });
}

/** The flags read as the frame takes them. */
export function contractFlagsState(query: UseQueryResult<ConsolidatedContractFlags>): ContractFlagsState {
  if (query.data) return { status: 'ready', flags: query.data };
  if (query.isError) return { status: 'error', error: query.error, retry: () => void query.refetch() };
  return { status: 'pending' };
}

/** One page of the caller's contracts with its upline, or of its downlines' contracts with it. */
export function useContracts(query: ContractListQuery, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.contractList(query),
    queryFn: ({ signal }) => api.send(agentCalls.agentContracts, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The caller's own upline agent (the transfer-to-upline read), for a request from the upline. */
export function useUpline(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.upline,
    queryFn: ({ signal }) => api('upline', { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** What accepting or terminating a contract would do: the contracts that end, and when. */
export function useContractPreview(id: number, action: 'accept' | 'terminate', enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.contractPreview(id, action),
    queryFn: ({ signal }) =>
      api.send(agentCalls.agentContractPreview, { params: { id: String(id) }, query: { action }, signal }),
    // The list of contracts that end must be the one the agent confirms: always read afresh.
    staleTime: 0,
    gcTime: 0,
    enabled,
  });
}

/** Before an offer or request: the upline's rate and the contracts that would end. */
export function useOfferPreview() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (payload: ContractOfferPayload) =>
      api.send(agentCalls.agentContractOfferPreview, { body: payload }),
  });
}

/**
 * Every contract read is read again after a change (the flags carry the pending counts), except the
 * previews: the one of the contract just decided would now answer already_decided, and a preview is
 * read afresh whenever a dialog opens anyway.
 */
function useContractsChanged() {
  const queryClient = useQueryClient();
  const preview = agentQueryKeys.contractPreview(0, 'accept')[2];
  return () =>
    queryClient.invalidateQueries({
      queryKey: agentQueryKeys.contracts,
      predicate: (query) => query.queryKey[2] !== preview,
    });
}

/** Offers a contract to a direct downline agent, or requests one from the upline. */
export function useContractOffer() {
  const api = useApiClient();
  const changed = useContractsChanged();
  return useMutation({
    mutationFn: (payload: ContractOfferPayload) => api.send(agentCalls.agentContractOffer, { body: payload }),
    onSuccess: changed,
  });
}

/** An answer to a contract: accept, reject (or withdraw one's own offer) or terminate. */
export interface ContractDecision {
  id: number;
  action: 'accept' | 'reject' | 'terminate';
  /** The ids of the contracts the preview said would end (accept and terminate). */
  confirmEnding: number[];
}

/** Sends an answer to a contract. */
export function useContractDecision() {
  const api = useApiClient();
  const changed = useContractsChanged();
  return useMutation({
    mutationFn: ({ id, action, confirmEnding }: ContractDecision): Promise<AgentContract> => {
      const params = { id: String(id) };
      switch (action) {
        case 'accept':
          return api.send(agentCalls.agentContractAccept, { params, body: { confirmEnding } });
        case 'terminate':
          return api.send(agentCalls.agentContractTerminate, { params, body: { confirmEnding } });
        case 'reject':
          return api.send(agentCalls.agentContractReject, { params });
      }
    },
    onSuccess: changed,
  });
}

/** The payout records a page shows: a salary kind's, or the dividends. */
export type PayoutKind = 'daily' | 'hourly' | 'realtime' | 'dividend';

/** The query of a payout page: the period and the page. */
export type PayoutQuery = AgentPeriodQuery & { page: number; pageSize: number };

/** One page of salary or dividend records over a period, with totals and the bank account. */
export function usePayoutRecords(kind: PayoutKind, query: PayoutQuery): UseQueryResult<PayoutPage> {
  const api = useApiClient();
  const salary = kind === 'dividend' ? null : { ...query, kind };
  return useQuery({
    queryKey: salary ? agentQueryKeys.salaries(salary) : agentQueryKeys.dividends(query),
    queryFn: ({ signal }) =>
      salary
        ? api.send(agentCalls.salaryRecords, { query: salary, signal })
        : api.send(agentCalls.dividendRecords, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
