import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { errorsNamespace } from '../../i18n';
import { errorCodeKey } from '../../lib/api';
import { useUnreadCount } from '../../features/content/api/content-queries';
import { useMemberInfo } from '../../features/identity';
import { memberQueries } from '../../features/identity/api/member-queries';
import { SecurityCentre, sessionTimeFormat } from '../../features/identity/pages';
import { storedLanguage } from '../../i18n';
import { MemberCentreFrame, memberCentreTab } from '../../features/member-centre';
import { useWhitelabel } from '../../features/system';
import { isTrialSession, readSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import type { PageBoot } from '../route-page';
import { PaymentSecurityAddition, paymentTabPage, prefetchPaymentSecurity } from './member-payment-tabs';
import { walletTabPage } from './member-wallet-tabs';
import { contentTabPage } from './member-content-tabs';
import { rewardTabPage } from './member-reward-tabs';
import { rgTabPage } from './member-rg-tab';

// The points balance and VIP level over every tab: a small chunk of its own (with the points balance call).
const loadPointsBadge = () => import('../../features/points/components/points-badge');
const PointsBadge = lazy(loadPointsBadge);

/**
 * Called by the boot when the member centre is the first page (decision 0021): member info and, on the
 * security centre (the default tab), its reads, the payment sections' chunk and the strings start now,
 * together, rather than each when its component mounts; the points badge's chunk and strings start too
 * without being waited for. Resolves when the top of the page can render complete; never rejects.
 */
export function prefetch(boot: PageBoot): Promise<void> {
  const session = readSession();
  if (session.token === null || isTrialSession(session)) return Promise.resolve();
  const { queryClient, api, loadNamespaces } = boot;
  void loadPointsBadge().catch(() => undefined);
  void loadNamespaces(['points']);
  const tab = memberCentreTab(new URLSearchParams(window.location.search).get('tab'));
  const reads: Promise<unknown>[] = [queryClient.prefetchQuery(memberQueries.info(api, session.token))];
  if (tab === 'securityCenter') {
    // The sessions' time format, built now while the boot waits for the network (see sessionTimeFormat).
    sessionTimeFormat(storedLanguage());
    reads.push(
      loadNamespaces(['identity', 'payments']),
      queryClient.prefetchQuery(memberQueries.sessions(api)),
      prefetchPaymentSecurity(boot),
    );
  }
  return Promise.all(reads).then(
    () => undefined,
    () => undefined,
  );
}

/** The member centre is for real accounts: a trial account sees the catalogue's in_need_true_account text. */
function TrialAccountNotice() {
  // Asking for the errors namespace suspends until the catalogue's texts are in (the boot preloads them).
  const { t } = useTranslation(errorsNamespace);
  return (
    <div className="page page--centered">
      <ErrorState message={t(errorCodeKey('in_need_true_account'))} />
    </div>
  );
}

/**
 * /member?tab=...: the member centre; security centre, transfer wallet, history, payments, reward centre,
 * referral (with the referral promotion) and messages.
 */
export default function MemberRoute() {
  const [search] = useSearchParams();
  const session = useSession();
  const member = useMemberInfo();
  const whitelabel = useWhitelabel();
  const activeTab = memberCentreTab(search.get('tab'));
  const trial = isTrialSession(session);
  // The badge counts of rewards to claim and missions; messages come with member info, as in the header.
  const unread = useUnreadCount(!trial);
  if (trial) {
    return <TrialAccountNotice />;
  }
  const currency = whitelabel.data?.currency;
  const referralEnabled = whitelabel.data?.modules.referralPromotion === true;
  // Without the referral promotion the referral tab is not offered: its address shows the not-open page.
  const offered = activeTab !== 'referral' || referralEnabled;
  return (
    <MemberCentreFrame
      activeTab={activeTab}
      badges={{
        messages: member.data?.unreadMessages ?? 0,
        rewards: unread.data?.rewards ?? 0,
        missions: unread.data?.missions ?? 0,
      }}
      referralEnabled={referralEnabled}
      summary={
        <Suspense fallback={null}>
          <PointsBadge place="memberCentre" />
        </Suspense>
      }
    >
      {!offered ? null : activeTab === 'securityCenter' ? (
        <>
          <SecurityCentre />
          <PaymentSecurityAddition />
        </>
      ) : (
        (walletTabPage(activeTab, currency) ??
        paymentTabPage(activeTab, currency) ??
        rewardTabPage(activeTab, currency) ??
        rgTabPage(activeTab) ??
        contentTabPage(activeTab))
      )}
    </MemberCentreFrame>
  );
}
