import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportPresets } from '@portal/contracts/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataColumn, tableStates } from '../../../../components/ui/data-table';
import { Icon } from '../../../../components/ui/icon';
import { htmlLangOf } from '../../../../i18n';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';
import { formatTime } from '../../model/format';
import { PeriodPicker, customRangeProblem, type PeriodChoice } from './period-picker';
import { ReportChart, type ChartSeries } from './report-chart';
import type { ReportColumn, ReportDefinition, ReportQuery } from './report-definitions';
import { formatAmount, formatCount, formatDay } from './report-format';

/** Rows per table page (a month fits on one). */
export const reportPageSize = 31;

/** The period in the address: a preset, a valid custom range, or today. */
function periodOf(search: URLSearchParams): PeriodChoice {
  const preset = reportPresets.find((candidate) => candidate === search.get('preset'));
  if (preset) return { preset };
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return customRangeProblem(from, to) === null ? { from, to } : { preset: 'today' };
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** Saves a file through a temporary link (the CSV the server streamed). */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * One report: the period picker, the chart, the table (sorted and paged by the server; the accessible
 * form of the chart) with the period's totals, and the CSV of every row. Period, sort and page live in
 * the address, so a reload or a shared link keeps them.
 */
export function ReportView<Row extends object>({ definition }: { definition: ReportDefinition<Row> }) {
  const { t, i18n } = useTranslation('ops-reports');
  const locale = htmlLangOf(i18n.language);
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [search, setSearch] = useSearchParams();
  const period = periodOf(search);
  const sortable: string[] = definition.columns.map((column) => column.field);
  const sortParam = search.get('sort');
  const sort = sortParam && sortable.includes(sortParam) ? sortParam : definition.defaultSort;
  const orderParam = search.get('order');
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : definition.defaultOrder;
  const by = search.get('by') === 'gameType' ? 'gameType' : 'vendor';
  const query: ReportQuery = {
    ...period,
    page: pageOf(search.get('page')),
    pageSize: reportPageSize,
    sort,
    order,
    ...(definition.id === 'games' ? { by } : {}),
  };
  const report = useQuery({
    queryKey: [...operatorQueryKey, 'reports', definition.id, query],
    queryFn: ({ signal }) => definition.load(api, query, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const [download, setDownload] = useState<{ pending: boolean; problem: string | null }>({
    pending: false,
    problem: null,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setSearch(next, { replace: false });
  };
  const choosePeriod = (choice: PeriodChoice) =>
    update(
      'preset' in choice
        ? { preset: choice.preset, from: null, to: null, page: null }
        : { preset: null, from: choice.from, to: choice.to, page: null },
    );
  const onSort = (key: string) =>
    update({
      sort: key,
      order: key === sort ? (order === 'asc' ? 'desc' : 'asc') : definition.defaultOrder,
      page: null,
    });

  const columnLabel = (column: ReportColumn<Row>) =>
    column.kind === 'key' ? t(`columns.${by}`) : t(`columns.${column.field}`);
  const show = (column: ReportColumn<Row>, value: unknown) => {
    if (column.kind === 'day') return formatDay(String(value), locale);
    if (column.kind === 'count') return formatCount(Number(value), locale);
    if (column.kind === 'money') return formatAmount(String(value), locale);
    return String(value) || t('unknownKey');
  };
  const columns: DataColumn<Row>[] = definition.columns.map((column) => ({
    id: column.field,
    header: columnLabel(column),
    numeric: column.kind === 'count' || column.kind === 'money',
    sortKey: column.field,
    cell: (row: Row) => show(column, (row as Record<string, unknown>)[column.field]),
  }));

  const data = report.data;
  // A period without any movement shows the empty state rather than a table of zeros.
  const quiet = data !== undefined && Object.values(data.totals).every((value) => Number(value) === 0);
  const chartLabels = (data?.chart ?? []).map((row) => {
    const record = row as Record<string, unknown>;
    return definition.chart.kind === 'lines'
      ? formatDay(String(record.day), locale, 'short')
      : String(record.key) || t('unknownKey');
  });
  const chartSeries: ChartSeries[] = definition.chart.series.map((field) => ({
    label: t(`columns.${field}`),
    values: (data?.chart ?? []).map((row) => Number((row as Record<string, unknown>)[field])),
  }));
  const footer = data
    ? Object.fromEntries(
        definition.columns.map((column, index) => [
          column.field,
          index === 0 ? t('totals') : show(column, (data.totals as Record<string, unknown>)[column.field]),
        ]),
      )
    : undefined;

  const exportCsv = async () => {
    setDownload({ pending: true, problem: null });
    let fileName = `${definition.id}.csv`;
    try {
      const blob = await definition.download(api, query, (headers) => {
        const match = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
        if (match?.[1]) fileName = match[1];
      });
      saveFile(blob, fileName);
      setDownload({ pending: false, problem: null });
    } catch (error) {
      setDownload({ pending: false, problem: errorText(error) });
    }
  };

  const totalPages = data ? Math.max(1, Math.ceil(data.rows.total / data.rows.pageSize)) : 1;
  const title = t(`reports.${definition.id}.title`);
  return (
    <section className="ops-reports__report" aria-labelledby="ops-reports-title">
      <h2 id="ops-reports-title">{title}</h2>
      <p className="ops-reports__what">{t(`reports.${definition.id}.what`)}</p>
      <div className="ops-reports__toolbar">
        <PeriodPicker key={JSON.stringify(period)} value={period} onChange={choosePeriod} />
        {definition.id === 'games' ? (
          <div className="form-field">
            <label className="form-field__label" htmlFor="ops-reports-by">
              {t('by.label')}
            </label>
            <select
              id="ops-reports-by"
              className="form-field__input"
              value={by}
              onChange={(event) => update({ by: event.target.value, page: null })}
            >
              <option value="vendor">{t('by.vendor')}</option>
              <option value="gameType">{t('by.gameType')}</option>
            </select>
          </div>
        ) : null}
        <div className="ops-reports__csv">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void exportCsv()}
            disabled={download.pending}
            aria-busy={download.pending}
          >
            <Icon name="download" size={16} />
            {download.pending ? t('csv.pending') : t('csv.export')}
          </button>
          {download.problem ? (
            <p className="form-field__error" role="alert">
              {download.problem}
            </p>
          ) : null}
        </div>
      </div>
      {data ? (
        <p className="ops-reports__period-note" aria-live="polite">
          {t('periodNote', {
            from: formatDay(data.period.from, locale),
            to: formatDay(data.period.to, locale),
            zone: data.period.timeZone,
          })}{' '}
          {data.period.caughtUpAt
            ? t('caughtUp', { at: formatTime(data.period.caughtUpAt, locale) })
            : t('notCaughtUp')}
        </p>
      ) : null}
      {data && !quiet && data.chart.length > 0 ? (
        <figure className="ops-reports__figure" aria-labelledby="ops-reports-chart-caption">
          <figcaption id="ops-reports-chart-caption">{t('chartCaption', { report: title })}</figcaption>
          <ReportChart
            kind={definition.chart.kind}
            labels={chartLabels}
            series={chartSeries}
            locale={locale}
          />
        </figure>
      ) : null}
      <DataTable
        caption={t('tableCaption', { report: title })}
        columns={columns}
        rows={quiet ? [] : data?.rows.items}
        rowKey={definition.rowKey}
        refreshing={report.isFetching}
        sorting={{ key: sort, order, onSort }}
        paging={{ page: query.page, totalPages, onPage: (page) => update({ page: String(page) }) }}
        footer={data && !quiet && data.rows.items.length > 0 ? footer : undefined}
        states={tableStates(report, errorText, {
          title: t('empty.title'),
          text: t('empty.text'),
          icon: 'info',
        })}
      />
    </section>
  );
}
