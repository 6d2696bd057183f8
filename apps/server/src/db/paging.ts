import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * Offset paging of list reads, written once for every repository. A page is read with two queries
 * sent together: the rows (limit and offset) and the count of every matching row. A single query with
 * `count(*) over ()` was considered and not taken: past the last page it returns no row and so no
 * total (a second query again), and it makes PostgreSQL build every matching row's select list (joins,
 * sub-selects) where a count needs none of it.
 */

/** The largest page a repository reads; the contracts cap each call lower (50 or 100, favourites 999). */
export const maxPageSize = 1000;
/** The last page a repository reads (the contracts' own cap), so an offset stays bounded. */
export const maxPage = 10_000;

/** Which page of a list to read: 1-based page number and rows per page. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of rows and how many rows match over every page. */
export interface PageRows<Row> {
  rows: Row[];
  total: number;
}

/** The number of rows before the page; throws on a page or size outside the bounds above. */
export function pageOffset(paging: PageRequest): number {
  const { page, pageSize } = paging;
  if (!Number.isInteger(page) || page < 1 || page > maxPage) {
    throw new RangeError(`page must be an integer from 1 to ${maxPage}, got ${page}`);
  }
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
    throw new RangeError(`pageSize must be an integer from 1 to ${maxPageSize}, got ${pageSize}`);
  }
  return (page - 1) * pageSize;
}

/**
 * Reads one page of `rows` (a query with its columns and order) and the total of `counted`, which
 * defaults to `rows` itself with its columns and order dropped. Pass `counted` when a cheaper query
 * counts the same rows (without joins or sub-selects only the page needs).
 */
export async function selectPage<
  DB,
  TB extends keyof DB,
  Row,
  CountDB,
  CountTB extends keyof CountDB,
  CountRow,
>(
  rows: SelectQueryBuilder<DB, TB, Row>,
  paging: PageRequest,
  counted?: SelectQueryBuilder<CountDB, CountTB, CountRow>,
): Promise<PageRows<Row>> {
  const offset = pageOffset(paging);
  const [page, total] = await Promise.all([
    rows.limit(paging.pageSize).offset(offset).execute(),
    counted ? countOf(counted) : countOf(rows),
  ]);
  return { rows: page, total };
}

/** How many rows a query matches: its columns and order replaced by `count(*)`. */
async function countOf<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('total'))
    // Kysely cannot resolve a selection over a generic table set; the one column is known.
    .$castTo<{ total: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
