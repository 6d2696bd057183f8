import type { Currency, RevenueReport, RevenueRow } from '@portal/contracts';
import { agentCalls } from '../api/agent-calls';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useRevenue } from '../api/agent-queries';
import { CsvButton } from '../components/csv-button';
import { useErrorText } from '../components/error-text';
import { PeriodPicker } from '../components/period-picker';
import { ResultCount, tableStates } from '../components/query-state';
import { amountTone, formatCount, moneyFormat, type MoneyFormat } from '../model/format';
import { periodFromSearch, periodQuery, periodSearch } from '../model/period';
import { usePageSearch } from '../model/use-page-search';
import '../../../styles/money-pages.css';
import '../agent-pages.css';

/** Valid bet per game type, largest first: the bars above the table (plotting only, so numbers suffice). */
function betByGameType(rows: readonly RevenueRow[]): Array<{ gameType: string; validBet: number }> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.gameType, (totals.get(row.gameType) ?? 0) + Number(row.validBet));
  return [...totals.entries()]
    .map(([gameType, validBet]) => ({ gameType, validBet }))
    .sort((left, right) => right.validBet - left.validBet);
}

/** A simple bar per game type (decoration: the table holds every figure exactly). */
function GameTypeBars({
  report,
  gameTypeName,
}: {
  report: RevenueReport;
  gameTypeName: (code: string) => string;
}) {
  const { t } = useTranslation('agent');
  const bars = betByGameType(report.rows);
  const largest = Math.max(...bars.map((bar) => bar.validBet), 0);
  if (bars.length < 2 || largest <= 0) return null;
  return (
    <figure className="agent-bars" aria-hidden="true">
      <figcaption className="agent-chart__title">{t('agent.revenue.barsTitle')}</figcaption>
      <ul>
        {bars.map((bar) => (
          <li key={bar.gameType}>
            <span className="agent-bars__label">{gameTypeName(bar.gameType)}</span>
            <span className="agent-bars__track">
              <span
                className="agent-bars__bar"
                style={{ inlineSize: `${(bar.validBet / largest) * 100}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

function revenueColumns(
  t: (key: string, options?: Record<string, unknown>) => string,
  money: MoneyFormat,
  count: (value: number) => string,
  gameTypeName: (code: string) => string,
): DataColumn<RevenueRow>[] {
  return [
    { id: 'gameType', header: t('agent.revenue.gameType'), cell: (row) => gameTypeName(row.gameType) },
    { id: 'vendorCode', header: t('agent.revenue.vendor'), cell: (row) => row.vendorCode },
    {
      id: 'betCount',
      header: t('agent.figures.betCount'),
      numeric: true,
      cell: (row) => count(row.betCount),
    },
    {
      id: 'validBet',
      header: t('agent.figures.validBet'),
      numeric: true,
      cell: (row) => money(row.validBet),
    },
    { id: 'payouts', header: t('agent.figures.payouts'), numeric: true, cell: (row) => money(row.payouts) },
    {
      id: 'profitLoss',
      header: t('agent.figures.profitLoss'),
      numeric: true,
      cell: (row) => <span className={amountTone(row.profitLoss)}>{money(row.profitLoss)}</span>,
    },
  ];
}

/** agentRevenueReport: the team's bets, payouts and profit and loss by game type and vendor, with totals. */
export function RevenuePage({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const { search, update } = usePageSearch();
  const period = periodFromSearch(search);
  const query = periodQuery(period);
  const revenue = useRevenue(query);
  const money = moneyFormat(currency);
  const count = (value: number) => formatCount(value, i18n.language);
  // Game types are the catalogue's categories (LIVE, RNG, ...), named by the shell's dictionary.
  const gameTypeName = (code: string) => t(`categories.${code}`, { defaultValue: code });
  const totals = revenue.data?.totals;
  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <PeriodPicker
          value={period}
          onChange={(next) => update(periodSearch(next))}
          resolved={revenue.data}
        />
        <CsvButton
          definition={agentCalls.agentRevenueCsv}
          query={query}
          fallbackName={`revenue-${revenue.data?.from ?? ''}-${revenue.data?.to ?? ''}.csv`}
        />
      </div>
      <ResultCount total={revenue.data?.rows.length} />
      {revenue.data ? <GameTypeBars report={revenue.data} gameTypeName={gameTypeName} /> : null}
      <DataTable<RevenueRow>
        caption={t('agent.revenue.caption')}
        columns={revenueColumns(t, money, count, gameTypeName)}
        rows={revenue.data?.rows}
        rowKey={(row) => `${row.gameType}:${row.vendorCode}`}
        states={tableStates(revenue, errorText, {
          title: t('agent.revenue.empty'),
          text: t('agent.emptyText'),
        })}
        refreshing={revenue.isFetching}
        footer={
          totals
            ? {
                gameType: t('agent.statement.total'),
                betCount: count(totals.betCount),
                validBet: money(totals.validBet),
                payouts: money(totals.payouts),
                profitLoss: <span className={amountTone(totals.profitLoss)}>{money(totals.profitLoss)}</span>,
              }
            : undefined
        }
      />
    </div>
  );
}

export default RevenuePage;
