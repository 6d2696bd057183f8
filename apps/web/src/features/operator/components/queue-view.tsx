import { useId, useMemo, useState } from 'react';
import type { RowData } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OperatorRole } from '@portal/contracts';
import { DataTable, type DataColumn, tableStates } from '../../../components/ui/data-table';
import { FormMessage } from '../../../components/ui/form';
import { htmlLangOf } from '../../../i18n';
import { useOperatorErrorText, useQueueAction, useQueuePage } from '../api/queue-queries';
import { roleMay } from '../model/permissions';
import { allowedActions, queuePageSize, type QueueAction, type QueueDefinition } from '../model/queue';
import { ConfirmActionDialog } from './confirm-action-dialog';

/** The filter value that lists every status. */
const allStatuses = 'all';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

interface Chosen<Row> {
  action: QueueAction<Row>;
  row: Row;
}

/**
 * The one queue component: a queue's rows paged and filtered by the server (status and page live in the
 * address, so a reload or a shared link keeps them), the row buttons the operator's role may use, a
 * confirm dialog before each action, and every console read refreshed after it.
 */
export function QueueView<Row extends RowData, Status extends string>({
  definition,
  role,
}: {
  definition: QueueDefinition<Row, Status>;
  role: OperatorRole;
}) {
  const { t, i18n } = useTranslation('operator');
  const [search, setSearch] = useSearchParams();
  const statusParam = search.get('status');
  const status =
    statusParam === allStatuses
      ? undefined
      : (definition.statuses.find((value) => value === statusParam) ?? definition.statuses[0]);
  const page = readPage(search.get('page'));
  const list = useQueuePage(definition, { page, pageSize: queuePageSize, status });
  const mutation = useQueueAction<Row>();
  const errorText = useOperatorErrorText();
  const [chosen, setChosen] = useState<Chosen<Row> | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const filterId = useId();
  const locale = htmlLangOf(i18n.language);

  const columns = useMemo((): DataColumn<Row>[] => {
    const actionsColumn: DataColumn<Row> = {
      id: 'actions',
      header: t('queue.columns.actions'),
      cell: (row) => {
        const actions = allowedActions(definition, row, role, roleMay);
        if (actions.length === 0) return '—';
        return (
          <span className="operator-actions">
            {actions.map((action) => (
              <button
                key={action.id}
                type="button"
                className={`button button--${action.tone === 'primary' ? 'primary' : 'secondary'} operator-actions__${action.tone}`}
                onClick={() => {
                  mutation.reset();
                  setChosen({ action, row });
                }}
              >
                {t(action.labelKey)}
              </button>
            ))}
          </span>
        );
      },
    };
    return [...definition.columns(t, locale), actionsColumn];
    // The mutation object changes each render; only its stable reset is used in the cells.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [definition, role, t, locale]);

  const update = (changes: { status?: string; page?: number }) => {
    const next = new URLSearchParams(search);
    if (changes.status !== undefined) next.set('status', changes.status);
    next.set('page', String(changes.page ?? 1));
    setSearch(next, { replace: true });
  };

  const confirm = (reason: string) => {
    if (!chosen) return;
    const label = t(chosen.action.labelKey);
    const subject = definition.describe(chosen.row).account;
    mutation.mutate(
      { ...chosen, reason },
      {
        onSuccess: () => {
          setChosen(null);
          setDone(t('queue.done', { action: label, account: subject }));
        },
      },
    );
  };

  const data = list.data;
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="operator-queue" aria-labelledby={`${filterId}-title`}>
      <header className="operator-queue__header">
        <h1 id={`${filterId}-title`}>{t(`queues.${definition.id}.title`)}</h1>
        <p className="operator-queue__lead">{t(`queues.${definition.id}.lead`)}</p>
      </header>
      {definition.statuses.length > 0 ? (
        <div className="operator-queue__filters">
          <label htmlFor={filterId}>{t('queue.statusFilter')}</label>
          <select
            id={filterId}
            className="form-field__input operator-queue__select"
            value={status ?? allStatuses}
            onChange={(event) => update({ status: event.target.value })}
          >
            {definition.statuses.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`, { defaultValue: value })}
              </option>
            ))}
            <option value={allStatuses}>{t('queue.allStatuses')}</option>
          </select>
        </div>
      ) : null}
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      <DataTable
        caption={t(`queues.${definition.id}.title`)}
        columns={columns}
        rows={data?.items}
        rowKey={definition.rowKey}
        refreshing={list.isFetching}
        states={tableStates(list, errorText, { title: t('queue.empty'), icon: 'check' })}
        paging={{ page, totalPages, onPage: (next) => update({ page: next }) }}
      />
      {chosen ? (
        <ConfirmActionDialog
          labelKey={chosen.action.labelKey}
          money={chosen.action.money}
          reason={chosen.action.reason}
          reasonLabelKey={chosen.action.reasonLabelKey}
          reasonMaxLength={chosen.action.reasonMaxLength}
          subject={definition.describe(chosen.row)}
          pending={mutation.isPending}
          error={mutation.isError ? errorText(mutation.error) : null}
          onConfirm={confirm}
          onCancel={() => setChosen(null)}
        />
      ) : null}
    </section>
  );
}
