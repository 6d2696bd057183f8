import type { ContentStatus } from '@portal/contracts';

/** The query of an operator's content list: a page, optionally of one publishing state. */
export interface OperatorListQuery {
  page: number;
  pageSize: number;
  status?: ContentStatus | undefined;
}

/** The `published` column's value a status filter asks for (undefined: both). */
export function publishedOf(status: ContentStatus | undefined): boolean | undefined {
  return status === undefined ? undefined : status === 'published';
}
