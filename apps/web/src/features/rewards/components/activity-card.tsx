import type { PlayerActivity } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { activityTerms } from '../model/activity-terms';
import { formatTime, type MoneyFormat } from '../model/format';
import { ActivityAction } from './activity-action';
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

/** One activity of the reward centre: its kind, title, status, dates, terms and button. */
export function ActivityCard({ activity, money }: { activity: PlayerActivity; money: MoneyFormat }) {
  const { t, i18n } = useTranslation('rewards');
  const titleId = useId();
  const terms = activityTerms(activity, t, money, i18n.language);
  return (
    <li className="reward-card" aria-labelledby={titleId}>
      <div className="reward-card__header">
        <div className="reward-card__heading">
          <p className="reward-card__kind">{t(`rewards.kind.${activity.kind}`)}</p>
          <h3 id={titleId} className="reward-card__title">
            {activity.title}
          </h3>
        </div>
        <ActivityStatusChip status={activity.status} />
      </div>
      <ActivityDates activity={activity} />
      <ul className="reward-card__terms">
        {terms.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {activity.amount !== null && activity.action === 'claim' ? (
        <p className="reward-card__amount">{t('rewards.claimable', { amount: money(activity.amount) })}</p>
      ) : null}
      <ActivityAction activity={activity} money={money} describedBy={titleId} />
    </li>
  );
}
