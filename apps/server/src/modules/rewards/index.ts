/**
 * The rewards module's public face (decision 0030): the withdrawal rule of the bonus wallet (payments
 * asks it inside a withdrawal's transaction), the rewards badge, and the wagering refresh the
 * bonus-wagering job runs.
 */
export { applyWithdrawalRule, refreshWagering } from './bonus-wallet';
export { claimableCounts } from './rewards.service';
export { settleLeaderboards } from './leaderboards.service';
export { recordReferral, referrerOfCode, refuseSelfReferrals } from './referrals.service';
export { drawDueRaffles } from './raffles.service';
