import type { PointsRecord, PointsRecordType } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useApiClient } from '../../../lib/api';
import { pointsCalls } from '../api/points-calls';
import { usePointsErrorText } from '../model/points-errors';
import { toCsv, saveText } from '../model/csv';

// The server has no points export: the file is built here from the records call, a page of its largest
// size at a time, and bounded so one click never reads without end.
const exportPageSize = 50;
const exportMaxPages = 20;
/** The most records one file holds. */
export const exportMaxRecords = exportPageSize * exportMaxPages;

/** Exports the points details of a type (or all) as CSV: every record field, newest first. */
export function PointsCsvButton({ type }: { type: PointsRecordType | null }) {
  const { t } = useTranslation('points');
  const api = useApiClient();
  const errorText = usePointsErrorText();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const readAll = async (): Promise<PointsRecord[]> => {
    const rows: PointsRecord[] = [];
    for (let page = 1; page <= exportMaxPages; page += 1) {
      const reply = await api.send(pointsCalls.pointsRecords, {
        query: { page, pageSize: exportPageSize, ...(type ? { type } : {}) },
      });
      rows.push(...reply.items);
      if (rows.length >= reply.total || reply.items.length < exportPageSize) break;
    }
    return rows;
  };

  const download = async () => {
    setPending(true);
    setProblem(null);
    try {
      const rows = await readAll();
      const header = ['reference', 'type', 'time', 'changed', 'balance', 'remark'].map((key) =>
        t(`points.details.${key}`),
      );
      const lines = rows.map((row) => [
        row.reference,
        t(`points.types.${row.type}`),
        row.time,
        row.changedPoints,
        row.pointsBalance,
        row.remark,
      ]);
      saveText(toCsv([header, ...lines]), `points-details${type ? `-${type}` : ''}.csv`);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="points-csv">
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        disabled={pending}
        aria-busy={pending}
        aria-describedby="points-csv-hint"
      >
        <Icon name="download" size={16} />
        {pending ? t('points.details.csvPending') : t('points.details.csv')}
      </button>
      <p id="points-csv-hint" className="form-field__hint">
        {t('points.details.csvHint', { count: exportMaxRecords })}
      </p>
      {problem ? (
        <p className="form-field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
