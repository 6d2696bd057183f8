import type { Currency } from '@portal/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { SkeletonLines } from '../../components/ui/skeleton';
import type { MemberCentreTab } from '../../features/member-centre';

// The reward pages are one lazy chunk (with the reward calls, their own contracts entry): home never
// carries them, and the member centre loads them only on these tabs.
const rewards = () => import('../../features/rewards');
const RewardCentrePage = lazy(() => rewards().then((module) => ({ default: module.RewardCentrePage })));
const MissionLeaderboardPage = lazy(() =>
  rewards().then((module) => ({ default: module.MissionLeaderboardPage })),
);
const ReferralPage = lazy(() => rewards().then((module) => ({ default: module.ReferralPage })));
/** bonusDetails' bonus wallet, above the ledger's bonus movements (member-wallet-tabs.tsx). */
export const BonusWalletPanel = lazy(() =>
  rewards().then((module) => ({ default: module.BonusWalletPanel })),
);

const pages: Partial<Record<MemberCentreTab, (props: { currency: Currency }) => ReactNode>> = {
  rewardCenter: (props) => <RewardCentrePage {...props} />,
  missionLeaderboard: (props) => <MissionLeaderboardPage {...props} />,
  referral: (props) => <ReferralPage {...props} />,
};

/**
 * The reward page of a member-centre tab (the reward centre, referral, missions and leaderboards;
 * lazily loaded), or null for any other tab.
 */
export function rewardTabPage(tab: MemberCentreTab, currency: Currency | undefined): ReactNode | null {
  const page = pages[tab];
  if (!page) return null;
  return (
    <Suspense fallback={<SkeletonLines count={5} />}>
      {currency ? page({ currency }) : <SkeletonLines count={5} />}
    </Suspense>
  );
}
