import type {
  AgentPeriodQuery,
  AnnouncementListQuery,
  ContractListQuery,
  CreateDownlinePayload,
  DividendRecordQuery,
  SalaryRecordQuery,
  StatementQuery,
  TeamDownlineQuery,
  TeamTransactionQuery,
} from '@portal/contracts';
import { agentCalls } from './agent-calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { encryptedSend, useApiClient } from '../../../lib/api';

/*
 * The agent centre's reads and its one write, sent by definition (`api.send`): the agent calls stay out of
 * the player catalogue so home's first load never carries them, and only the lazy agent pages import this
 * file (decision 0028).
 */

/** Query keys of the agent centre, under one prefix: a downline created or paid refreshes them together. */
export const agentQueryKeys = {
  all: ['agent'] as const,
  overview: (query: AgentPeriodQuery) => ['agent', 'overview', query] as const,
  downlines: ['agent', 'downlines'] as const,
  downlinePage: (query: TeamDownlineQuery) => ['agent', 'downlines', query] as const,
  invite: ['agent', 'invite'] as const,
  statement: (query: StatementQuery) => ['agent', 'statement', query] as const,
  revenue: (query: AgentPeriodQuery) => ['agent', 'revenue', query] as const,
  transactions: (query: TeamTransactionQuery) => ['agent', 'transactions', query] as const,
  announcements: (query: AnnouncementListQuery) => ['agent', 'announcements', query] as const,
  contractFlags: ['agent', 'contracts', 'flags'] as const,
  /** Every contract read (the flags and their pending counts included): an answer changes them together. */
  contracts: ['agent', 'contracts'] as const,
  contractList: (query: ContractListQuery) => ['agent', 'contracts', 'list', query] as const,
  contractPreview: (id: number, action: 'accept' | 'terminate') =>
    ['agent', 'contracts', 'preview', id, action] as const,
  upline: ['agent', 'upline'] as const,
  salaries: (query: SalaryRecordQuery) => ['agent', 'payouts', 'salary', query] as const,
  dividends: (query: DividendRecordQuery) => ['agent', 'payouts', 'dividend', query] as const,
};

/** agentTeamOverview over a period. */
export function useTeamOverview(query: AgentPeriodQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.overview(query),
    queryFn: ({ signal }) => api.send(agentCalls.agentTeamOverview, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** downlineManagmentView: one page of downlines (directs, a drill-down or a team search). */
export function useDownlinePage(query: TeamDownlineQuery, enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.downlinePage(query),
    queryFn: ({ signal }) => api.send(agentCalls.agentDownlines, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** registerCenter: the caller's affiliate code, referral link and the types it may create. */
export function useAgentInvite() {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.invite,
    queryFn: ({ signal }) => api.send(agentCalls.agentInvite, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** registerCenter: creates a downline (encrypted); the downline lists and team figures are read again. */
export function useCreateDownline() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateDownlinePayload) =>
      encryptedSend(api, agentCalls.agentCreateDownline, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentQueryKeys.all }),
  });
}

/**
 * palStatementsAgentCopy: one page of the statement with its totals. The last page stays up while the
 * next one loads, unless the grouping changed: days shown under a downline header would mislead.
 */
export function useStatement(query: StatementQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.statement(query),
    queryFn: ({ signal }) => api.send(agentCalls.agentStatement, { query, signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2]?.groupBy === query.groupBy ? previous : undefined,
  });
}

/** agentRevenueReport over a period. */
export function useRevenue(query: AgentPeriodQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.revenue(query),
    queryFn: ({ signal }) => api.send(agentCalls.agentRevenue, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** agentDownlineTransactionDetailsCopy: one page of team movements. */
export function useTeamTransactions(query: TeamTransactionQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.transactions(query),
    queryFn: ({ signal }) => api.send(agentCalls.agentTransactions, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** agentAnnouncement: one page of the announcements for agents. */
export function useAgentAnnouncements(query: AnnouncementListQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: agentQueryKeys.announcements(query),
    queryFn: ({ signal }) => api.send(agentCalls.agentAnnouncements, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
