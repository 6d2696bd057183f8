import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of everything that shows a balance: the member info (header balance), the wallet reads
 * (wallet balance, transfer wallets), the history pages and the rewards (the bonus wallet and its
 * wagering progress, the activities a deposit makes claimable). Kept here, not in a feature, because
 * every feature that moves money refreshes them (transfers, deposits, withdrawals, a closed game).
 */
export const balanceQueryKeys = {
  memberInfo: ['member', 'info'] as const,
  wallet: ['wallet'] as const,
  history: ['history'] as const,
  rewards: ['rewards'] as const,
};

/**
 * Marks every balance stale and refetches what is on screen: call it after each money movement so
 * the header balance is never stale (also when a game window closes).
 */
export async function refreshBalance(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryKeys.memberInfo }),
    queryClient.invalidateQueries({ queryKey: balanceQueryKeys.wallet }),
    queryClient.invalidateQueries({ queryKey: balanceQueryKeys.history }),
    queryClient.invalidateQueries({ queryKey: balanceQueryKeys.rewards }),
  ]);
}
