import type { AgentContract, Currency, Downline, DownlineSort } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { agentCalls } from '../api/agent-calls';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { agentQueryKeys, useDownlinePage } from '../api/agent-queries';
import { useContractFlags, useContracts } from '../api/contract-queries';
import { FormMessage } from '../../../components/ui/form';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { LiveContracts } from '../components/contract-summary';
import { ContractModal } from '../components/contract-modal';
import { CsvButton } from '../components/csv-button';
import { DownlineSearchForm, DownlineSortSelect } from '../components/downline-filters';
import { useErrorText } from '../components/error-text';
import { PeriodPicker } from '../components/period-picker';
import { ResultCount, tableStates } from '../components/query-state';
import { TeamBreadcrumbs } from '../components/team-breadcrumbs';
import { contractAgentTypes, downlineSorts } from '../model/contract-lists';
import { enabledKinds } from '../model/contract-view';
import { downlineQueryOf, firstOrder, type DownlineFilters } from '../model/downline-search';
import { formatCount, formatDate, formatTime, moneyFormat, type MoneyFormat } from '../model/format';
import { periodFromSearch, periodSearch } from '../model/period';
import { pagingOf } from '../model/totals';
import { searchWith, usePageSearch } from '../model/use-page-search';
import '../../../styles/money-pages.css';
import '../agent-pages.css';

/** A direct downline the caller may pay, as the payments feature's transfer form takes it. */
export interface TransferTarget {
  id: number;
  account: string;
  nickname: string | null;
}

/** Renders the transfer form for one downline (composed by the app layer from the payments feature). */
export type RenderTransfer = (target: TransferTarget, onDone: () => void) => ReactNode;

const drillReset = { account: null, type: null, status: null, level: null, pageNo: null };

function isSortKey(value: string): value is DownlineSort {
  return downlineSorts.some((sort) => sort === value);
}

interface ColumnContext {
  t: TFunction<'agent'>;
  language: string;
  money: MoneyFormat;
  search: URLSearchParams;
  canTransfer: (row: Downline) => boolean;
  onTransfer: (row: Downline) => void;
  /** A direct downline agent's live contracts with the caller; null when contracts do not apply to the row. */
  contractsOf: ((row: Downline) => AgentContract[] | null) | null;
  /** The live contracts are still being read. */
  contractsLoading: boolean;
  onOffer: (row: Downline) => void;
}

/** The downline table's columns: an agent with a team opens it; a direct downline can be paid. */
function downlineColumns({
  t,
  language,
  money,
  search,
  canTransfer,
  onTransfer,
  contractsOf,
  contractsLoading,
  onOffer,
}: ColumnContext): DataColumn<Downline>[] {
  const contractColumn: DataColumn<Downline> = {
    id: 'contracts',
    header: t('agent.downlines.columns.contracts'),
    cell: (row) => {
      const contracts = contractsOf?.(row);
      if (!contracts) return null;
      return contractsLoading ? <span aria-busy="true">…</span> : <LiveContracts contracts={contracts} />;
    },
  };
  return [
    {
      id: 'account',
      header: t('agent.downlines.columns.account'),
      sortKey: 'account',
      cell: (row) =>
        row.isAgent && row.teamSize > 0 ? (
          <Link to={{ search: searchWith(search, { ...drillReset, parentId: row.id }) }}>
            {row.account}
            <span className="visually-hidden"> {t('agent.downlines.openTeam', { count: row.teamSize })}</span>
          </Link>
        ) : (
          row.account
        ),
    },
    { id: 'nickname', header: t('agent.downlines.columns.nickname'), cell: (row) => row.nickname ?? '—' },
    {
      id: 'type',
      header: t('agent.downlines.columns.type'),
      cell: (row) => (
        <>
          {t(`agent.types.${row.type}`, { defaultValue: String(row.type) })}
          {row.status === 'disabled' ? (
            <span className="badge badge--failed">{t('agent.status.disabled')}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'level',
      header: t('agent.downlines.columns.level'),
      sortKey: 'level',
      numeric: true,
      cell: (row) => formatCount(row.level, language),
    },
    {
      id: 'registeredAt',
      header: t('agent.downlines.columns.registeredAt'),
      sortKey: 'registeredAt',
      cell: (row) => formatDate(row.registeredAt, language),
    },
    {
      id: 'lastLoginAt',
      header: t('agent.downlines.columns.lastLoginAt'),
      sortKey: 'lastLoginAt',
      cell: (row) => (row.lastLoginAt ? formatTime(row.lastLoginAt, language) : t('agent.downlines.never')),
    },
    {
      id: 'balance',
      header: t('agent.downlines.columns.balance'),
      numeric: true,
      cell: (row) => money(row.balance),
    },
    {
      id: 'teamSize',
      header: t('agent.downlines.columns.teamSize'),
      numeric: true,
      cell: (row) => formatCount(row.teamSize, language),
    },
    {
      id: 'validBet',
      header: t('agent.downlines.columns.validBet'),
      sortKey: 'validBet',
      numeric: true,
      cell: (row) => money(row.validBet),
    },
    ...(contractsOf ? [contractColumn] : []),
    {
      id: 'actions',
      header: t('agent.downlines.columns.actions'),
      cell: (row) => (
        <span className="agent-row-actions">
          {canTransfer(row) ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => onTransfer(row)}
              aria-label={t('agent.downlines.transferTo', { account: row.account })}
            >
              {t('agent.downlines.transfer')}
            </button>
          ) : null}
          {contractsOf?.(row) ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => onOffer(row)}
              aria-label={t('agent.downlines.offerContractTo', { account: row.account })}
            >
              {t('agent.downlines.offerContract')}
            </button>
          ) : null}
          <Link
            className="button button--ghost button--small"
            to={{ search: `?page=agentDownlineTransactionDetailsCopy&memberId=${row.id}` }}
            aria-label={t('agent.downlines.transactionsOf', { account: row.account })}
          >
            {t('agent.downlines.transactions')}
          </Link>
        </span>
      ),
    },
  ];
}

