import { queryOptions } from '@tanstack/react-query';
import { rewardCalls } from '@portal/contracts/calls/rewards';
import type { ApiCall } from './api';
import { balanceQueryKeys } from './balance';

/*
 * The bonus wallet read, shared by the reward pages (bonusDetails) and the withdraw form, which must
 * know whether a withdrawal is refused or forfeits a bonus. The reward calls are their own contracts
 * entry (decision 0030): only lazily loaded chunks may import this file, never the layout or home.
 */

/** The bonus wallet's query key: under the rewards prefix, so refreshBalance reaches it. */
export const bonusWalletQueryKey = [...balanceQueryKeys.rewards, 'bonuses'] as const;

/** bonusWallet: the bonus balance, what a withdrawal does now, and each bonus's wagering progress. */
export function bonusWalletQuery(api: ApiCall) {
  return queryOptions({
    queryKey: bonusWalletQueryKey,
    queryFn: ({ signal }) => api.send(rewardCalls.bonusWallet, { signal }),
  });
}
