import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { OperatorRole, PlayerSearchKey, PlayerSummary } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../../../components/ui/data-table';
import { Field, FieldFrame } from '../../../../components/ui/form';
import { htmlLangOf } from '../../../../i18n';
import { opsPlayerCalls } from '../../api/operator-calls';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';
import { StatusBadge } from '../../components/status-badge';
import { formatTime } from '../../model/format';
import { TopAgentButton } from './player-actions';
import { playerRoleMay, typeKey } from './player-roles';

const pageSize = 20;
const keys: readonly PlayerSearchKey[] = ['account', 'mobile', 'email', 'ip', 'affiliate'];
const kinds = ['all', 'players', 'agents'] as const;
type Kind = (typeof kinds)[number];

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((candidate) => candidate === value) ?? fallback;
}

/**
 * The search: by account, mobile, e-mail, login address or affiliate code, players or agents, sorted and
 * paged by the server. The query lives in the address, so a reload or a shared link keeps it.
 */
export function SearchPage({ role }: { role: OperatorRole }) {
  const { t, i18n } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [search, setSearch] = useSearchParams();
  const key = pick(search.get('key'), keys, 'account');
  const kind = pick<Kind>(search.get('kind'), kinds, 'all');
  const sort = pick(search.get('sort'), ['createdAt', 'account'] as const, 'createdAt');
  const order = pick(search.get('order'), ['asc', 'desc'] as const, 'desc');
  const q = search.get('q') ?? '';
  const page = readPage(search.get('page'));
  const [keyInput, setKeyInput] = useState<PlayerSearchKey>(key);
  const [termInput, setTermInput] = useState(q);
  const [kindInput, setKindInput] = useState<Kind>(kind);
  const locale = htmlLangOf(i18n.language);

  const list = useQuery({
    queryKey: [...operatorQueryKey, 'players', key, q, kind, sort, order, page],
    queryFn: ({ signal }) =>
      api(opsPlayerCalls.opsPlayers, { query: { key, q, kind, sort, order, page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    next.set('key', keyInput);
    if (termInput.trim()) next.set('q', termInput.trim());
    if (kindInput !== 'all') next.set('kind', kindInput);
    setSearch(next);
  };
  const setParam = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) next.set(name, value);
    setSearch(next);
  };

  const columns: DataColumn<PlayerSummary>[] = [
    {
      id: 'account',
      header: t('columns.account'),
      sortKey: 'account',
      cell: (row) => <Link to={`/operator/players/${row.id}`}>{row.account}</Link>,
    },
    { id: 'type', header: t('columns.type'), cell: (row) => t(typeKey(row.type)) },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (row) => <StatusBadge status={row.status === 'active' ? 'active' : 'locked'} />,
    },
    { id: 'mobile', header: t('columns.mobile'), cell: (row) => row.mobile ?? '—' },
    { id: 'email', header: t('columns.email'), cell: (row) => row.email ?? '—' },
    { id: 'upline', header: t('columns.upline'), cell: (row) => row.uplineAccount ?? '—' },
    { id: 'vip', header: t('columns.vip'), numeric: true, cell: (row) => row.vipLevel },
    {
      id: 'createdAt',
      header: t('columns.createdAt'),
      sortKey: 'createdAt',
      cell: (row) => formatTime(row.createdAt, locale),
    },
    { id: 'lastLogin', header: t('columns.lastLogin'), cell: (row) => formatTime(row.lastLoginAt, locale) },
  ];

  const data = list.data;
  return (
    <section aria-labelledby="players-search-title">
      <div className="ops-players__head">
        <h1 id="players-search-title">{t('nav.title')}</h1>
        {playerRoleMay(role, 'place') ? <TopAgentButton /> : null}
      </div>
      <p className="operator-queue__lead">{t('search.lead')}</p>
      <form className="operator-queue__filters ops-players__search" onSubmit={submit} role="search">
        <FieldFrame label={t('search.key')}>
          {(control) => (
            <select
              {...control}
              className="form-field__input"
              value={keyInput}
              onChange={(event) => setKeyInput(event.target.value as PlayerSearchKey)}
            >
              {keys.map((value) => (
                <option key={value} value={value}>
                  {t(`search.keys.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <Field
          label={t('search.term')}
          hint={t(`search.hints.${keyInput}`)}
          value={termInput}
          onValueChange={setTermInput}
          maxLength={120}
          autoComplete="off"
        />
        <FieldFrame label={t('search.kind')}>
          {(control) => (
            <select
              {...control}
              className="form-field__input"
              value={kindInput}
              onChange={(event) => setKindInput(event.target.value as Kind)}
            >
              {kinds.map((value) => (
                <option key={value} value={value}>
                  {t(`search.kinds.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <button type="submit" className="button button--primary">
          {t('search.submit')}
        </button>
      </form>
      <DataTable
        caption={t('search.caption')}
        columns={columns}
        rows={data?.items}
        rowKey={(row) => row.id}
        refreshing={list.isFetching && !list.isLoading}
        sorting={{
          key: sort,
          order,
          onSort: (next) =>
            setParam({ sort: next, order: next === sort && order === 'desc' ? 'asc' : 'desc', page: '1' }),
        }}
        states={{
          loading: list.isLoading,
          error: list.isError ? { message: errorText(list.error), onRetry: () => void list.refetch() } : null,
          empty: { title: t('search.empty'), text: t('search.emptyText') },
        }}
        paging={
          data && data.total > pageSize
            ? {
                page,
                totalPages: Math.ceil(data.total / pageSize),
                onPage: (next) => setParam({ page: String(next) }),
              }
            : undefined
        }
      />
    </section>
  );
}
