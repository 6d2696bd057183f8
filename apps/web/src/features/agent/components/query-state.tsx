import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import type { IconName } from '../../../components/ui/icon';
import { SkeletonLines } from '../../../components/ui/skeleton';

interface EmptyText {
  title: string;
  text?: string;
  icon?: IconName;
}

/** The loading, error (with retry) and empty states of an agent read shown by a DataTable. */
export { tableStates } from '../../../components/ui/data-table';

/** The loading, error and empty states of an agent read that is not a table; children render the data. */
export function QueryState<Data>({
  query,
  errorText,
  isEmpty,
  empty,
  loadingLines = 5,
  children,
}: {
  query: UseQueryResult<Data>;
  errorText: (error: unknown) => string;
  isEmpty?: (data: Data) => boolean;
  empty?: EmptyText;
  loadingLines?: number;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) return <SkeletonLines count={loadingLines} />;
  if (query.isError) {
    return <ErrorState message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }
  if (empty && isEmpty?.(query.data)) {
    return <EmptyState icon={empty.icon ?? 'clock'} title={empty.title} text={empty.text} />;
  }
  return <div aria-busy={query.isFetching}>{children(query.data)}</div>;
}

/** Announces how many results a list found (a polite live region, read after each new search). */
export function ResultCount({ total }: { total: number | undefined }) {
  const { t } = useTranslation('agent');
  return (
    <p className="visually-hidden" role="status">
      {total === undefined ? '' : t('agent.results', { count: total })}
    </p>
  );
}
