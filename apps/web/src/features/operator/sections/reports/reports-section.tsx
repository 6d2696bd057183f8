import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import type { SectionPageProps } from '../../sections';
import {
  agentPayoutsReport,
  gamesReport,
  paymentsReport,
  playersReport,
  reportTabs,
  revenueReport,
} from './report-definitions';
import { ReportView } from './report-view';
import './reports.css';

/** The report a path under /operator/reports/ names (the first for ''), or null. */
function reportAt(rest: string): ReactNode {
  switch (rest.split('/')[0] ?? '') {
    case revenueReport.path:
      return <ReportView key="revenue" definition={revenueReport} />;
    case gamesReport.path:
      return <ReportView key="games" definition={gamesReport} />;
    case paymentsReport.path:
      return <ReportView key="payments" definition={paymentsReport} />;
    case playersReport.path:
      return <ReportView key="players" definition={playersReport} />;
    case agentPayoutsReport.path:
      return <ReportView key="agentPayouts" definition={agentPayoutsReport} />;
    default:
      return null;
  }
}

/**
 * The console's reports section (issue 16) at /operator/reports: GGR and NGR by day, GGR by vendor or
 * game type, deposits and withdrawals, players, agent payouts; each with a period picker, a chart (uPlot,
 * in this chunk only), a sortable paged table and its CSV. Owner, finance and risk (ops-access.ts).
 */
export default function ReportsSection({ rest }: SectionPageProps) {
  const { t } = useTranslation('ops-reports');
  const report = reportAt(rest);
  const [search] = useSearchParams();
  // The tabs keep the period; sort, page and grouping belong to one report.
  const period = new URLSearchParams();
  for (const name of ['preset', 'from', 'to']) {
    const value = search.get(name);
    if (value) period.set(name, value);
  }
  const periodSearch = period.size > 0 ? `?${period.toString()}` : '';
  return (
    <div className="ops-reports">
      <h1>{t('nav.title')}</h1>
      <nav aria-label={t('tabsLabel')}>
        <ul className="ops-tabs">
          {reportTabs.map((tab) => (
            <li key={tab.id}>
              <NavLink
                end
                to={{
                  pathname: tab.path ? `/operator/reports/${tab.path}` : '/operator/reports',
                  search: periodSearch,
                }}
                className={({ isActive }) => `ops-tabs__tab${isActive ? ' ops-tabs__tab--active' : ''}`}
              >
                {t(`reports.${tab.id}.tab`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {report ?? <p role="alert">{t('unknownReport')}</p>}
    </div>
  );
}
