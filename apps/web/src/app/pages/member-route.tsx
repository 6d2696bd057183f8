import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { errorsNamespace } from '../../i18n';
import { errorCodeKey } from '../../lib/api';
import { useMemberInfo } from '../../features/identity';
import { SecurityCentre } from '../../features/identity/pages';
import { MemberCentreFrame, memberCentreTab } from '../../features/member-centre';
import { useWhitelabel } from '../../features/system';
import { isTrialSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { PaymentSecurityAddition, paymentTabPage } from './member-payment-tabs';
import { walletTabPage } from './member-wallet-tabs';
import { contentTabPage } from './member-content-tabs';

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

/** /member?tab=...: the member centre; security centre, transfer wallet, history and payments pages so far. */
export default function MemberRoute() {
  const [search] = useSearchParams();
  const session = useSession();
  const member = useMemberInfo();
  const whitelabel = useWhitelabel();
  const activeTab = memberCentreTab(search.get('tab'));
  if (isTrialSession(session)) {
    return <TrialAccountNotice />;
  }
  return (
    <MemberCentreFrame
      activeTab={activeTab}
      unreadMessages={member.data?.unreadMessages ?? 0}
      referralEnabled={whitelabel.data?.modules.referralPromotion === true}
    >
      {activeTab === 'securityCenter' ? (
        <>
          <SecurityCentre />
          <PaymentSecurityAddition />
        </>
      ) : (
        (walletTabPage(activeTab, whitelabel.data?.currency) ??
        paymentTabPage(activeTab) ??
        contentTabPage(activeTab))
      )}
    </MemberCentreFrame>
  );
}
