import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableStates } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';

/** Loading, error and empty states shared by the history pages; children render the data. */
export function HistoryState<Data>({
  query,
  isEmpty,
  emptyTitle,
  children,
}: {
  query: UseQueryResult<Data>;
  isEmpty: (data: Data) => boolean;
  emptyTitle: string;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation('history');
  if (query.isPending) return <SkeletonLines count={5} />;
  if (query.isError) {
    return <ErrorState message={t(errorMessageKey(query.error))} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty(query.data))
    return <EmptyState icon="clock" title={emptyTitle} text={t('history.emptyText')} />;
  return <div aria-busy={query.isFetching}>{children(query.data)}</div>;
}

/** The loading, error and empty states of a history read, for a DataTable that shows it. */
export function historyStates(
  query: UseQueryResult,
  t: TFunction<'history'>,
  emptyTitle: string,
): DataTableStates {
  return {
    loading: query.isPending,
    error: query.isError
      ? { message: t(errorMessageKey(query.error)), onRetry: () => void query.refetch() }
      : null,
    empty: { icon: 'clock', title: emptyTitle, text: t('history.emptyText') },
  };
}
