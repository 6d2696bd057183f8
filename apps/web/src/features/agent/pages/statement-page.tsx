import type { AgentFigures, Currency, StatementQuery, StatementRow } from '@portal/contracts';
import { agentCalls } from '../api/agent-calls';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useStatement } from '../api/agent-queries';
import { CsvButton } from '../components/csv-button';
import { useErrorText } from '../components/error-text';
import { PeriodPicker } from '../components/period-picker';
import { ResultCount, tableStates } from '../components/query-state';
import { amountTone, formatCount, formatDay, moneyFormat } from '../model/format';
import { periodFromSearch, periodQuery, periodSearch } from '../model/period';
import { pagingOf } from '../model/totals';
import { positiveInt, usePageSearch } from '../model/use-page-search';
import '../../../styles/money-pages.css';
import '../agent-pages.css';

const statementPageSize = 50;
type GroupBy = NonNullable<StatementQuery['groupBy']>;
const groupings: readonly GroupBy[] = ['day', 'downline'];

/** The figure columns of the statement; the totals row fills the same columns from `totals`. */
function figureColumns(
  t: (key: string) => string,
  money: (amount: string) => string,
  count: (value: number) => string,
): Array<{ id: string; header: string; figure: (figures: AgentFigures) => ReactNode }> {
  return [
    { id: 'registrations', header: t('agent.figures.registrations'), figure: (f) => count(f.registrations) },
    { id: 'firstDeposits', header: t('agent.figures.firstDeposits'), figure: (f) => count(f.firstDeposits) },
    { id: 'depositCount', header: t('agent.figures.depositCount'), figure: (f) => count(f.depositCount) },
    { id: 'deposits', header: t('agent.figures.deposits'), figure: (f) => money(f.deposits) },
    {
      id: 'withdrawalCount',
      header: t('agent.figures.withdrawalCount'),
      figure: (f) => count(f.withdrawalCount),
    },
    { id: 'withdrawals', header: t('agent.figures.withdrawals'), figure: (f) => money(f.withdrawals) },
    { id: 'betCount', header: t('agent.figures.betCount'), figure: (f) => count(f.betCount) },
    { id: 'validBet', header: t('agent.figures.validBet'), figure: (f) => money(f.validBet) },
    { id: 'payouts', header: t('agent.figures.payouts'), figure: (f) => money(f.payouts) },
    { id: 'bonuses', header: t('agent.figures.bonuses'), figure: (f) => money(f.bonuses) },
    {
      id: 'profitLoss',
      header: t('agent.figures.profitLoss'),
      figure: (f) => <span className={amountTone(f.profitLoss)}>{money(f.profitLoss)}</span>,
    },
  ];
}

/** palStatementsAgentCopy: profit and loss per day or per direct downline, with a totals row. */
export function StatementPage({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const { search, update } = usePageSearch();
  const period = periodFromSearch(search);
  const groupBy: GroupBy = search.get('groupBy') === 'downline' ? 'downline' : 'day';
  const page = positiveInt(search.get('pageNo'), 1, 10_000);
  const filterQuery = { ...periodQuery(period), groupBy } satisfies StatementQuery;
  const statement = useStatement({ ...filterQuery, page, pageSize: statementPageSize });
  const money = moneyFormat(currency);
  const count = (value: number) => formatCount(value, i18n.language);
  const figures = figureColumns(t, money, count);
  const keyHeader = groupBy === 'day' ? t('agent.statement.day') : t('agent.statement.downline');

  const columns: DataColumn<StatementRow>[] = [
    {
      id: 'key',
      header: keyHeader,
      cell: (row) => (groupBy === 'day' ? formatDay(row.key, i18n.language) : row.key),
    },
    ...figures.map((column) => ({
      id: column.id,
      header: column.header,
      numeric: true,
      cell: (row: StatementRow) => column.figure(row),
    })),
  ];
  const totals = statement.data?.totals;
  const footer = totals
    ? {
        key: t('agent.statement.total'),
        ...Object.fromEntries(figures.map((column) => [column.id, column.figure(totals)])),
      }
    : undefined;

  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <PeriodPicker
          value={period}
          onChange={(next) => update({ ...periodSearch(next), pageNo: null })}
          resolved={statement.data}
        />
        <fieldset className="agent-toggle">
          <legend className="form-field__label">{t('agent.statement.groupBy')}</legend>
          {groupings.map((grouping) => (
            <button
              key={grouping}
              type="button"
              className="agent-toggle__option"
              aria-pressed={grouping === groupBy}
              onClick={() => update({ groupBy: grouping === 'day' ? null : grouping, pageNo: null })}
            >
              {t(`agent.statement.by.${grouping}`)}
            </button>
          ))}
        </fieldset>
        <CsvButton
          definition={agentCalls.agentStatementCsv}
          query={filterQuery}
          fallbackName={`statement-${groupBy}-${statement.data?.from ?? ''}-${statement.data?.to ?? ''}.csv`}
        />
      </div>
      <ResultCount total={statement.data?.total} />
      <DataTable<StatementRow>
        caption={t('agent.statement.caption', { by: t(`agent.statement.by.${groupBy}`) })}
        columns={columns}
        rows={statement.data?.items}
        rowKey={(row) => `${row.key}:${row.memberId ?? ''}`}
        states={tableStates(statement, errorText, {
          title: t('agent.statement.empty'),
          text: t('agent.emptyText'),
        })}
        refreshing={statement.isFetching}
        footer={footer}
        paging={pagingOf(statement.data, (next) => update({ pageNo: next }))}
      />
    </div>
  );
}

export default StatementPage;
