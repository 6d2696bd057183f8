/** Total pages of a list page answer (`pageOf` answers the total rows and the page size). */
export function totalPagesOf(page: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(page.total / Math.max(1, page.pageSize)));
}

/** The table's pager for a list page answer (none until the first answer), moving by `onPage`. */
export function pagingOf(
  page: { page: number; total: number; pageSize: number } | undefined,
  onPage: (page: number) => void,
): { page: number; totalPages: number; onPage: (page: number) => void } | undefined {
  return page ? { page: page.page, totalPages: totalPagesOf(page), onPage } : undefined;
}
