import type { Currency, PayoutPage, PayoutRecord, PayoutStatus } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { agentCalls } from '../api/agent-calls';
import { usePayoutRecords, type PayoutKind } from '../api/contract-queries';
import { CsvButton } from '../components/csv-button';
import { useErrorText } from '../components/error-text';
import { PeriodPicker } from '../components/period-picker';
import { ResultCount, tableStates } from '../components/query-state';
import {
  amountTone,
  formatCount,
  formatMerchantPeriod,
  formatMerchantTime,
  formatRate,
  moneyFormat,
  type MoneyFormat,
} from '../model/format';
import { periodFromSearch, periodQuery, periodSearch } from '../model/period';
import { pagingOf } from '../model/totals';
import { positiveInt, usePageSearch } from '../model/use-page-search';
import '../../../styles/money-pages.css';
import '../agent-pages.css';

const payoutPageSize = 50;

const statusBadges: Record<PayoutStatus, string> = {
  paid: 'badge badge--done',
  scheduled: 'badge badge--pending',
  nothing_due: 'badge badge--muted',
};

interface ColumnContext {
  t: TFunction<'agent'>;
  kind: PayoutKind;
  language: string;
  money: MoneyFormat;
  gmtOffsetMinutes: number;
}

function signed(money: MoneyFormat, amount: string) {
  return <span className={amountTone(amount)}>{money(amount)}</span>;
}

/** The record columns: the period, its inputs (deductions for dividends only), the tier and the pay. */
function payoutColumns({
  t,
  kind,
  language,
  money,
  gmtOffsetMinutes,
}: ColumnContext): DataColumn<PayoutRecord>[] {
  const precision = kind === 'hourly' || kind === 'realtime' ? 'time' : 'day';
  const column = (
    id: string,
    cell: (row: PayoutRecord) => ReactNode,
    numeric = true,
  ): DataColumn<PayoutRecord> => ({ id, header: t(`agent.payouts.columns.${id}`), numeric, cell });
  return [
    column(
      'period',
      (row) =>
        formatMerchantPeriod(
          { start: row.periodStart, end: row.periodEnd },
          precision,
          gmtOffsetMinutes,
          language,
        ),
      false,
    ),
    column('activeMembers', (row) => formatCount(row.activeMembers, language)),
    column('validBet', (row) => money(row.validBet)),
    column('profitLoss', (row) => signed(money, row.profitLoss)),
    ...(kind === 'dividend' ? [column('deductions', (row) => money(row.deductions))] : []),
    column('figure', (row) => money(row.figure)),
    column('adjustment', (row) => signed(money, row.adjustment)),
    column('tier', (row) => (row.tier === null ? '—' : formatCount(row.tier, language))),
    column('rate', (row) => formatRate(row.rate)),
    column('teamAmount', (row) => money(row.teamAmount)),
    column('downlineAmount', (row) => money(row.downlineAmount)),
    column('amount', (row) => <strong>{money(row.amount)}</strong>),
    column(
      'status',
      (row) => <span className={statusBadges[row.status]}>{t(`agent.payouts.status.${row.status}`)}</span>,
      false,
    ),
    column(
      'paidAt',
      (row) => (row.paidAt ? formatMerchantTime(row.paidAt, gmtOffsetMinutes, language) : '—'),
      false,
    ),
  ];
}

/** Where payouts can be withdrawn to: the bank account (number masked) and holder, or how to add one. */
function BankAccountLine({ bankAccount }: { bankAccount: PayoutPage['bankAccount'] }) {
  const { t } = useTranslation('agent');
  if (bankAccount) {
    return (
      <p className="agent-bank">
        {t('agent.payouts.bankAccount', {
          number: bankAccount.accountNumber,
          holder: bankAccount.holderName,
        })}
      </p>
    );
  }
  return (
    <p className="agent-bank agent-bank--missing">
      {t('agent.payouts.noBankAccount')}{' '}
      <Link to={{ search: '?page=withdraw' }}>{t('agent.payouts.addBankAccount')}</Link>
    </p>
  );
}

/**
 * agentDailyWages2, agentHourSalary, agentRealtimeSalary and agentDividendRecordCopy2: the caller's
 * payouts of one kind per settled period, with their inputs, a totals row, the bank account they can be
 * withdrawn to and a CSV export of the same period. One page for the four kinds.
 */
export function PayoutRecordsPage({
  kind,
  currency,
  gmtOffsetMinutes,
}: {
  kind: PayoutKind;
  currency: Currency;
  /** The merchant's offset from UTC: periods are its calendar periods. */
  gmtOffsetMinutes: number;
}) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const { search, update } = usePageSearch();
  const period = periodFromSearch(search);
  const filterQuery = periodQuery(period);
  const page = positiveInt(search.get('pageNo'), 1, 10_000);
  const records = usePayoutRecords(kind, { ...filterQuery, page, pageSize: payoutPageSize });
  const money = moneyFormat(currency);
  const columns = payoutColumns({ t, kind, language: i18n.language, money, gmtOffsetMinutes });
  const totals = records.data?.totals;
  const footer = totals
    ? {
        period: t('agent.payouts.total'),
        validBet: money(totals.validBet),
        figure: money(totals.figure),
        amount: <strong>{money(totals.amount)}</strong>,
      }
    : undefined;
  const fallbackName = `${kind === 'dividend' ? 'dividends' : `salary-${kind}`}-${records.data?.from ?? ''}-${records.data?.to ?? ''}.csv`;

  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <PeriodPicker
          value={period}
          onChange={(next) => update({ ...periodSearch(next), pageNo: null })}
          resolved={records.data}
        />
        {kind === 'dividend' ? (
          <CsvButton definition={agentCalls.dividendExport} query={filterQuery} fallbackName={fallbackName} />
        ) : (
          <CsvButton
            definition={agentCalls.salaryExport}
            query={{ ...filterQuery, kind }}
            fallbackName={fallbackName}
          />
        )}
      </div>
      {records.data ? <BankAccountLine bankAccount={records.data.bankAccount} /> : null}
      <ResultCount total={records.data?.total} />
      <DataTable<PayoutRecord>
        caption={t(`agent.payouts.caption.${kind}`)}
        columns={columns}
        rows={records.data?.items}
        rowKey={(row) => String(row.id)}
        states={tableStates(records, errorText, {
          icon: 'wallet',
          title: t(`agent.payouts.empty.${kind}`),
          text: t('agent.emptyText'),
        })}
        refreshing={records.isFetching}
        footer={footer}
        paging={pagingOf(records.data, (next) => update({ pageNo: next }))}
      />
    </div>
  );
}

export default PayoutRecordsPage;
