import { defineCalls } from '../call';

const activityErrors = [
  'activity_not_found',
  'activity_not_open',
  'activity_not_eligible',
  'activity_nothing_to_claim',
  'activity_contact_required',
  'activity_same_device',
] as const;

const redEnvelopeErrors = [
  'red_envelope_not_found',
  'red_envelope_not_started',
  'red_envelope_closed',
  'red_envelope_empty',
] as const;

/**
 * Rewards (decision 0030, docs/rewards.md): the reward centre's activities with the caller's status,
 * joining and claiming them, the bonus wallet with each bonus's wagering progress, red envelopes and
 * raffles (decision 0031).
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
  // Red envelopes and raffles (decision 0031): committed before the first claim or ticket, revealed
  // after, and verifiable by anyone from the revealed seed.
  redEnvelopes: {
    method: 'GET',
    path: '/wps/rewards/red-envelopes',
    moduleId: 'rewards',
    token: true,
    summary: "Red envelopes open now or ended lately, with the caller's share",
    response: 'redEnvelopeList',
    errors: [],
  },
  redEnvelopeClaim: {
    method: 'POST',
    path: '/wps/rewards/red-envelopes/:id/claim',
    moduleId: 'rewards',
    token: true,
    summary: 'Takes the next share of a red envelope, once per player',
    params: 'redEnvelopeIdParams',
    response: 'redEnvelopeClaimResult',
    errors: [...redEnvelopeErrors],
  },
  redEnvelopeVerify: {
    method: 'GET',
    path: '/wps/rewards/red-envelopes/:id/verify',
    moduleId: 'rewards',
    token: false,
    summary: "Recomputes a red envelope's split from its revealed seed",
    params: 'redEnvelopeIdParams',
    response: 'redEnvelopeVerification',
    errors: ['red_envelope_not_found', 'draw_not_revealed'],
  },
  raffles: {
    method: 'GET',
    path: '/wps/rewards/raffles',
    moduleId: 'rewards',
    token: true,
    summary: "Raffles with the caller's tickets, prizes, commitment and winners",
    response: 'raffleList',
    errors: [],
  },
  raffleDetail: {
    method: 'GET',
    path: '/wps/rewards/raffles/:id',
    moduleId: 'rewards',
    token: true,
    summary: "A raffle with the caller's tickets and its winners list",
    params: 'raffleIdParams',
    response: 'playerRaffle',
    errors: ['raffle_not_found'],
  },
  raffleVerify: {
    method: 'GET',
    path: '/wps/rewards/raffles/:id/verify',
    moduleId: 'rewards',
    token: false,
    summary: "Recomputes a drawn raffle's winners from its revealed seed and entries",
    params: 'raffleIdParams',
    response: 'raffleVerification',
    errors: ['raffle_not_found', 'draw_not_revealed'],
  },
  // The referral programme (decision 0032): only while the merchant's referral promotion is on.
  referral: {
    method: 'GET',
    path: '/wps/rewards/referral',
    moduleId: 'rewards',
    token: true,
    summary: "referral: the caller's code, link, invited friends with their status and the rewards earned",
    response: 'referralView',
    errors: ['referral_off'],
  },
});
