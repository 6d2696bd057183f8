import { defineCalls } from '../call';

const activityErrors = [
  'activity_not_found',
  'activity_not_open',
  'activity_not_eligible',
  'activity_nothing_to_claim',
  'activity_contact_required',
  'activity_same_device',
] as const;

/**
 * Rewards (decision 0030, docs/rewards.md): the reward centre's activities with the caller's status,
 * joining and claiming them, and the bonus wallet with each bonus's wagering progress.
 */
export const rewardCalls = defineCalls({
  rewardCenter: {
    method: 'GET',
    path: '/wps/rewards/activities',
    moduleId: 'rewards',
    token: true,
    summary: "rewardCenter: every open or coming activity with the caller's status and action",
    response: 'rewardCenter',
    errors: [],
  },
  activityJoin: {
    method: 'POST',
    path: '/wps/rewards/activities/:id/join',
    moduleId: 'rewards',
    token: true,
    summary: 'Joins an activity that counts only for players who joined (cashback)',
    params: 'activityIdParams',
    response: 'playerActivity',
    errors: ['activity_not_found', 'activity_not_open', 'activity_not_eligible'],
  },
  activityClaim: {
    method: 'POST',
    path: '/wps/rewards/activities/:id/claim',
    moduleId: 'rewards',
    token: true,
    summary: 'Claims what an activity pays now: once per player or period, into the bonus wallet',
    params: 'activityIdParams',
    body: 'activityClaimPayload',
    response: 'activityClaimResult',
    errors: [...activityErrors],
  },
  missionLeaderboard: {
    method: 'GET',
    path: '/wps/rewards/activities/:id/leaderboard',
    moduleId: 'rewards',
    token: true,
    summary: "missionLeaderboard: a leaderboard's running standings, the caller's place and the last winners",
    params: 'activityIdParams',
    response: 'leaderboard',
    errors: ['activity_not_found'],
  },
  bonusWallet: {
    method: 'GET',
    path: '/wps/rewards/bonuses',
    moduleId: 'rewards',
    token: true,
    summary: 'bonusDetails: the bonus wallet, each bonus with its wagering progress and outcome',
    response: 'bonusWallet',
    errors: [],
  },
});
