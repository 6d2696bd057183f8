import type { Currency } from '@portal/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { SkeletonLines } from '../../components/ui/skeleton';
import type { MemberCentreTab } from '../../features/member-centre';
import { paymentSecurityQueries } from '../../features/payments/api/payments-queries';
import type { PageBoot } from '../route-page';

// The payments pages load as one lazy chunk on first use: home never carries them.
const payments = () => import('../../features/payments');
const DepositPage = lazy(() => payments().then((module) => ({ default: module.DepositPage })));
const WithdrawPage = lazy(() => payments().then((module) => ({ default: module.WithdrawPage })));
const TransferUplinePage = lazy(() => payments().then((module) => ({ default: module.TransferUplinePage })));
const PaymentSecuritySections = lazy(() =>
  payments().then((module) => ({ default: module.PaymentSecuritySections })),
);

const pages: Partial<Record<MemberCentreTab, (currency: Currency | undefined) => ReactNode>> = {
  depositv2: () => <DepositPage />,
  withdraw: (currency) => <WithdrawPage currency={currency} />,
  transferUpline: () => <TransferUplinePage />,
};

/**
 * The payments page of a member-centre tab (lazily loaded), or null when the tab is not one of them.
 * The merchant currency, once known, names the bonus a withdrawal would forfeit with its symbol.
 */
export function paymentTabPage(tab: MemberCentreTab, currency: Currency | undefined): ReactNode | null {
  const page = pages[tab];
  if (!page) return null;
  return <Suspense fallback={<SkeletonLines count={5} />}>{page(currency)}</Suspense>;
}

/** The security centre's payment password and bank account sections, after identity's own. */
export function PaymentSecurityAddition() {
  return (
    <Suspense fallback={<SkeletonLines count={4} />}>
      <PaymentSecuritySections />
    </Suspense>
  );
}

/** The security centre's payment sections, started by the member centre's prefetch: their chunk and reads. */
export function prefetchPaymentSecurity({ queryClient, api }: PageBoot): Promise<unknown> {
  return Promise.all([
    payments(),
    queryClient.prefetchQuery(paymentSecurityQueries.paymentPassword(api)),
    queryClient.prefetchQuery(paymentSecurityQueries.bankAccounts(api)),
  ]);
}
