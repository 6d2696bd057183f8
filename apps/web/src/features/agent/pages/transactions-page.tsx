import type { Currency, TeamTransaction, TeamTransactionQuery } from '@portal/contracts';
import { agentCalls } from '../api/agent-calls';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { FieldFrame } from '../../../components/ui/form';
import { useTeamTransactions } from '../api/agent-queries';
import { CsvButton } from '../components/csv-button';
import { DownlinePicker } from '../components/downline-picker';
import { useErrorText } from '../components/error-text';
import { PeriodPicker } from '../components/period-picker';
import { ResultCount, tableStates } from '../components/query-state';
import { teamTransactionTypes } from '../model/contract-lists';
import { amountTone, formatTime, moneyFormat } from '../model/format';
import { periodFromSearch, periodQuery, periodSearch } from '../model/period';
import { pagingOf } from '../model/totals';
import { optionalInt, positiveInt, usePageSearch } from '../model/use-page-search';
import '../../../styles/money-pages.css';
import '../agent-pages.css';

const transactionPageSize = 20;

/** The filters in the address: downline, type and period (and the page apart). */
function transactionQueryOf(search: URLSearchParams) {
  const memberId = optionalInt(search.get('memberId'));
  const type = teamTransactionTypes.find((candidate) => candidate === search.get('type'));
  const filterQuery = {
    ...periodQuery(periodFromSearch(search)),
    ...(memberId ? { memberId } : {}),
    ...(type ? { type } : {}),
  } satisfies TeamTransactionQuery;
  return { filterQuery, memberId, type, page: positiveInt(search.get('pageNo'), 1, 10_000) };
}

/**
 * agentDownlineTransactionDetailsCopy: the team's deposits, withdrawals, transfers and bets, filtered by
 * downline, type and period, paged by the server.
 */
export function TransactionsPage({ currency }: { currency: Currency }) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const { search, update } = usePageSearch();
  const { filterQuery, memberId, type, page } = transactionQueryOf(search);
  const transactions = useTeamTransactions({ ...filterQuery, page, pageSize: transactionPageSize });
  const money = moneyFormat(currency);
  const memberLabel = transactions.data?.items.find((row) => row.memberId === memberId)?.account;

  const columns: DataColumn<TeamTransaction>[] = [
    { id: 'time', header: t('agent.transactions.time'), cell: (row) => formatTime(row.time, i18n.language) },
    {
      id: 'account',
      header: t('agent.transactions.account'),
      cell: (row) =>
        row.memberId === memberId ? (
          row.account
        ) : (
          <button
            type="button"
            className="agent-link-button"
            onClick={() => update({ memberId: row.memberId, pageNo: null })}
            aria-label={t('agent.transactions.onlyMember', { account: row.account })}
          >
            {row.account}
          </button>
        ),
    },
    {
      id: 'type',
      header: t('agent.transactions.type'),
      cell: (row) => t(`agent.transactionTypes.${row.type}`),
    },
    {
      id: 'kind',
      header: t('agent.transactions.kind'),
      cell: (row) => t(`agent.kinds.${row.kind}`, { defaultValue: row.kind }),
    },
    {
      id: 'amount',
      header: t('agent.transactions.amount'),
      numeric: true,
      cell: (row) => <span className={amountTone(row.amount)}>{money(row.amount)}</span>,
    },
    { id: 'vendor', header: t('agent.transactions.vendor'), cell: (row) => row.vendorCode || '—' },
  ];

  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <PeriodPicker
          value={periodFromSearch(search)}
          onChange={(next) => update({ ...periodSearch(next), pageNo: null })}
          resolved={transactions.data}
        />
        <FieldFrame label={t('agent.transactions.type')}>
          {(control) => (
            <select
              {...control}
              className="form-field__input"
              value={type ?? ''}
              onChange={(event) => update({ type: event.target.value, pageNo: null })}
            >
              <option value="">{t('agent.transactions.allTypes')}</option>
              {teamTransactionTypes.map((option) => (
                <option key={option} value={option}>
                  {t(`agent.transactionTypes.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <CsvButton
          definition={agentCalls.agentTransactionsCsv}
          query={filterQuery}
          fallbackName={`transactions-${transactions.data?.from ?? ''}-${transactions.data?.to ?? ''}.csv`}
        />
      </div>
      <DownlinePicker
        memberId={memberId}
        memberLabel={memberLabel}
        onPick={(picked) => update({ memberId: picked, pageNo: null })}
      />
      <ResultCount total={transactions.data?.total} />
      <DataTable<TeamTransaction>
        caption={t('agent.transactions.caption')}
        columns={columns}
        rows={transactions.data?.items}
        rowKey={(row) => row.id}
        states={tableStates(transactions, errorText, {
          title: t('agent.transactions.empty'),
          text: t('agent.emptyText'),
        })}
        refreshing={transactions.isFetching}
        paging={pagingOf(transactions.data, (next) => update({ pageNo: next }))}
      />
    </div>
  );
}

export default TransactionsPage;
