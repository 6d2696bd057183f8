import type { Currency, PlayerActivity } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useRewardCenter } from '../api/reward-queries';
import { ActivityCard } from '../components/activity-card';
import { LeaderboardPanel } from '../components/leaderboard-panel';
import { moneyFormat, type MoneyFormat } from '../model/format';
// The standings table's look (data-table), shared with the record pages.
import '../../../styles/money-pages.css';

const periods = ['day', 'week'] as const;

/** The missions of one period (daily or weekly) under their heading, or nothing when there are none. */
function MissionGroup({
  period,
  missions,
  money,
}: {
  period: (typeof periods)[number];
  missions: readonly PlayerActivity[];
  money: MoneyFormat;
}) {
  const { t } = useTranslation('rewards');
  const headingId = useId();
  const ofPeriod = missions.filter(
    (mission) => mission.rules.kind === 'mission' && mission.rules.period === period,
  );
  if (ofPeriod.length === 0) return null;
  return (
    <section className="reward-section" aria-labelledby={headingId}>
      <h4 id={headingId} className="reward-section__subtitle">
        {t(`rewards.missions.${period}`)}
      </h4>
      <ul className="reward-grid" aria-labelledby={headingId}>
        {ofPeriod.map((mission) => (
          <ActivityCard key={mission.id} activity={mission} money={money} titleLevel="h5" />
        ))}
      </ul>
    </section>
  );
}

/** The missions section: daily then weekly missions as cards with progress and the claim button. */
function Missions({ missions, money }: { missions: readonly PlayerActivity[]; money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const headingId = useId();
  return (
    <section className="reward-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="reward-section__title">
        {t('rewards.missions.title')}
      </h3>
      {missions.length === 0 ? (
        <EmptyState
          icon="gift"
          title={t('rewards.missions.empty.title')}
          text={t('rewards.missions.empty.text')}
        />
      ) : (
        <>
          <p className="reward-page__lead">{t('rewards.missions.lead')}</p>
          {periods.map((period) => (
            <MissionGroup key={period} period={period} missions={missions} money={money} />
          ))}
        </>
      )}
    </section>
  );
}

/** The leaderboards section: each leaderboard's standings, read on its own. */
function Leaderboards({ boards, money }: { boards: readonly PlayerActivity[]; money: MoneyFormat }) {
  const { t } = useTranslation('rewards');
  const headingId = useId();
  return (
    <section className="reward-section" aria-labelledby={headingId}>
      <h3 id={headingId} className="reward-section__title">
        {t('rewards.boards.title')}
      </h3>
      {boards.length === 0 ? (
        <EmptyState
          icon="crown"
          title={t('rewards.boards.empty.title')}
          text={t('rewards.boards.empty.text')}
        />
      ) : (
        boards.map((board) => <LeaderboardPanel key={board.id} activity={board} money={money} />)
      )}
    </section>
  );
}

/**
 * missionLeaderboard: the missions of the reward centre (daily and weekly, with their progress and claim
 * button) and every leaderboard's running standings with the caller's place and the last winners.
 */
export function MissionLeaderboardPage({ currency }: { currency: Currency }) {
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
      <Missions missions={activities.filter((activity) => activity.kind === 'mission')} money={money} />
      <Leaderboards boards={activities.filter((activity) => activity.kind === 'leaderboard')} money={money} />
    </div>
  );
}
