import type { Currency, PointsRedeem, RedeemStatus } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { useRedeemHistory } from '../api/points-queries';
import { usePointsErrorText } from '../model/points-errors';
import { displayAmount, displayPoints, formatTime } from '../model/points-format';
import { redeemStatusList } from '../model/points-lists';

/** A redeem's status as a chip: colour by state, the status in words always. */
export function RedeemStatusChip({ status }: { status: RedeemStatus }) {
  const { t } = useTranslation('points');
  return <span className={`points-status points-status--${status}`}>{t(`points.status.${status}`)}</span>;
}

function useHistoryColumns(currency: Currency): DataColumn<PointsRedeem>[] {
  const { t, i18n } = useTranslation('points');
  const none = t('points.history.none');
  return useMemo(
    () => [
      { id: 'reference', header: t('points.history.reference'), cell: (row) => row.reference },
      {
        id: 'appliedAt',
        header: t('points.history.appliedAt'),
        cell: (row) => formatTime(row.appliedAt, i18n.language),
      },
      { id: 'name', header: t('points.history.name'), cell: (row) => row.itemName },
      { id: 'units', header: t('points.history.units'), numeric: true, cell: (row) => row.units },
      {
        id: 'points',
        header: t('points.history.points'),
        numeric: true,
        cell: (row) => displayPoints(row.pointsRequirement),
      },
      {
        id: 'amount',
        header: t('points.history.amount'),
        numeric: true,
        cell: (row) => (row.amountRequirement ? displayAmount(row.amountRequirement, currency) : none),
      },
      {
        id: 'account',
        header: t('points.history.account'),
        cell: (row) => (row.paymentAccount ? t(`points.redeem.accounts.${row.paymentAccount}`) : none),
      },
      {
        id: 'delivery',
        header: t('points.history.delivery'),
        cell: (row) =>
          row.receivingAddress || row.phone
            ? [row.receivingAddress, row.phone].filter(Boolean).join(' · ')
            : none,
      },
      {
        id: 'status',
        header: t('points.history.status'),
        cell: (row) => <RedeemStatusChip status={row.status} />,
      },
      {
        id: 'decidedAt',
        header: t('points.history.decidedAt'),
        cell: (row) => (row.decidedAt ? formatTime(row.decidedAt, i18n.language) : none),
      },
      { id: 'remark', header: t('points.history.remark'), cell: (row) => row.remark || none },
    ],
    [t, i18n.language, currency, none],
  );
}

/** Redeem history, newest first, a page at a time, with a status filter. */
export function RedeemHistory({ currency }: { currency: Currency }) {
  const { t } = useTranslation('points');
  const errorText = usePointsErrorText();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<RedeemStatus | null>(null);
  const history = useRedeemHistory(page, status);
  const columns = useHistoryColumns(currency);
  const totalPages = history.data ? Math.ceil(history.data.total / history.data.pageSize) : 0;
  return (
    <div className="points-records">
      <div className="points-filters">
        <label className="form-field__label" htmlFor="points-history-status">
          {t('points.status.label')}
        </label>
        <select
          id="points-history-status"
          className="form-field__input"
          value={status ?? ''}
          onChange={(event) => {
            setStatus(redeemStatusList.find((value) => value === event.target.value) ?? null);
            setPage(1);
          }}
        >
          <option value="">{t('points.status.all')}</option>
          {redeemStatusList.map((value) => (
            <option key={value} value={value}>
              {t(`points.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        caption={t('points.history.caption')}
        columns={columns}
        rows={history.data?.items}
        rowKey={(row) => row.reference}
        refreshing={history.isPlaceholderData}
        states={{
          loading: history.isPending,
          error: history.isError
            ? { message: errorText(history.error), onRetry: () => void history.refetch() }
            : null,
          empty: { icon: 'gift', title: t('points.history.empty'), text: t('points.history.emptyText') },
        }}
        paging={{ page, totalPages, onPage: setPage }}
      />
    </div>
  );
}
