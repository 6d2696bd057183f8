import { useTranslation } from 'react-i18next';
import type { OpsRgReportRow } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../../../components/ui/data-table';
import { htmlLangOf } from '../../../../i18n';
import { useOperatorErrorText } from '../../api/queue-queries';
import { formatTime } from '../../model/format';
import { useBlockText } from './player-view';
import { reportPageSize, useRgReport } from './rg-queries';

/**
 * The merchant's report: every player with a limit, break or exclusion, latest change first, paged by the
 * server, with how many are blocked now and how many have limits. An account opens its record.
 */
export function RgReport({
  page,
  onPage,
  onOpen,
}: {
  page: number;
  onPage: (page: number) => void;
  onOpen: (username: string) => void;
}) {
  const { t, i18n } = useTranslation('ops-rg');
  const errorText = useOperatorErrorText();
  const locale = htmlLangOf(i18n.language);
  const blockText = useBlockText();
  const report = useRgReport(page);
  const data = report.data;

  const columns: DataColumn<OpsRgReportRow>[] = [
    {
      id: 'username',
      header: t('report.columns.account'),
      cell: (row) => (
        <button type="button" className="button button--ghost" onClick={() => onOpen(row.username)}>
          {row.username}
        </button>
      ),
    },
    { id: 'limits', header: t('report.columns.limits'), numeric: true, cell: (row) => row.limitCount },
    {
      id: 'block',
      header: t('report.columns.block'),
      cell: (row) => (row.block ? blockText(row.block) : '—'),
    },
    {
      id: 'lastChangeAt',
      header: t('report.columns.lastChange'),
      cell: (row) => formatTime(row.lastChangeAt, locale),
    },
  ];

  return (
    <section className="ops-rg__report" aria-labelledby="rg-report-title">
      <h2 id="rg-report-title">{t('report.title')}</h2>
      {data ? (
        <ul className="operator-cards ops-rg__counts">
          <li className="operator-card">
            <h3 className="operator-card__title">{t('report.blockedNow')}</h3>
            <p className="operator-card__count">{data.blockedNow}</p>
          </li>
          <li className="operator-card">
            <h3 className="operator-card__title">{t('report.withLimits')}</h3>
            <p className="operator-card__count">{data.withLimits}</p>
          </li>
        </ul>
      ) : null}
      <DataTable
        caption={t('report.title')}
        columns={columns}
        rows={data?.items}
        rowKey={(row) => String(row.memberId)}
        refreshing={report.isFetching && !report.isLoading}
        states={{
          loading: report.isLoading,
          error: report.isError
            ? { message: errorText(report.error), onRetry: () => void report.refetch() }
            : null,
          empty: { title: t('report.empty'), text: t('report.emptyText') },
        }}
        paging={
          data && data.total > reportPageSize
            ? { page, totalPages: Math.ceil(data.total / reportPageSize), onPage }
            : undefined
        }
      />
    </section>
  );
}
