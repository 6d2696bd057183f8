import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api';
import type { QueueAction, QueueDefinition } from '../model/queue';
import { useOperatorApi } from './operator-api-context';

/** Every console read lives under this key: an action refreshes them all (queues and counts). */
export const operatorQueryKey = ['operator'] as const;

/** One page of a queue, paged and filtered on the server; refreshed when the window regains focus. */
export function useQueuePage<Row, Status extends string>(
  definition: QueueDefinition<Row, Status>,
  query: { page: number; pageSize: number; status: Status | undefined },
) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: [...operatorQueryKey, definition.id, 'page', query.status ?? 'all', query.page],
    queryFn: ({ signal }) => definition.list(api, query, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** How many rows wait in a queue (its first status): the total of a one-row page. */
export function useQueueCount<Row, Status extends string>(definition: QueueDefinition<Row, Status>) {
  const api = useOperatorApi();
  const status = definition.statuses[0];
  return useQuery({
    queryKey: [...operatorQueryKey, definition.id, 'count'],
    queryFn: async ({ signal }) =>
      (await definition.list(api, { page: 1, pageSize: 1, status }, signal)).total,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Runs a row's action; on success every console read refreshes, on failure the error stays to show. */
export function useQueueAction<Row>() {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, row, reason }: { action: QueueAction<Row>; row: Row; reason: string }) =>
      action.run(api, row, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKey }),
  });
}

/** The text of a failed console call in the reader's language (the error catalogue's, by code). */
export function useOperatorErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['operator', 'errors']);
  return (error) => t(errorMessageKey(error));
}
