import type { Currency } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useRewardCenter } from '../api/reward-queries';
import { ActivityCard } from '../components/activity-card';
import { moneyFormat } from '../model/format';

/** rewardCenter: every open or coming activity as a card with its status, terms and button. */
export function RewardCentrePage({ currency }: { currency: Currency }) {
  const { t } = useTranslation('rewards');
  const center = useRewardCenter();
  const money = moneyFormat(currency);
  if (center.isPending) return <SkeletonLines count={6} />;
  if (center.isError) {
    return <ErrorState message={t(errorMessageKey(center.error))} onRetry={() => void center.refetch()} />;
  }
  const { activities } = center.data;
  return (
    <div className="reward-page" aria-busy={center.isFetching}>
      <p className="reward-page__lead">{t('rewards.lead')}</p>
      {activities.length === 0 ? (
        <EmptyState icon="gift" title={t('rewards.empty.title')} text={t('rewards.empty.text')} />
      ) : (
        <ul className="reward-grid" aria-label={t('rewards.listLabel')}>
          {activities.map((activity) => (
            <ActivityCard key={activity.id} activity={activity} money={money} />
          ))}
        </ul>
      )}
    </div>
  );
}
