/**
 * The rewards module's public face (decision 0030): the withdrawal rule of the bonus wallet (payments
 * asks it inside a withdrawal's transaction), the rewards badge, and the wagering refresh the
 * bonus-wagering job runs; the raffle draw the reward-draws job runs, and the creation of red envelopes
 * and raffles the demo seed uses (decision 0031).
 */
export { applyWithdrawalRule, issueBonus, refreshWagering } from './bonus-wallet';
export { claimableCounts } from './rewards.service';
export { settleLeaderboards } from './leaderboards.service';
export { recordReferral, referralSummary, referrerOfCode, refuseSelfReferrals } from './referrals.service';
export { createRaffle, drawDueRaffles } from './raffles.service';
export { createRedEnvelope } from './red-envelopes.service';
