import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

/**
 * A table of records; on narrow screens each row becomes a card whose cells carry their column name
 * (data-label, shown by CSS), so nothing scrolls sideways on a phone.
 */
export function HistoryTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="history-table__wrap">
      <table className="history-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? 'history-table__number' : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-label={column.label}
                  className={column.numeric ? 'history-table__number' : undefined}
                >
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
