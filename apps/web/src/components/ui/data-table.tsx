import type { UseQueryResult } from '@tanstack/react-query';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import type { IconName } from './icon';
import { Pager } from './pager';
import { SkeletonLines } from './skeleton';

/**
 * A typed table of records on TanStack Table (headless: the markup and look are ours). Used by the
 * member centre's record pages and meant for the operator console. Only lazily loaded pages import it,
 * so the table library never weighs on the home page's first load.
 */

/** One column: its header text and how a row renders in it. */
export interface DataColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned tabular figures (amounts, counts). */
  numeric?: boolean;
  /** The server's sort key for this column; with `sorting` on the table, the header becomes a sort button. */
  sortKey?: string;
}

/** Server-side sorting: the active key and direction, and what a click on a sortable header asks for. */
export interface DataTableSorting {
  key: string;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
}

/** What the table shows instead of rows, each with the caller's (translated) texts. */
export interface DataTableStates {
  /** Rows are being read: a skeleton of `loadingLines` lines (5 by default). */
  loading?: boolean;
  loadingLines?: number;
  /** The read failed: the message and, when the caller can retry, a retry button. */
  error?: { message: string; onRetry?: () => void } | null;
  /** No rows: the empty state's title and text. */
  empty: { title: string; text?: string; icon?: IconName };
}

/** The loading, error (with retry) and empty states of the query whose rows a DataTable shows. */
export function tableStates(
  query: UseQueryResult,
  errorText: (error: unknown) => string,
  empty: DataTableStates['empty'],
): DataTableStates {
  return {
    loading: query.isPending,
    error: query.isError ? { message: errorText(query.error), onRetry: () => void query.refetch() } : null,
    empty,
  };
}

interface DataTableProps<Row extends RowData> {
  /** The table's name for assistive tech (a visually hidden caption). */
  caption: string;
  columns: readonly DataColumn<Row>[];
  /** Undefined while nothing has been read yet. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  states: DataTableStates;
  /** Server-side paging: previous / next with "page x of y" under the table. */
  paging?: { page: number; totalPages: number; onPage: (page: number) => void } | undefined;
  /** A newer read is under way while these rows show (aria-busy on the region). */
  refreshing?: boolean;
  /** Sortable headers (columns with a `sortKey`), sorted by the server. */
  sorting?: DataTableSorting | undefined;
  /** A totals row under the rows (tfoot): cells by column id; a column without one stays empty. */
  footer?: Readonly<Record<string, ReactNode>> | undefined;
  /** A class for a row that stands out (say, one awaiting the reader's answer); say it in text too. */
  rowClassName?: ((row: Row) => string | undefined) | undefined;
}

function ariaSort<Row>(column: DataColumn<Row> | undefined, sorting: DataTableSorting | undefined) {
  if (!sorting || !column?.sortKey) return undefined;
  if (column.sortKey !== sorting.key) return 'none';
  return sorting.order === 'asc' ? 'ascending' : 'descending';
}

/** A header's content: its text, or a button that asks the server for this sort. */
function HeaderContent<Row>({
  column,
  sorting,
}: {
  column: DataColumn<Row>;
  sorting: DataTableSorting | undefined;
}) {
  const sortKey = column.sortKey;
  if (!sorting || !sortKey) return <>{column.header}</>;
  const active = sorting.key === sortKey;
  return (
    <button type="button" className="data-table__sort" onClick={() => sorting.onSort(sortKey)}>
      {column.header}
      <span className="data-table__sort-mark" aria-hidden="true">
        {active ? (sorting.order === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
}

// No client-side features: rows arrive sorted and paged by the server.
const features = tableFeatures({});
type Feature = typeof features;

/** Rows as a table, or the loading, error or empty state; on phones each row becomes a card (CSS). */
export function DataTable<Row extends RowData>({
  caption,
  columns,
  rows,
  rowKey,
  states,
  paging,
  refreshing = false,
  sorting,
  footer,
  rowClassName,
}: DataTableProps<Row>) {
  const definitions = useMemo(
    () =>
      columns.map((column): ColumnDef<Feature, Row> => ({
        id: column.id,
        header: column.header,
        cell: (context) => column.cell(context.row.original),
      })),
    [columns],
  );
  const data = useMemo(() => (rows ? [...rows] : []), [rows]);
  const table = useTable({ features, columns: definitions, data, getRowId: (row) => rowKey(row) });

  if (states.error) return <ErrorState message={states.error.message} onRetry={states.error.onRetry} />;
  if (states.loading || rows === undefined) return <SkeletonLines count={states.loadingLines ?? 5} />;
  if (rows.length === 0) {
    const { icon = 'clock', title, text } = states.empty;
    return <EmptyState icon={icon} title={title} text={text} />;
  }

  const numericClass = (numeric: boolean) => (numeric ? 'data-table__number' : undefined);
  const byId = new Map(columns.map((column) => [column.id, column]));
  return (
    <div aria-busy={refreshing}>
      <div className="data-table__wrap">
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={numericClass(column?.numeric === true)}
                      aria-sort={ariaSort(column, sorting)}
                    >
                      {column ? <HeaderContent column={column} sorting={sorting} /> : null}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={rowClassName?.(row.original)}>
                {row.getAllCells().map((cell) => {
                  const column = byId.get(cell.column.id);
                  return (
                    <td
                      key={cell.id}
                      data-label={column?.header}
                      className={numericClass(column?.numeric === true)}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          {footer ? (
            <tfoot>
              <tr>
                {columns.map((column) => (
                  <td
                    key={column.id}
                    data-label={column.header}
                    className={numericClass(column.numeric === true)}
                  >
                    {footer[column.id] ?? null}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {paging ? <Pager page={paging.page} totalPages={paging.totalPages} onPage={paging.onPage} /> : null}
    </div>
  );
}
