import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ui/error-state';
import { SkeletonLines } from '../../components/ui/skeleton';
import { PointMallPage } from '../../features/points';
import { useWhitelabel } from '../../features/system';
import { errorsNamespace } from '../../i18n';
import { errorCodeKey } from '../../lib/api';
import { isTrialSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/** Points are for real accounts: a trial account sees the catalogue's in_need_true_account text. */
function TrialAccountNotice() {
  const { t } = useTranslation(errorsNamespace);
  return (
    <div className="page page--centered">
      <ErrorState message={t(errorCodeKey('in_need_true_account'))} />
    </div>
  );
}

/**
 * /pointMall: the points mall (issue 15), its own lazy chunk with the points calls and strings; the
 * route's guard sends a visitor to the login popup.
 */
export default function PointMallRoute() {
  const session = useSession();
  const currency = useWhitelabel().data?.currency;
  if (isTrialSession(session)) return <TrialAccountNotice />;
  if (!currency) {
    return (
      <div className="page">
        <SkeletonLines count={5} />
      </div>
    );
  }
  return <PointMallPage currency={currency} />;
}
