import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditChange, AuditEntry, AuditVerification } from '@portal/contracts';
import { opsAuditCalls } from '@portal/contracts/calls/ops';
import { DataTable, type DataColumn } from '../../../../components/ui/data-table';
import { Field } from '../../../../components/ui/form';
import { htmlLangOf } from '../../../../i18n';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';
import { useOperatorApi } from '../../api/operator-api-context';
import { formatTime } from '../../model/format';
import type { SectionPageProps } from '../../sections';
import './audit.css';

const pageSize = 50;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The keys a change touched: every key for an insert or a delete, the differing ones for an update. */
function changedKeys(change: AuditChange): string[] {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (change.op !== 'update') return keys;
  return keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

function shown(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What one action changed: per row, its table and the fields before and after. */
function ChangeList({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('ops-audit');
  if (entry.changes.length === 0) return <p>{t('changes.none')}</p>;
  return (
    <div className="audit-changes">
      {entry.changes.map((change, index) => (
        <table key={index} className="audit-change">
          <caption>
            {t(`changes.op.${change.op}`)} · <code>{change.table}</code>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('changes.field')}</th>
              <th scope="col">{t('changes.before')}</th>
              <th scope="col">{t('changes.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changedKeys(change).map((key) => (
              <tr key={key}>
                <th scope="row">
                  <code>{key}</code>
                </th>
                <td>{shown(change.before?.[key])}</td>
                <td>{shown(change.after?.[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {entry.changeCount > entry.changes.length ? (
        <p>{t('changes.more', { count: entry.changeCount - entry.changes.length })}</p>
      ) : null}
    </div>
  );
}

/** The chain's state: checked on request (it reads every row), a break named by its row and reason. */
function VerifyPanel() {
  const { t } = useTranslation('ops-audit');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const verify = useQuery({
    queryKey: [...operatorQueryKey, 'audit', 'verify'],
    queryFn: ({ signal }) => api(opsAuditCalls.opsAuditVerify, { signal }),
    enabled: false,
    retry: false,
  });
  const result: AuditVerification | undefined = verify.data;
  return (
    <section className="audit-verify" aria-labelledby="audit-verify-title">
      <h2 id="audit-verify-title">{t('verify.title')}</h2>
      <p>{t('verify.lead')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => void verify.refetch()}
        disabled={verify.isFetching}
      >
        {verify.isFetching ? t('verify.running') : t('verify.run')}
      </button>
      <div aria-live="polite">
        {verify.isError ? <p className="audit-verify__broken">{errorText(verify.error)}</p> : null}
        {result && !verify.isFetching ? (
          result.intact ? (
            <p className="audit-verify__intact">{t('verify.intact', { count: result.checked })}</p>
          ) : (
            <p className="audit-verify__broken" role="alert">
              {t('verify.broken', {
                seq: result.brokenAt?.seq,
                reason: t(`verify.reasons.${result.brokenAt?.reason ?? 'hash_mismatch'}`),
                count: result.checked,
              })}
            </p>
          )
        ) : null}
      </div>
    </section>
  );
}

/**
 * The audit log (owner, risk): every staff write, newest first, filtered by operator and action, each
 * row opening onto what it changed; and the verification of the hash chain, which names a break.
 */
export default function AuditSection(_props: SectionPageProps) {
  const { t, i18n } = useTranslation('ops-audit');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [search, setSearch] = useSearchParams();
  const page = readPage(search.get('page'));
  const operator = search.get('operator') ?? '';
  const action = search.get('action') ?? '';
  const [open, setOpen] = useState<string | null>(null);
  const [operatorInput, setOperatorInput] = useState(operator);
  const [actionInput, setActionInput] = useState(action);
  const locale = htmlLangOf(i18n.language);

  const list = useQuery({
    queryKey: [...operatorQueryKey, 'audit', page, operator, action],
    queryFn: ({ signal }) =>
      api(opsAuditCalls.opsAuditLog, {
        query: { page, pageSize, ...(operator ? { operator } : {}), ...(action ? { action } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    const chosenOperator = operatorInput.trim();
    const chosenAction = actionInput.trim();
    if (chosenOperator) next.set('operator', chosenOperator);
    if (chosenAction) next.set('action', chosenAction);
    setSearch(next);
  };

  const columns: DataColumn<AuditEntry>[] = [
    { id: 'seq', header: t('columns.seq'), cell: (row) => row.seq, numeric: true },
    { id: 'at', header: t('columns.at'), cell: (row) => formatTime(row.at, locale) },
    { id: 'operator', header: t('columns.operator'), cell: (row) => row.operatorName },
    { id: 'ip', header: t('columns.ip'), cell: (row) => row.ip ?? '—' },
    { id: 'action', header: t('columns.action'), cell: (row) => <code>{row.action}</code> },
    {
      id: 'target',
      header: t('columns.target'),
      cell: (row) => (Object.keys(row.target).length > 0 ? JSON.stringify(row.target) : '—'),
    },
    {
      id: 'outcome',
      header: t('columns.outcome'),
      cell: (row) => (
        <span className={`audit-outcome audit-outcome--${row.outcome === 'ok' ? 'ok' : 'refused'}`}>
          {row.outcome === 'ok' ? t('outcome.ok') : row.outcome}
        </span>
      ),
    },
    {
      id: 'changes',
      header: t('columns.changes'),
      numeric: true,
      cell: (row) => (
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={open === row.id}
          onClick={() => setOpen(open === row.id ? null : row.id)}
        >
          {t('columns.showChanges', { count: row.changeCount })}
        </button>
      ),
    },
  ];

  const data = list.data;
  const opened = data?.items.find((row) => row.id === open);
  return (
    <div className="operator-queue audit-section">
      <h1>{t('title')}</h1>
      <p className="operator-queue__lead">{t('lead')}</p>
      <VerifyPanel />
      <form
        className="operator-queue__filters audit-filters"
        onSubmit={applyFilters}
        aria-label={t('filters.label')}
      >
        <Field
          label={t('filters.operator')}
          value={operatorInput}
          onValueChange={setOperatorInput}
          maxLength={64}
        />
        <Field
          label={t('filters.action')}
          hint={t('filters.actionHint')}
          value={actionInput}
          onValueChange={setActionInput}
          maxLength={64}
          pattern="[A-Za-z][A-Za-z0-9]*"
        />
        <button type="submit" className="button button--secondary">
          {t('filters.apply')}
        </button>
      </form>
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={data?.items}
        rowKey={(row) => row.id}
        refreshing={list.isFetching && !list.isLoading}
        states={{
          loading: list.isLoading,
          error: list.isError ? { message: errorText(list.error), onRetry: () => void list.refetch() } : null,
          empty: { title: t('empty.title'), text: t('empty.text') },
        }}
        paging={
          data && data.total > pageSize
            ? {
                page,
                totalPages: Math.ceil(data.total / pageSize),
                onPage: (next) => {
                  const params = new URLSearchParams(search);
                  params.set('page', String(next));
                  setSearch(params);
                },
              }
            : undefined
        }
      />
      {opened ? (
        <section className="audit-detail" aria-label={t('changes.title', { seq: opened.seq })}>
          <h2>{t('changes.title', { seq: opened.seq })}</h2>
          <ChangeList entry={opened} />
          <p className="audit-detail__hash">
            {t('changes.hash')} <code>{opened.hash}</code>
          </p>
        </section>
      ) : null}
    </div>
  );
}
