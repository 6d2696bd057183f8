import type { AgentTeamOverview, Currency } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useTeamOverview } from '../api/agent-queries';
import { useErrorText } from '../components/error-text';
import { PeriodPicker } from '../components/period-picker';
import { QueryState } from '../components/query-state';
import { TeamChart } from '../components/team-chart';
import { amountTone, formatCount, formatTime, moneyFormat, type MoneyFormat } from '../model/format';
import { periodFromSearch, periodQuery, periodSearch } from '../model/period';
import { usePageSearch } from '../model/use-page-search';
import '../agent-pages.css';

interface Stat {
  key: string;
  label: string;
  value: string;
  detail?: string;
  tone?: string;
}

function stats(
  overview: AgentTeamOverview,
  money: MoneyFormat,
  t: (key: string, options?: Record<string, unknown>) => string,
  language: string,
): Stat[] {
  const { figures } = overview;
  const count = (value: number) => formatCount(value, language);
  return [
    { key: 'members', label: t('agent.overview.members'), value: count(overview.members) },
    { key: 'activeMembers', label: t('agent.overview.activeMembers'), value: count(overview.activeMembers) },
    { key: 'registrations', label: t('agent.overview.registrations'), value: count(figures.registrations) },
    { key: 'firstDeposits', label: t('agent.overview.firstDeposits'), value: count(figures.firstDeposits) },
    {
      key: 'deposits',
      label: t('agent.overview.deposits'),
      value: money(figures.deposits),
      detail: t('agent.overview.depositCount', { count: figures.depositCount }),
    },
    {
      key: 'withdrawals',
      label: t('agent.overview.withdrawals'),
      value: money(figures.withdrawals),
      detail: t('agent.overview.withdrawalCount', { count: figures.withdrawalCount }),
    },
    {
      key: 'validBet',
      label: t('agent.overview.validBet'),
      value: money(figures.validBet),
      detail: t('agent.overview.betCount', { count: figures.betCount }),
    },
    { key: 'payouts', label: t('agent.overview.payouts'), value: money(figures.payouts) },
    { key: 'bonuses', label: t('agent.overview.bonuses'), value: money(figures.bonuses) },
    {
      key: 'profitLoss',
      label: t('agent.overview.profitLoss'),
      value: money(figures.profitLoss),
      detail: t('agent.overview.profitLossHint'),
      tone: amountTone(figures.profitLoss),
    },
  ];
}

/** agentTeamOverview: the team's figures over a period as cards, and per day as a chart. */
export function TeamOverviewPage({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const { search, update } = usePageSearch();
  const period = periodFromSearch(search);
  const overview = useTeamOverview(periodQuery(period));
  const money = moneyFormat(currency);
  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <PeriodPicker
          value={period}
          onChange={(next) => update(periodSearch(next))}
          resolved={overview.data}
        />
      </div>
      <QueryState query={overview} errorText={errorText} loadingLines={8}>
        {(data) => (
          <>
            <section aria-labelledby="agent-stats-title">
              <h3 id="agent-stats-title" className="visually-hidden">
                {t('agent.overview.figures')}
              </h3>
              <dl className="agent-stats">
                {stats(data, money, t, i18n.language).map((stat) => (
                  <div key={stat.key} className="agent-stats__card">
                    <dt>{stat.label}</dt>
                    <dd className={['agent-stats__value', stat.tone].filter(Boolean).join(' ')}>
                      {stat.value}
                    </dd>
                    {stat.detail ? <dd className="agent-stats__detail">{stat.detail}</dd> : null}
                  </div>
                ))}
              </dl>
            </section>
            <TeamChart days={data.days} money={money} />
            <p className="agent-note">
              {t('agent.overview.asOf', { time: formatTime(data.asOf, i18n.language) })}
            </p>
          </>
        )}
      </QueryState>
    </div>
  );
}

export default TeamOverviewPage;
