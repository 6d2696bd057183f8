import type { PlayerActivity } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { activityTerms } from '../model/activity-terms';
import { missionProgress } from '../model/mission-terms';
import { formatTime, type MoneyFormat } from '../model/format';
import { ActivityAction } from './activity-action';
import { ActivityComments } from './activity-comments';
import { ActivityStatusChip } from './status-chip';

/** When the activity runs, in the reader's language. */
function ActivityDates({ activity }: { activity: PlayerActivity }) {
  const { t, i18n } = useTranslation('rewards');
  const start = formatTime(activity.startsAt, i18n.language);
  return (
    <p className="reward-card__dates">
      <Icon name="clock" size={16} />
      <span>
        {activity.endsAt
          ? t('rewards.dates.range', { start, end: formatTime(activity.endsAt, i18n.language) })
          : t('rewards.dates.from', { start })}
      </span>
    </p>
  );
}

interface ActivityCardProps {
  activity: PlayerActivity;
  money: MoneyFormat;
  /** The title's heading level, one below the heading the card sits under (h3 under the tab's title). */
  titleLevel?: 'h3' | 'h4' | 'h5';
}

/**
 * One activity of the reward centre: its kind, title, status, dates, terms, a mission's progress this
 * period, its button and, where it asks for them, its comments.
 */
export function ActivityCard({ activity, money, titleLevel: Title = 'h3' }: ActivityCardProps) {
  const { t, i18n } = useTranslation('rewards');
  const titleId = useId();
  const terms = activityTerms(activity, t, money, i18n.language);
  const progress = missionProgress(activity, t, money);
  return (
    <li className="reward-card" aria-labelledby={titleId}>
      <div className="reward-card__header">
        <div className="reward-card__heading">
          <p className="reward-card__kind">{t(`rewards.kind.${activity.kind}`)}</p>
          <Title id={titleId} className="reward-card__title">
            {activity.title}
          </Title>
        </div>
        <ActivityStatusChip status={activity.status} />
      </div>
      <ActivityDates activity={activity} />
      <ul className="reward-card__terms">
        {terms.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {progress ? (
        <ProgressBar
          value={progress.value}
          max={progress.max}
          label={t('rewards.progress.label', { title: activity.title })}
          valueText={progress.text}
        />
      ) : null}
      {activity.amount !== null && activity.action === 'claim' ? (
        <p className="reward-card__amount">{t('rewards.claimable', { amount: money(activity.amount) })}</p>
      ) : null}
      {activity.kind === 'leaderboard' ? (
        // A leaderboard has no button: its standings are on the missions and leaderboard tab.
        <Link
          className="reward-card__link"
          to={{ search: '?tab=missionLeaderboard' }}
          aria-describedby={titleId}
        >
          {t('rewards.boards.standingsLink')}
        </Link>
      ) : null}
      <ActivityAction activity={activity} money={money} describedBy={titleId} />
      {activity.allowComments ? <ActivityComments activity={activity} /> : null}
    </li>
  );
}
