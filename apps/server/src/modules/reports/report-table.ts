import type { Page } from '@portal/contracts';

/** A report table's paging and sort, as its query holds them. */
export interface Paging {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
}

type Cell = string | number | bigint;

function compare(a: Cell | undefined, b: Cell | undefined): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const left = a ?? 0;
  const right = b ?? 0;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Sorts a report's rows by the query's column (figures compared as numbers, in minor units; ties in the
 * order the rows came, which is the report's natural order) and cuts the asked page. A report has a row
 * per day (at most 92), vendor or game type, so this is done in memory after the rollup read.
 */
export function pageOfRows<Row extends object, Item>(
  rows: readonly Row[],
  query: Paging,
  present: (row: Row) => Item,
): Page<Item> {
  const direction = query.order === 'desc' ? -1 : 1;
  const cell = (row: Row) => (row as Record<string, Cell | undefined>)[query.sort];
  const sorted = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => direction * compare(cell(a.row), cell(b.row)) || a.index - b.index)
    .map(({ row }) => row);
  const start = (query.page - 1) * query.pageSize;
  return {
    items: sorted.slice(start, start + query.pageSize).map(present),
    page: query.page,
    pageSize: query.pageSize,
    total: rows.length,
  };
}

/** Every row's figures added up, field by field (numbers and bigints); `zero` when there is no row. */
export function sumRows<Figures extends Record<string, number | bigint>>(
  rows: readonly Figures[],
  zero?: Figures,
): Figures {
  const first = rows[0] ?? zero;
  if (!first) throw new Error('sumRows needs a row or a zero');
  const total = Object.fromEntries(
    Object.entries(first).map(([name, value]) => [name, typeof value === 'bigint' ? 0n : 0]),
  ) as Record<string, number | bigint>;
  for (const row of rows) {
    for (const [name, value] of Object.entries(row)) {
      const sum = total[name]!;
      total[name] = typeof sum === 'bigint' ? sum + BigInt(value) : sum + Number(value);
    }
  }
  return total as Figures;
}
