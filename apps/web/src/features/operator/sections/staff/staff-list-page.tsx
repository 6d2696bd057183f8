import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OperatorRole, StaffMember, StaffQuery } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../../../components/ui/data-table';
import { Field, FieldFrame, FormMessage } from '../../../../components/ui/form';
import { htmlLangOf } from '../../../../i18n';
import type { OperatorAccount } from '../../api/operator-session';
import { useOperatorErrorText } from '../../api/queue-queries';
import { formatTime } from '../../model/format';
import { StaffDialog, type StaffDialogState } from './staff-dialogs';
import { useStaffPage } from './staff-queries';
import { staffRoles } from './staff-rules';

const pageSize = 20;
const sorts = ['username', 'role', 'lastLoginAt', 'createdAt'] as const;
type Sort = (typeof sorts)[number];

/** The list's query from the address (page, filters, sort), invalid values dropped. */
function queryOf(
  search: URLSearchParams,
): StaffQuery & { page: number; sort: Sort; direction: 'asc' | 'desc' } {
  const page = Number(search.get('page'));
  const role = search.get('role');
  const status = search.get('status');
  const sort = search.get('sort');
  const text = search.get('search')?.trim();
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    pageSize,
    ...(text ? { search: text.slice(0, 32) } : {}),
    ...(staffRoles.some((candidate) => candidate === role) ? { role: role as OperatorRole } : {}),
    ...(status === 'enabled' || status === 'disabled' ? { status } : {}),
    sort: sorts.find((candidate) => candidate === sort) ?? 'username',
    direction: search.get('direction') === 'desc' ? 'desc' : 'asc',
  };
}

/** The owner's staff list: server paging, filters and sort (in the address), and a dialog per action. */
export function StaffListPage({ account }: { account: OperatorAccount }) {
  const { t, i18n } = useTranslation(['ops-staff', 'operator']);
  const errorText = useOperatorErrorText();
  const [search, setSearch] = useSearchParams();
  const query = queryOf(search);
  const list = useStaffPage(query);
  const [dialog, setDialog] = useState<StaffDialogState | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [text, setText] = useState(query.search ?? '');
  const locale = htmlLangOf(i18n.language);

  const setParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };
  const applySearch = (event: FormEvent) => {
    event.preventDefault();
    setParams({ search: text.trim() });
  };

  const actionButton = (
    member: StaffMember,
    kind: 'role' | 'disabled' | 'password' | 'totp',
    label: string,
  ) => (
    <button
      type="button"
      className="button button--ghost staff-actions__button"
      aria-label={t('actions.for', { action: label, username: member.username })}
      onClick={() => {
        setNotice(null);
        setDialog({ kind, member });
      }}
    >
      {label}
    </button>
  );

  const columns: DataColumn<StaffMember>[] = [
    {
      id: 'username',
      header: t('columns.username'),
      sortKey: 'username',
      cell: (row) => (row.id === account.id ? t('you', { username: row.username }) : row.username),
    },
    {
      id: 'role',
      header: t('columns.role'),
      sortKey: 'role',
      cell: (row) => t(`operator:roles.${row.role}`),
    },
    {
      id: 'totp',
      header: t('columns.totp'),
      cell: (row) => (row.totpEnrolled ? t('totp.on') : t('totp.off')),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <>
          <span className={`staff-status staff-status--${row.disabled ? 'off' : 'on'}`}>
            {row.disabled ? t('status.disabled') : t('status.enabled')}
          </span>
          {row.mustChangePassword ? (
            <span className="staff-status__note">{t('status.mustChange')}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'lastLogin',
      header: t('columns.lastLogin'),
      sortKey: 'lastLoginAt',
      cell: (row) =>
        row.lastLoginAt
          ? t('lastLogin', { time: formatTime(row.lastLoginAt, locale), ip: row.lastLoginIp ?? '—' })
          : t('never'),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      cell: (row) => (
        <div className="staff-actions">
          {actionButton(row, 'role', t('actions.role'))}
          {actionButton(row, 'disabled', row.disabled ? t('actions.enable') : t('actions.disable'))}
          {actionButton(row, 'password', t('actions.password'))}
          {actionButton(row, 'totp', t('actions.totp'))}
        </div>
      ),
    },
  ];

  const data = list.data;
  return (
    <>
      <div className="staff-toolbar">
        <form
          className="operator-queue__filters staff-filters"
          onSubmit={applySearch}
          aria-label={t('filters.label')}
        >
          <Field label={t('filters.search')} value={text} onValueChange={setText} maxLength={32} />
          <FieldFrame label={t('filters.role')}>
            {(control) => (
              <select
                {...control}
                className="form-field__input operator-queue__select"
                value={query.role ?? ''}
                onChange={(event) => setParams({ role: event.target.value })}
              >
                <option value="">{t('filters.any')}</option>
                {staffRoles.map((role) => (
                  <option key={role} value={role}>
                    {t(`operator:roles.${role}`)}
                  </option>
                ))}
              </select>
            )}
          </FieldFrame>
          <FieldFrame label={t('filters.status')}>
            {(control) => (
              <select
                {...control}
                className="form-field__input operator-queue__select"
                value={query.status ?? ''}
                onChange={(event) => setParams({ status: event.target.value })}
              >
                <option value="">{t('filters.any')}</option>
                <option value="enabled">{t('filters.enabled')}</option>
                <option value="disabled">{t('filters.disabled')}</option>
              </select>
            )}
          </FieldFrame>
          <button type="submit" className="button button--secondary">
            {t('filters.apply')}
          </button>
        </form>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setNotice(null);
            setDialog({ kind: 'create' });
          }}
        >
          {t('create.open')}
        </button>
      </div>
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={data?.items}
        rowKey={(row) => String(row.id)}
        refreshing={list.isFetching && !list.isLoading}
        states={{
          loading: list.isLoading,
          error: list.isError ? { message: errorText(list.error), onRetry: () => void list.refetch() } : null,
          empty: { title: t('empty.title'), text: t('empty.text') },
        }}
        sorting={{
          key: query.sort,
          order: query.direction,
          onSort: (key) =>
            setParams({
              sort: key,
              direction: key === query.sort && query.direction === 'asc' ? 'desc' : 'asc',
            }),
        }}
        paging={
          data && data.total > pageSize
            ? {
                page: query.page,
                totalPages: Math.ceil(data.total / pageSize),
                onPage: (page) => setParams({ page: String(page) }),
              }
            : undefined
        }
      />
      {dialog ? (
        <StaffDialog
          state={dialog}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            setDialog(null);
            setNotice(message);
          }}
        />
      ) : null}
    </>
  );
}
