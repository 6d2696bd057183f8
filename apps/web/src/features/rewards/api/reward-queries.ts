import type { ActivityClaimPayload, PlayerActivity, RewardCenter } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api';
import { balanceQueryKeys, refreshBalance } from '../../../lib/balance';
import { bonusWalletQuery } from '../../../lib/bonus-wallet';
import { rewardCalls } from './reward-calls';

/** Query keys of the rewards, under the shared rewards prefix so refreshBalance reaches them too. */
export const rewardQueryKeys = {
  all: balanceQueryKeys.rewards,
  center: [...balanceQueryKeys.rewards, 'center'] as const,
  leaderboard: (id: string) => [...balanceQueryKeys.rewards, 'leaderboard', id] as const,
  referral: [...balanceQueryKeys.rewards, 'referral'] as const,
};

// Standings move with every valid bet: a leaderboard on screen is read again each minute, and only
// while the page is visible (TanStack Query pauses intervals in a hidden tab).
const leaderboardRefreshMs = 60_000;

// The badge counts (missions, messages, rewards) are content's query; a prefix, not an import, because
// features do not import each other. A claim changes the rewards count.
const unreadCountKey = ['messages', 'unread'] as const;

/**
 * After a join or a claim: the activities, the bonus wallet, the header balance, the wallets and the
 * badge counts are read again.
 */
function refreshAfterReward(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    refreshBalance(queryClient),
    queryClient.invalidateQueries({ queryKey: unreadCountKey }),
  ]).then(() => undefined);
}

/** rewardCenter: every open or coming activity with the caller's status and action. */
export function useRewardCenter() {
  const api = useApiClient();
  return useQuery({
    queryKey: rewardQueryKeys.center,
    queryFn: ({ signal }) => api.send(rewardCalls.rewardCenter, { signal }),
  });
}

/** missionLeaderboard: a leaderboard's running standings, the caller's place and the last winners. */
export function useMissionLeaderboard(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: rewardQueryKeys.leaderboard(id),
    queryFn: ({ signal }) => api.send(rewardCalls.missionLeaderboard, { params: { id }, signal }),
    refetchInterval: leaderboardRefreshMs,
  });
}

/** bonusWallet: the bonus balance and each bonus's wagering progress. */
export function useBonusWallet() {
  return useQuery(bonusWalletQuery(useApiClient()));
}

/** Joins an activity; the answer replaces it in the list at once, then everything is read again. */
export function useActivityJoin() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send(rewardCalls.activityJoin, { params: { id } }),
    onSuccess: (joined: PlayerActivity) => {
      queryClient.setQueryData<RewardCenter>(rewardQueryKeys.center, (center) =>
        center
          ? {
              activities: center.activities.map((activity) =>
                activity.id === joined.id ? joined : activity,
              ),
            }
          : center,
      );
      return refreshAfterReward(queryClient);
    },
  });
}

/** What a claim sends: the activity, and the contact when the activity asks for one. */
export interface ClaimInput {
  id: string;
  contact?: ActivityClaimPayload['contact'];
}

/** Claims what an activity pays now (or applies, for one under review). */
export function useActivityClaim() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contact }: ClaimInput) =>
      api.send(rewardCalls.activityClaim, { params: { id }, body: contact ? { contact } : {} }),
    onSuccess: () => refreshAfterReward(queryClient),
  });
}

/** referral: the caller's code, link, friends and referral rewards (decision 0032). */
export function useReferral() {
  const api = useApiClient();
  return useQuery({
    queryKey: rewardQueryKeys.referral,
    queryFn: ({ signal }) => api.send(rewardCalls.referral, { signal }),
  });
}
