/**
 * The reward calls (decision 0030), sent by definition with `api.send`. They are the contracts' own
 * entry, not part of the player catalogue the app's entry imports, so they load with the lazy reward
 * chunks and never with home.
 */
export { rewardCalls } from '@portal/contracts/calls/rewards';
