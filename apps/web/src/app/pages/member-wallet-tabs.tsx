import type { Currency } from '@portal/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { SkeletonLines } from '../../components/ui/skeleton';
import type { MemberCentreTab } from '../../features/member-centre';
import { BonusWalletPanel } from './member-reward-tabs';

// Each page is its own lazy chunk: the member centre loads only the tab it shows, and home none of them.
const TransferFund = lazy(() =>
  import('../../features/wallet/pages').then((module) => ({ default: module.TransferFund })),
);
const history = () => import('../../features/history/pages');
const TransactionHistory = lazy(() => history().then((module) => ({ default: module.TransactionHistory })));
const BettingRecords = lazy(() => history().then((module) => ({ default: module.BettingRecords })));
const PersonalProfit = lazy(() => history().then((module) => ({ default: module.PersonalProfit })));
const BonusDetails = lazy(() => history().then((module) => ({ default: module.BonusDetails })));

const pages: Partial<Record<MemberCentreTab, (props: { currency: Currency }) => ReactNode>> = {
  transferFund: (props) => <TransferFund {...props} />,
  transactionHistory: (props) => <TransactionHistory {...props} />,
  personalHistoryCopy: (props) => <BettingRecords {...props} />,
  personalProfit: (props) => <PersonalProfit {...props} />,
  // The bonus wallet (rewards) above the ledger's bonus movements (history): two features, composed here.
  bonusDetails: (props) => (
    <>
      <BonusWalletPanel {...props} />
      <BonusDetails {...props} />
    </>
  ),
};

/**
 * The wallet and history page of a member-centre tab (lazily loaded), or null when the tab is not
 * one of them. The merchant currency formats every amount; until it is known, a skeleton shows.
 */
export function walletTabPage(tab: MemberCentreTab, currency: Currency | undefined): ReactNode | null {
  const page = pages[tab];
  if (!page) return null;
  return (
    <Suspense fallback={<SkeletonLines count={5} />}>
      {currency ? page({ currency }) : <SkeletonLines count={5} />}
    </Suspense>
  );
}
