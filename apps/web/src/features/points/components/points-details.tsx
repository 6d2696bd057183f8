import type { PointsRecord, PointsRecordType } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { usePointsRecords } from '../api/points-queries';
import { usePointsErrorText } from '../model/points-errors';
import { displayPoints, displayPointsChange, formatTime } from '../model/points-format';
import { recordTypeList } from '../model/points-lists';
import { PointsCsvButton } from './points-csv-button';

function useRecordColumns(): DataColumn<PointsRecord>[] {
  const { t, i18n } = useTranslation('points');
  return useMemo(
    () => [
      { id: 'reference', header: t('points.details.reference'), cell: (row) => row.reference },
      { id: 'type', header: t('points.details.type'), cell: (row) => t(`points.types.${row.type}`) },
      { id: 'time', header: t('points.details.time'), cell: (row) => formatTime(row.time, i18n.language) },
      {
        id: 'changed',
        header: t('points.details.changed'),
        numeric: true,
        cell: (row) => (
          <span className={row.changedPoints.startsWith('-') ? 'amount--out' : 'amount--in'}>
            {displayPointsChange(row.changedPoints)}
          </span>
        ),
      },
      {
        id: 'balance',
        header: t('points.details.balance'),
        numeric: true,
        cell: (row) => displayPoints(row.pointsBalance),
      },
      { id: 'remark', header: t('points.details.remark'), cell: (row) => row.remark || '—' },
    ],
    [t, i18n.language],
  );
}

/** Points details, newest first, a page at a time, with a type filter and a CSV export of the type. */
export function PointsDetails() {
  const { t } = useTranslation('points');
  const errorText = usePointsErrorText();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<PointsRecordType | null>(null);
  const records = usePointsRecords(page, type);
  const columns = useRecordColumns();
  const totalPages = records.data ? Math.ceil(records.data.total / records.data.pageSize) : 0;
  return (
    <div className="points-records">
      <div className="points-filters">
        <label className="form-field__label" htmlFor="points-details-type">
          {t('points.details.type')}
        </label>
        <select
          id="points-details-type"
          className="form-field__input"
          value={type ?? ''}
          onChange={(event) => {
            setType(recordTypeList.find((value) => value === event.target.value) ?? null);
            setPage(1);
          }}
        >
          <option value="">{t('points.details.allTypes')}</option>
          {recordTypeList.map((value) => (
            <option key={value} value={value}>
              {t(`points.types.${value}`)}
            </option>
          ))}
        </select>
        {records.data && records.data.total > 0 ? <PointsCsvButton type={type} /> : null}
      </div>
      <DataTable
        caption={t('points.details.caption')}
        columns={columns}
        rows={records.data?.items}
        rowKey={(row) => `${row.reference}-${row.type}`}
        refreshing={records.isPlaceholderData}
        states={{
          loading: records.isPending,
          error: records.isError
            ? { message: errorText(records.error), onRetry: () => void records.refetch() }
            : null,
          empty: { icon: 'clock', title: t('points.details.empty'), text: t('points.details.emptyText') },
        }}
        paging={{ page, totalPages, onPage: setPage }}
      />
    </div>
  );
}
