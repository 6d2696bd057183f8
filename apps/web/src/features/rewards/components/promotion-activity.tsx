import type { Currency } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useRewardCenter } from '../api/reward-queries';
import { moneyFormat } from '../model/format';
import { ActivityAction } from './activity-action';
import { ActivityStatusChip } from './status-chip';

export interface PromotionActivityProps {
  promotionId: string;
  currency: Currency;
  /** A real account's session: only then is the reward centre read. */
  loggedIn: boolean;
  /** Opens the login popup (or the trial notice); the app layer passes it in. */
  onLogin: () => void;
  /** The promotion's detail shows the login button; a card of the list shows nothing while logged out. */
  place: 'card' | 'detail';
}

/** The status and button of the activity attached to a promotion (nothing when there is none). */
function LinkedActivity({ promotionId, currency }: { promotionId: string; currency: Currency }) {
  const center = useRewardCenter();
  const titleId = useId();
  // A promotion shows without its activity while the list loads or if it fails: the page stays usable,
  // and the reward centre shows the failure with its retry.
  const activity = center.data?.activities.find((candidate) => candidate.promotionId === promotionId);
  if (!activity) return null;
  return (
    <div className="reward-promotion">
      <span id={titleId} className="visually-hidden">
        {activity.title}
      </span>
      <ActivityStatusChip status={activity.status} />
      <ActivityAction activity={activity} money={moneyFormat(currency)} describedBy={titleId} />
    </div>
  );
}

/**
 * A promotion's activity on the promotion pages: its status chip and its button (the reward centre's
 * own), or, logged out, a button that opens the login popup.
 */
export function PromotionActivity({
  promotionId,
  currency,
  loggedIn,
  onLogin,
  place,
}: PromotionActivityProps) {
  const { t } = useTranslation('rewards');
  if (loggedIn) return <LinkedActivity promotionId={promotionId} currency={currency} />;
  if (place === 'card') return null;
  return (
    <div className="reward-promotion">
      <button type="button" className="button button--primary" onClick={onLogin}>
        <Icon name="login" size={18} />
        {t('rewards.promotion.login')}
      </button>
    </div>
  );
}
