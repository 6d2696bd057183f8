import { realityCheckIntervals } from '@portal/contracts/rules';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useRgEvents, useRgMoney, useRgOverview, useSetRealityCheck } from '../api/rg-queries';
import { BlockSection } from '../components/block-section';
import { formatWhen, LimitsSection } from '../components/limits-section';
import { placeOf } from '../model/last-login';

/** Net deposits and the money of the last 12 months, month by month. */
function MoneySection() {
  const { t } = useTranslation('rg');
  const money = useRgMoney();
  if (!money.data) return <SkeletonLines count={3} />;
  return (
    <section className="rg-section" aria-labelledby="rg-money">
      <h2 id="rg-money">{t('money.title')}</h2>
      <p>{t('money.net', { amount: money.data.netDeposits })}</p>
      <div className="rg-table-wrap">
        <table className="rg-table">
          <caption className="visually-hidden">{t('money.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('money.month')}</th>
              <th scope="col">{t('money.deposits')}</th>
              <th scope="col">{t('money.withdrawals')}</th>
              <th scope="col">{t('money.bets')}</th>
              <th scope="col">{t('money.wins')}</th>
            </tr>
          </thead>
          <tbody>
            {money.data.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td>{month.deposits}</td>
                <td>{month.withdrawals}</td>
                <td>{month.bets}</td>
                <td>{month.wins}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The audit of the player's own changes. */
function HistorySection() {
  const { t, i18n } = useTranslation('rg');
  const events = useRgEvents();
  if (!events.data) return null;
  return (
    <section className="rg-section" aria-labelledby="rg-history">
      <h2 id="rg-history">{t('history.title')}</h2>
      {events.data.items.length === 0 ? (
        <p className="rg-muted">{t('history.empty')}</p>
      ) : (
        <ol className="rg-events">
          {events.data.items.map((event) => (
            <li key={event.id}>
              <time dateTime={event.createdAt}>{formatWhen(event.createdAt, i18n.language)}</time>{' '}
              {t(`history.action.${event.action}`)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The member centre's "Responsible gaming" page (issue 17): last login, limits with their cooling-off,
 * the session limit, the reality check, take a break and self-exclusion, the 12-month money summary and
 * the audit. `onBlocked` logs the player out after a break or self-exclusion (every session has ended).
 */
export function ResponsibleGamingPage({ onBlocked }: { onBlocked: () => void }) {
  const { t, i18n } = useTranslation('rg');
  const { t: tCommon } = useTranslation();
  const overview = useRgOverview();
  const realityCheck = useSetRealityCheck();
  if (overview.isError) {
    return (
      <ErrorState
        message={tCommon(errorMessageKey(overview.error))}
        onRetry={() => void overview.refetch()}
      />
    );
  }
  if (!overview.data) return <SkeletonLines count={6} />;
  const data = overview.data;
  return (
    <div className="rg-page">
      <p className="rg-intro">{t('intro')}</p>
      {data.lastLogin ? (
        <p className="rg-last-login" role="note">
          {t('lastLogin', {
            when: formatWhen(data.lastLogin.at, i18n.language),
            ip: placeOf(data.lastLogin, i18n.language),
          })}
        </p>
      ) : null}
      <LimitsSection overview={data} />
      <section className="rg-section" aria-labelledby="rg-reality">
        <h2 id="rg-reality">{t('realityCheck.settingTitle')}</h2>
        <label className="rg-form">
          {t('realityCheck.intervalLabel')}
          <select
            value={data.realityCheckMinutes ?? ''}
            onChange={(event) =>
              realityCheck.mutate(
                event.target.value === '' ? null : (Number(event.target.value) as 15 | 30 | 60),
              )
            }
          >
            <option value="">{t('realityCheck.off')}</option>
            {realityCheckIntervals.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('realityCheck.every', { minutes })}
              </option>
            ))}
          </select>
        </label>
      </section>
      <BlockSection overview={data} onBlocked={onBlocked} />
      <MoneySection />
      <HistorySection />
    </div>
  );
}
