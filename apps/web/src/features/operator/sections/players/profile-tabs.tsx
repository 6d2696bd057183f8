import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceAdjustment, BetRecord, PlayerSession, Page, WalletMovement } from '@portal/contracts';
import { DataTable, type DataColumn } from '../../../../components/ui/data-table';
import { htmlLangOf } from '../../../../i18n';
import type { SendCall } from '../../../../lib/api';
import { opsPlayerCalls } from '../../api/operator-calls';
import { useOperatorApi } from '../../api/operator-api-context';
import { operatorQueryKey, useOperatorErrorText } from '../../api/queue-queries';
import { StatusBadge } from '../../components/status-badge';
import { formatTime } from '../../model/format';

const tabs = ['money', 'bets', 'sessions', 'adjustments'] as const;
type Tab = (typeof tabs)[number];
const pageSize = 20;

/** How one tab reads its page and shows its rows. */
interface TabTable<Row extends RowData> {
  read: (api: SendCall, memberId: string, page: number, signal: AbortSignal) => Promise<Page<Row>>;
  rowKey: (row: Row) => string;
  columns: (t: (key: string) => string, locale: string) => DataColumn<Row>[];
}

const money: TabTable<WalletMovement> = {
  // The last 30 days (the history reads' widest preset); older months through the reports.
  read: (api, id, page, signal) =>
    api(opsPlayerCalls.opsPlayerMoney, {
      params: { id },
      query: { preset: 'last30', page, pageSize },
      signal,
    }),
  rowKey: (row) => row.id,
  columns: (t, locale) => [
    { id: 'time', header: t('columns.time'), cell: (row) => formatTime(row.time, locale) },
    { id: 'type', header: t('columns.movement'), cell: (row) => row.type },
    { id: 'wallet', header: t('columns.wallet'), cell: (row) => row.wallet || t('profile.mainWallet') },
    { id: 'amount', header: t('columns.amount'), numeric: true, cell: (row) => row.amount },
  ],
};

const bets: TabTable<BetRecord> = {
  read: (api, id, page, signal) =>
    api(opsPlayerCalls.opsPlayerBets, {
      params: { id },
      query: { preset: 'last30', page, pageSize },
      signal,
    }),
  rowKey: (row) => `${row.vendorCode}:${row.roundId}`,
  columns: (t, locale) => [
    { id: 'time', header: t('columns.time'), cell: (row) => formatTime(row.startedAt, locale) },
    { id: 'game', header: t('columns.game'), cell: (row) => `${row.vendorCode} · ${row.gameCode}` },
    { id: 'bet', header: t('columns.bet'), numeric: true, cell: (row) => row.bet },
    { id: 'win', header: t('columns.win'), numeric: true, cell: (row) => row.win },
    { id: 'profit', header: t('columns.profit'), numeric: true, cell: (row) => row.profit },
    { id: 'status', header: t('columns.status'), cell: (row) => row.status },
  ],
};

const sessions: TabTable<PlayerSession> = {
  read: (api, id, page, signal) =>
    api(opsPlayerCalls.opsPlayerSessions, { params: { id }, query: { page, pageSize }, signal }),
  rowKey: (row) => row.id,
  columns: (t, locale) => [
    { id: 'time', header: t('columns.loginAt'), cell: (row) => formatTime(row.createdAt, locale) },
    { id: 'ip', header: t('columns.ip'), cell: (row) => row.ip ?? '—' },
    {
      id: 'device',
      header: t('columns.device'),
      cell: (row) => (
        <span title={row.userAgent ?? undefined}>
          {[row.browser, row.os].filter(Boolean).join(' · ') || '—'} ({t(`devices.${row.device}`)})
        </span>
      ),
    },
    { id: 'method', header: t('columns.method'), cell: (row) => row.loginMethod },
    { id: 'lastSeen', header: t('columns.lastSeen'), cell: (row) => formatTime(row.lastSeenAt, locale) },
    { id: 'state', header: t('columns.state'), cell: (row) => t(`sessionStates.${row.state}`) },
  ],
};

const adjustments: TabTable<BalanceAdjustment> = {
  read: (api, memberId, page, signal) =>
    api(opsPlayerCalls.opsAdjustments, { query: { memberId, page, pageSize }, signal }),
  rowKey: (row) => row.id,
  columns: (t, locale) => [
    { id: 'time', header: t('columns.time'), cell: (row) => formatTime(row.createdAt, locale) },
    {
      id: 'amount',
      header: t('columns.amount'),
      numeric: true,
      cell: (row) => (row.direction === 'debit' ? `-${row.amount}` : `+${row.amount}`),
    },
    { id: 'reason', header: t('columns.reason'), cell: (row) => row.reason },
    { id: 'requestedBy', header: t('columns.requestedBy'), cell: (row) => row.requestedBy },
    { id: 'decidedBy', header: t('columns.decidedBy'), cell: (row) => row.decidedBy ?? '—' },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (row) => <StatusBadge status={row.status} reason={row.decisionNote} />,
    },
  ],
};

function TabPanel<Row extends RowData>({
  table,
  memberId,
  label,
}: {
  table: TabTable<Row>;
  memberId: string;
  label: string;
}) {
  const { t, i18n } = useTranslation('ops-players');
  const api = useOperatorApi();
  const errorText = useOperatorErrorText();
  const [page, setPage] = useState(1);
  const read = useQuery({
    queryKey: [...operatorQueryKey, 'player', memberId, label, page],
    queryFn: ({ signal }) => table.read(api, memberId, page, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
  const data = read.data;
  return (
    <DataTable
      caption={label}
      columns={table.columns(t, htmlLangOf(i18n.language))}
      rows={data?.items}
      rowKey={table.rowKey}
      refreshing={read.isFetching && !read.isLoading}
      states={{
        loading: read.isLoading,
        error: read.isError ? { message: errorText(read.error), onRetry: () => void read.refetch() } : null,
        empty: { title: t('tabs.empty') },
      }}
      paging={
        data && data.total > pageSize
          ? { page, totalPages: Math.ceil(data.total / pageSize), onPage: setPage }
          : undefined
      }
    />
  );
}

/** The account's history in tabs (arrow keys move between them): money, bets, sessions, adjustments. */
export function ProfileTabs({ memberId }: { memberId: string }) {
  const { t } = useTranslation('ops-players');
  const [tab, setTab] = useState<Tab>('money');
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!;
    setTab(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  const label = t(`tabs.${tab}`);
  return (
    <section className="ops-players__tabs">
      <div role="tablist" aria-label={t('tabs.label')} className="ops-players__tablist">
        {tabs.map((value) => (
          <button
            key={value}
            id={`${id}-${value}`}
            type="button"
            role="tab"
            aria-selected={tab === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab === value ? 0 : -1}
            className={`button ${tab === value ? 'button--primary' : 'button--ghost'}`}
            onClick={() => setTab(value)}
            onKeyDown={onKeyDown}
          >
            {t(`tabs.${value}`)}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === 'money' ? <TabPanel key="money" table={money} memberId={memberId} label={label} /> : null}
        {tab === 'bets' ? <TabPanel key="bets" table={bets} memberId={memberId} label={label} /> : null}
        {tab === 'sessions' ? (
          <TabPanel key="sessions" table={sessions} memberId={memberId} label={label} />
        ) : null}
        {tab === 'adjustments' ? (
          <TabPanel key="adjustments" table={adjustments} memberId={memberId} label={label} />
        ) : null}
      </div>
    </section>
  );
}
