import type { QueryClient } from '@tanstack/react-query';
import { balanceQueryKeys } from '../../lib/balance';
import { subscribePush } from '../../lib/push';

/**
 * Writes each `balance` event of the player's push topic into member info's cached reply (the header
 * changes at once, without a request) and lets the wallet pages on screen re-read theirs. Returns the
 * unsubscribe function. A lazy chunk of its own with the push client (live-balance.ts loads it).
 */
export function feedBalance(queryClient: QueryClient): () => void {
  return subscribePush('balance', (event) => {
    if (typeof event.balance !== 'string') return;
    const balance = event.balance;
    queryClient.setQueriesData<{ balance: string }>({ queryKey: balanceQueryKeys.memberInfo }, (info) =>
      info && info.balance !== balance ? { ...info, balance } : info,
    );
    void queryClient.invalidateQueries({ queryKey: balanceQueryKeys.wallet, refetchType: 'active' });
  });
}
