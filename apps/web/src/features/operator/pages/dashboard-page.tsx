import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOperatorErrorText, useQueueCount } from '../api/queue-queries';
import type { QueueDefinition } from '../model/queue';
import { queues } from '../queues';

/** One queue's card: how many rows wait, and the way in. */
function QueueCard<Row, Status extends string>({ definition }: { definition: QueueDefinition<Row, Status> }) {
  const { t } = useTranslation('operator');
  const count = useQueueCount(definition);
  const errorText = useOperatorErrorText();
  const status = definition.statuses[0];
  return (
    <li className="operator-card">
      <h2 className="operator-card__title">{t(`queues.${definition.id}.title`)}</h2>
      <p className="operator-card__count" aria-live="polite">
        {count.isError ? (
          <span className="operator-card__error">{errorText(count.error)}</span>
        ) : (
          <output>{count.data ?? '…'}</output>
        )}
      </p>
      <p className="operator-card__what">
        {status ? t('dashboard.waiting', { status: t(`status.${status}`) }) : t('dashboard.total')}
      </p>
      <Link className="button button--secondary" to={`/operator/${definition.id}`}>
        {t('dashboard.open', { queue: t(`queues.${definition.id}.title`) })}
      </Link>
    </li>
  );
}

/** The dashboard: each queue's count (refreshed on focus and after every action) with a link to it. */
export function DashboardPage() {
  const { t } = useTranslation('operator');
  return (
    <section className="operator-dashboard" aria-labelledby="operator-dashboard-title">
      <h1 id="operator-dashboard-title">{t('dashboard.title')}</h1>
      <ul className="operator-cards">
        <QueueCard definition={queues.deposits} />
        <QueueCard definition={queues.withdrawals} />
        <QueueCard definition={queues.claims} />
        <QueueCard definition={queues.redeems} />
        <QueueCard definition={queues.comments} />
        <QueueCard definition={queues.feedback} />
      </ul>
    </section>
  );
}
