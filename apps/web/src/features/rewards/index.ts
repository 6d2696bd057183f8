// The reward pages (decision 0030). Only lazily loaded chunks import this file: it carries the reward
// calls, which are their own contracts entry, and must never enter home's first load.
import './rewards.css';
import './draws.css';

export { RewardCentrePage } from './pages/reward-centre-page';
export { MissionLeaderboardPage } from './pages/mission-leaderboard-page';
export { ReferralPage } from './pages/referral-page';
export { BonusWalletPanel } from './components/bonus-wallet';
export { PromotionActivity, type PromotionActivityProps } from './components/promotion-activity';
