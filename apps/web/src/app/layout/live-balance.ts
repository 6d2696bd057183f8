import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The header balance live (issue 18, decision 0042): while a player's header is shown, balance events
 * pushed on their topic (a deposit approved, a withdrawal, a payout, a bet or win) update member info's
 * cache (live-balance-feed.ts, loaded after the first render with the push client, so home's first load
 * carries only this hook). The refetch on focus (member-queries.ts) stays as the fallback.
 */
export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    void import('./live-balance-feed').then(({ feedBalance }) => {
      if (!ended) stop = feedBalance(queryClient);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [queryClient]);
}
