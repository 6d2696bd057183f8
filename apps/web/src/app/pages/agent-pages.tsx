import type { Currency } from '@portal/contracts';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { SkeletonLines } from '../../components/ui/skeleton';
import type { AgentMenuPage } from '../../features/agent';
import type { PayoutKind } from '../../features/agent/api/contract-queries';
import type { RenderTransfer } from '../../features/agent/pages/downlines-page';
import { useMemberInfo } from '../../features/identity';
import { usePermission, useWhitelabel } from '../../features/system';

/*
 * The agent centre's pages, composed here: its own pages (features/agent/pages, one lazy chunk each, so
 * opening one menu entry loads that page only) and the member-side pages it shows in its frame (payments,
 * messages, customer service, betting record). Nothing here is in home's first load: the agent home
 * route that imports this file is itself a lazy chunk.
 */
const TeamOverviewPage = lazy(() => import('../../features/agent/pages/team-overview-page'));
const RegisterCentrePage = lazy(() => import('../../features/agent/pages/register-centre-page'));
const DownlinesPage = lazy(() => import('../../features/agent/pages/downlines-page'));
const StatementPage = lazy(() => import('../../features/agent/pages/statement-page'));
const RevenuePage = lazy(() => import('../../features/agent/pages/revenue-page'));
const TransactionsPage = lazy(() => import('../../features/agent/pages/transactions-page'));
const AnnouncementsPage = lazy(() => import('../../features/agent/pages/announcements-page'));
const ContractRequestsPage = lazy(() => import('../../features/agent/pages/contract-requests-page'));
const PayoutRecordsPage = lazy(() => import('../../features/agent/pages/payout-records-page'));

const payments = () => import('../../features/payments');
const DepositPage = lazy(() => payments().then((module) => ({ default: module.DepositPage })));
const WithdrawPage = lazy(() => payments().then((module) => ({ default: module.WithdrawPage })));
const DownlineTransferForm = lazy(() =>
  payments().then((module) => ({ default: module.DownlineTransferForm })),
);
const content = () => import('../../features/content');
const MessagesPage = lazy(() => content().then((module) => ({ default: module.MessagesPage })));
const CustomerServicePage = lazy(() => content().then((module) => ({ default: module.CustomerServicePage })));
const BettingRecords = lazy(() =>
  import('../../features/history/pages').then((module) => ({ default: module.BettingRecords })),
);

/** The downline list's "Transfer": the payments feature's transfer form for that downline. */
const renderTransfer: RenderTransfer = (target, onDone) => (
  <Suspense fallback={<SkeletonLines count={3} />}>
    <DownlineTransferForm recipient={{ id: target.id, account: target.account }} onTransferred={onDone} />
  </Suspense>
);

/** A page that formats money: the merchant currency first (a skeleton until it is known). */
function WithCurrency({ page: Page }: { page: ComponentType<{ currency: Currency }> }) {
  const currency = useWhitelabel().data?.currency;
  return currency ? <Page currency={currency} /> : <SkeletonLines count={5} />;
}

/** Salary or dividend records: money in the merchant currency, periods in the merchant's calendar. */
function PayoutRecords({ kind }: { kind: PayoutKind }) {
  const currency = useWhitelabel().data?.currency;
  const gmtOffsetMinutes = useMemberInfo().data?.gmtOffsetMinutes;
  if (!currency || gmtOffsetMinutes === undefined) return <SkeletonLines count={5} />;
  return <PayoutRecordsPage kind={kind} currency={currency} gmtOffsetMinutes={gmtOffsetMinutes} />;
}

/** Contract requests: a top agent (type 1) has no upline to have contracts with. */
function ContractRequests() {
  const currency = useWhitelabel().data?.currency;
  const type = useMemberInfo().data?.type;
  if (!currency || type === undefined) return <SkeletonLines count={5} />;
  return <ContractRequestsPage currency={currency} topAgent={type === 1} />;
}

/** The downline list with its "Transfer" action. */
function DownlinesWithTransfer({ currency }: { currency: Currency }) {
  return <DownlinesPage currency={currency} renderTransfer={renderTransfer} />;
}

/** Customer service with the merchant's entries and contacts (permission info). */
function CustomerService() {
  const permission = usePermission();
  if (!permission.data) return <SkeletonLines count={4} />;
  const { customerService, resources } = permission.data.info;
  return <CustomerServicePage entries={customerService} resources={resources} loggedIn />;
}

// Every menu entry has its page; the frame stands in for the contract pages a site does not enable.
const pages: Record<AgentMenuPage, () => ReactNode> = {
  agentAnnouncement: () => <AnnouncementsPage />,
  agentTeamOverview: () => <WithCurrency page={TeamOverviewPage} />,
  registerCenter: () => <RegisterCentrePage />,
  downlineManagmentView: () => <WithCurrency page={DownlinesWithTransfer} />,
  personalHistoryCopy: () => <WithCurrency page={BettingRecords} />,
  palStatementsAgentCopy: () => <WithCurrency page={StatementPage} />,
  agentRevenueReport: () => <WithCurrency page={RevenuePage} />,
  agentDownlineTransactionDetailsCopy: () => <WithCurrency page={TransactionsPage} />,
  contractRequests: () => <ContractRequests />,
  agentDividendRecordCopy2: () => <PayoutRecords kind="dividend" />,
  agentDailyWages2: () => <PayoutRecords kind="daily" />,
  agentHourSalary: () => <PayoutRecords kind="hourly" />,
  agentRealtimeSalary: () => <PayoutRecords kind="realtime" />,
  deposit: () => <DepositPage />,
  withdraw: () => <WithCurrency page={WithdrawPage} />,
  messages: () => <MessagesPage />,
  customerService: () => <CustomerService />,
};

/** The page of an agent menu entry (lazily loaded). */
export function agentMenuPage(page: AgentMenuPage): ReactNode {
  return <Suspense fallback={<SkeletonLines count={5} />}>{pages[page]()}</Suspense>;
}
