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
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={numericClass(byId.get(header.column.id)?.numeric === true)}
                  >
                    {byId.get(header.column.id)?.header}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
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
        </table>
      </div>
      {paging ? <Pager page={paging.page} totalPages={paging.totalPages} onPage={paging.onPage} /> : null}
    </div>
  );
}
