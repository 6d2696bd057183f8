/** Total pages of a list page answer (`pageOf` answers the total rows and the page size). */
export function totalPagesOf(page: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(page.total / Math.max(1, page.pageSize)));
}