/**
 * downlineManagmentView: the caller's direct downlines, a drill-down into a downline agent's team (with
 * breadcrumbs back up) or a search of the whole team; sorted and paged by the server, the view kept in
 * the address. A direct downline can be paid (the payments feature's transfer, when the app gives it).
 */
export function DownlinesPage({
  currency,
  renderTransfer,
}: {
  currency: Currency;
  renderTransfer?: RenderTransfer | undefined;
}) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { search, update } = usePageSearch();
  const { query, filterQuery, filters, parentId, sort, order } = downlineQueryOf(search);
  const downlines = useDownlinePage(query);
  const [transferTo, setTransferTo] = useState<TransferTarget | null>(null);
  const [offerTo, setOfferTo] = useState<TransferTarget | null>(null);
  const [offered, setOffered] = useState<string | null>(null);
  // Only the caller's own directs can be paid: a drill-down's level 1 are another agent's.
  const isOwnDirect = (row: Downline) => !parentId && row.level === 1;
  const canTransfer = (row: Downline) => renderTransfer !== undefined && isOwnDirect(row);
  // Contracts are between the caller and its direct downline agents: one read of the live ones for the page.
  const flags = useContractFlags();
  const contractsOn = enabledKinds(flags.data).length > 0 && !parentId;
  const live = useContracts({ side: 'downlines', state: 'accepted', page: 1, pageSize: 100 }, contractsOn);
  const contractsOf = (row: Downline) =>
    isOwnDirect(row) && contractAgentTypes.some((type) => type === row.type)
      ? (live.data?.items.filter((contract) => contract.downline.id === row.id) ?? [])
      : null;

  const onSort = (key: string) => {
    if (!isSortKey(key)) return;
    const nextOrder = key === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrder(key);
    update({ sort: key, order: nextOrder, pageNo: null });
  };
  const onSearch = (next: DownlineFilters) => update({ ...next, pageNo: null });

  const columns = downlineColumns({
    t,
    language: i18n.language,
    money: moneyFormat(currency),
    search,
    canTransfer,
    onTransfer: (row) => setTransferTo({ id: row.id, account: row.account, nickname: row.nickname }),
    contractsOf: contractsOn ? contractsOf : null,
    contractsLoading: live.isPending,
    onOffer: (row) => setOfferTo({ id: row.id, account: row.account, nickname: row.nickname }),
  });

  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <PeriodPicker
          value={periodFromSearch(search)}
          onChange={(next) => update({ ...periodSearch(next), pageNo: null })}
          resolved={downlines.data}
        />
        <CsvButton
          definition={agentCalls.agentDownlinesCsv}
          query={filterQuery}
          fallbackName={`downlines-${downlines.data?.from ?? ''}-${downlines.data?.to ?? ''}.csv`}
        />
      </div>
      <DownlineSearchForm value={filters} onSearch={onSearch} />
      {downlines.data ? <TeamBreadcrumbs path={downlines.data.path} search={search} /> : null}
      <DownlineSortSelect
        sort={sort}
        order={order}
        onChange={(key, direction) => update({ sort: key, order: direction, pageNo: null })}
      />
      <ResultCount total={downlines.data?.total} />
      {offered ? <FormMessage kind="success">{offered}</FormMessage> : null}
      <DataTable<Downline>
        caption={t('agent.downlines.caption')}
        columns={columns}
        rows={downlines.data?.items}
        rowKey={(row) => String(row.id)}
        states={tableStates(downlines, errorText, {
          icon: 'users',
          title: t('agent.downlines.empty'),
          text: t('agent.downlines.emptyText'),
        })}
        refreshing={downlines.isFetching}
        sorting={{ key: sort, order, onSort }}
        paging={pagingOf(downlines.data, (page) => update({ pageNo: page }))}
      />
      {transferTo && renderTransfer ? (
        <ModalDialog
          className="agent-dialog"
          title={t('agent.downlines.transferTitle', { account: transferTo.account })}
          icon="send"
          onClose={() => setTransferTo(null)}
        >
          {renderTransfer(
            transferTo,
            () => void queryClient.invalidateQueries({ queryKey: agentQueryKeys.downlines }),
          )}
        </ModalDialog>
      ) : null}
      {offerTo && flags.data ? (
        <ContractModal
          target={{ side: 'downline', downline: { id: offerTo.id, account: offerTo.account } }}
          flags={flags.data}
          currency={currency}
          onClose={() => setOfferTo(null)}
          onDone={() => {
            setOfferTo(null);
            setOffered(t('agent.contracts.sent', { account: offerTo.account }));
          }}
        />
      ) : null}
    </div>
  );
}

export default DownlinesPage;
