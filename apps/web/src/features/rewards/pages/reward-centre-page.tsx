import type { Currency } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useRewardCenter } from '../api/reward-queries';
import { ActivityCard } from '../components/activity-card';
import { RafflePanel } from '../components/raffle-panel';
import { RedEnvelopeBanner } from '../components/red-envelope-banner';
import { moneyFormat, type MoneyFormat } from '../model/format';

/** The activities as cards with their status, terms and button. */
function ActivityList({ money }: { money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const center = useRewardCenter();
  if (center.isPending) return <SkeletonLines count={6} />;
  if (center.isError) {
    return <ErrorState message={t(errorMessageKey(center.error))} onRetry={() => void center.refetch()} />;
  }
  const { activities } = center.data;
  return activities.length === 0 ? (
    <EmptyState icon="gift" title={t('rewards.empty.title')} text={t('rewards.empty.text')} />
  ) : (
    <ul className="reward-grid" aria-label={t('rewards.listLabel')} aria-busy={center.isFetching}>
      {activities.map((activity) => (
        <ActivityCard key={activity.id} activity={activity} money={money} />
      ))}
    </ul>
  );
}

/**
 * rewardCenter: a red envelope waiting to be opened, then the activities (every open or coming one as a
 * card) or, on `&view=raffles`, the raffles with their winners lists (decision 0031).
 */
export function RewardCentrePage({ currency }: { currency: Currency }) {
  const { t } = useTranslation('rewards');
  const [search] = useSearchParams();
  const view = search.get('view') === 'raffles' ? 'raffles' : 'activities';
  const money = moneyFormat(currency);
  const viewLink = (name: 'activities' | 'raffles') => (
    <Link
      to={{ search: name === 'raffles' ? '?tab=rewardCenter&view=raffles' : '?tab=rewardCenter' }}
      className="reward-views__link"
      aria-current={view === name ? 'page' : undefined}
    >
      {t(`rewards.views.${name}`)}
    </Link>
  );
  return (
    <div className="reward-page">
      <p className="reward-page__lead">{t('rewards.lead')}</p>
      <RedEnvelopeBanner money={money} />
      <nav className="reward-views" aria-label={t('rewards.views.label')}>
        {viewLink('activities')}
        {viewLink('raffles')}
      </nav>
      {view === 'raffles' ? <RafflePanel money={money} /> : <ActivityList money={money} />}
    </div>
  );
}
