import type { ActivityCommentPage, ActivityCommentPayload } from '@portal/contracts';
import { useInfiniteQuery, type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { rewardCalls } from './reward-calls';

/**
 * Query keys of activity comments. Outside the rewards prefix on purpose: refreshBalance reads that
 * prefix again after every bet and claim, and comments do not change with the balance.
 */
export const commentQueryKeys = {
  all: ['activity-comments'] as const,
  activity: (id: string) => ['activity-comments', id] as const,
};

/** Comments per page: a card stays short, and "Load more" reads the next ten. */
export const commentPageSize = 10;

/** activityComments: an activity's comments, newest first, a page at a time; read only when `enabled`. */
export function useActivityComments(id: string, enabled: boolean) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: commentQueryKeys.activity(id),
    queryFn: ({ pageParam, signal }) =>
      api.send(rewardCalls.activityComments, {
        params: { id },
        query: { page: pageParam, pageSize: commentPageSize },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled,
  });
}

/** activityCommentPost: writes a comment, then the activity's comments are read again from the top. */
export function useActivityCommentPost(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivityCommentPayload) =>
      api.send(rewardCalls.activityCommentPost, { params: { id }, body }),
    // Only the first page is read again: the new comment shifts every later page, and reading them all
    // would cost a request each; "Load more" reads them again when asked.
    onSuccess: () => {
      queryClient.setQueryData<InfiniteData<ActivityCommentPage, number>>(
        commentQueryKeys.activity(id),
        (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
      );
      return queryClient.invalidateQueries({ queryKey: commentQueryKeys.activity(id) });
    },
  });
}
