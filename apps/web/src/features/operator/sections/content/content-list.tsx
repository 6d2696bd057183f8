import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { RowData } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ContentStatus, OperatorRole } from '@portal/contracts';
import { DataTable, type DataColumn, tableStates } from '../../../../components/ui/data-table';
import { FormMessage } from '../../../../components/ui/form';
import { htmlLangOf } from '../../../../i18n';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';
import { roleMay } from '../../model/permissions';
import { ChangeConfirmDialog } from '../../components/change-confirm-dialog';
import { contentPageSize, type ContentKind } from './content-kind';
import { ContentFormDialog } from './content-form';

const statuses: readonly ContentStatus[] = ['published', 'unpublished'];
const all = 'all';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** What the operator is doing to a row: editing it, or confirming a publish, unpublish or removal. */
type Chosen<Row> =
  | { action: 'create' }
  | { action: 'edit'; row: Row }
  | { action: 'publish' | 'unpublish' | 'remove'; row: Row };

/**
 * The one list of every content kind: the server's pages, filtered by publishing state (and type for
 * announcements) with the filters and page in the address; new, edit, publish, unpublish and remove for
 * the roles the server lets write (each change through a confirm or the form dialog).
 */
export function ContentList<Row extends RowData>({
  kind,
  role,
}: {
  kind: ContentKind<Row>;
  role: OperatorRole;
}) {
  const { t, i18n } = useTranslation('ops-content');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const errorText = useOperatorErrorText();
  const [search, setSearch] = useSearchParams();
  const filterId = useId();
  const locale = htmlLangOf(i18n.language);
  const canWrite = roleMay(role, kind.permission);
  const statusParam = search.get('status');
  const status = kind.publishing ? statuses.find((value) => value === statusParam) : undefined;
  const typeParam = search.get('type');
  const type = kind.types?.find((value) => value === typeParam);
  const page = kind.paged ? readPage(search.get('page')) : 1;
  const [chosen, setChosen] = useState<Chosen<Row> | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const list = useQuery({
    queryKey: [...operatorQueryKey, 'content', kind.id, status ?? all, type ?? all, page],
    queryFn: ({ signal }) => kind.list(api, { page, pageSize: contentPageSize, status, type }, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const change = useMutation({
    mutationFn: (target: { action: 'publish' | 'unpublish' | 'remove'; row: Row }) =>
      target.action === 'remove'
        ? kind.remove!(api, target.row)
        : kind.publish!(api, target.row, target.action === 'publish'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKey }),
  });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    if (!('page' in changes)) next.set('page', '1');
    setSearch(next, { replace: true });
  };

  const columns = useMemo((): DataColumn<Row>[] => {
    const actions: DataColumn<Row> = {
      id: 'actions',
      header: t('list.actions'),
      cell: (row) => {
        if (!canWrite) return '—';
        const published = kind.published?.(row);
        const choose = (action: 'edit' | 'publish' | 'unpublish' | 'remove') => () => {
          change.reset();
          setDone(null);
          setChosen({ action, row });
        };
        return (
          <span className="operator-actions">
            {(kind.editable?.(row) ?? true) ? (
              <button type="button" className="button button--secondary" onClick={choose('edit')}>
                {t('actions.edit')}
              </button>
            ) : null}
            {kind.publish ? (
              <button
                type="button"
                className={`button ${published ? 'button--secondary operator-actions__danger' : 'button--primary'}`}
                onClick={choose(published ? 'unpublish' : 'publish')}
              >
                {t(published ? 'actions.unpublish' : 'actions.publish')}
              </button>
            ) : null}
            {kind.remove ? (
              <button
                type="button"
                className="button button--secondary operator-actions__danger"
                onClick={choose('remove')}
              >
                {t('actions.remove')}
              </button>
            ) : null}
          </span>
        );
      },
    };
    return [...kind.columns(t, locale), actions];
    // The mutation object changes each render; only its stable reset is used in the cells.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, canWrite, t, locale]);

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const title = t(`kinds.${kind.id}.title`);
  const confirmed = chosen && chosen.action !== 'create' && chosen.action !== 'edit' ? chosen : null;
  return (
    <section className="ops-content__list" aria-labelledby={`${filterId}-title`}>
      <header className="operator-queue__header ops-content__header">
        <div>
          <h2 id={`${filterId}-title`}>{title}</h2>
          <p className="operator-queue__lead">{t(`kinds.${kind.id}.lead`)}</p>
        </div>
        {canWrite ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setDone(null);
              setChosen({ action: 'create' });
            }}
          >
            {t(`kinds.${kind.id}.new`)}
          </button>
        ) : null}
      </header>
      {kind.publishing || kind.types ? (
        <div className="operator-queue__filters">
          {kind.publishing ? (
            <>
              <label htmlFor={`${filterId}-status`}>{t('list.status')}</label>
              <select
                id={`${filterId}-status`}
                className="form-field__input operator-queue__select"
                value={status ?? all}
                onChange={(event) => update({ status: event.target.value })}
              >
                <option value={all}>{t('list.allStatuses')}</option>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {t(`status.${value}`)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          {kind.types ? (
            <>
              <label htmlFor={`${filterId}-type`}>{t('fields.contentType')}</label>
              <select
                id={`${filterId}-type`}
                className="form-field__input operator-queue__select"
                value={type ?? all}
                onChange={(event) => update({ type: event.target.value })}
              >
                <option value={all}>{t('list.allTypes')}</option>
                {kind.types.map((value) => (
                  <option key={value} value={value}>
                    {t(`options.contentType.${value}`)}
                  </option>
                ))}
              </select>
            </>
          ) : null}
        </div>
      ) : null}
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      <DataTable
        caption={title}
        columns={columns}
        rows={data?.items}
        rowKey={kind.rowKey}
        refreshing={list.isFetching}
        states={tableStates(list, errorText, { title: t('list.empty'), icon: 'info' })}
        paging={
          kind.paged ? { page, totalPages, onPage: (next) => update({ page: String(next) }) } : undefined
        }
      />
      {chosen?.action === 'create' || chosen?.action === 'edit' ? (
        <ContentFormDialog
          kind={kind}
          row={chosen.action === 'edit' ? chosen.row : null}
          onClose={() => setChosen(null)}
          onSaved={() => {
            setChosen(null);
            setDone(t('list.saved'));
          }}
        />
      ) : null}
      {confirmed ? (
        <ChangeConfirmDialog
          title={t(`confirm.${confirmed.action}.title`)}
          question={t(`confirm.${confirmed.action}.question`, { title: kind.rowTitle(confirmed.row) })}
          confirmLabel={t(`actions.${confirmed.action}`)}
          danger={confirmed.action !== 'publish'}
          pending={change.isPending}
          error={change.isError ? errorText(change.error) : null}
          onCancel={() => setChosen(null)}
          onConfirm={() =>
            change.mutate(confirmed, {
              onSuccess: () => {
                setChosen(null);
                setDone(t(`confirm.${confirmed.action}.done`, { title: kind.rowTitle(confirmed.row) }));
              },
            })
          }
        />
      ) : null}
    </section>
  );
}
