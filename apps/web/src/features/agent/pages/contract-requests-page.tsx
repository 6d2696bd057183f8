import type { AgentContract, ContractListQuery, Currency } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { FieldFrame, FormMessage } from '../../../components/ui/form';
import { Icon } from '../../../components/ui/icon';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { useContractFlags, useContracts, useUpline } from '../api/contract-queries';
import { ContractDecisionDialog } from '../components/contract-decision-dialog';
import { ContractModal, type ContractTarget } from '../components/contract-modal';
import { TiersList } from '../components/contract-summary';
import { useErrorText } from '../components/error-text';
import { ResultCount, tableStates } from '../components/query-state';
import { Tabs } from '../components/tabs';
import { contractKinds, contractStates } from '../model/contract-lists';
import { contractActions, counterpartOf, isAwaitingMe, type ContractAction } from '../model/contract-view';
import { formatRate, formatTime, moneyFormat, type MoneyFormat } from '../model/format';
import { pagingOf } from '../model/totals';
import { positiveInt, usePageSearch } from '../model/use-page-search';
import '../../../styles/money-pages.css';
import '../agent-pages.css';

const contractPageSize = 20;
type Side = NonNullable<ContractListQuery['side']>;

/** The list the page address stands for: the side (tab), kind, state and page. A top agent has no upline. */
function contractQueryOf(search: URLSearchParams, topAgent: boolean) {
  const side: Side = topAgent || search.get('side') === 'downlines' ? 'downlines' : 'mine';
  const kind = contractKinds.find((candidate) => candidate === search.get('kind'));
  const state = contractStates.find((candidate) => candidate === search.get('state'));
  const query = {
    side,
    ...(kind ? { kind } : {}),
    ...(state ? { state } : {}),
    page: positiveInt(search.get('pageNo'), 1, 10_000),
    pageSize: contractPageSize,
  } satisfies ContractListQuery;
  return { query, side, kind, state };
}

interface ColumnContext {
  t: TFunction<'agent'>;
  language: string;
  money: MoneyFormat;
  onAction: (contract: AgentContract, action: ContractAction) => void;
}

function contractColumns({ t, language, money, onAction }: ColumnContext): DataColumn<AgentContract>[] {
  return [
    {
      id: 'kind',
      header: t('agent.contracts.columns.kind'),
      cell: (row) => t(`agent.contracts.kinds.${row.kind}`),
    },
    {
      id: 'counterpart',
      header: t('agent.contracts.columns.counterpart'),
      cell: (row) => counterpartOf(row).account,
    },
    {
      id: 'tiers',
      header: t('agent.contracts.columns.tiers'),
      cell: (row) => <TiersList tiers={row.tiers} money={money} />,
    },
    {
      id: 'maxRate',
      header: t('agent.contracts.columns.maxRate'),
      numeric: true,
      cell: (row) => formatRate(row.maxRate),
    },
    {
      id: 'state',
      header: t('agent.contracts.columns.state'),
      cell: (row) => (
        <>
          {t(`agent.contracts.states.${row.state}`)}
          {isAwaitingMe(row) ? (
            <span className="badge badge--pending">{t('agent.contracts.awaitingMe')}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'createdAt',
      header: t('agent.contracts.columns.createdAt'),
      cell: (row) => formatTime(row.createdAt, language),
    },
    {
      id: 'end',
      header: t('agent.contracts.columns.end'),
      cell: (row) => {
        const parts = [
          row.endsAt ? formatTime(row.endsAt, language) : null,
          row.endReason ? t(`agent.contracts.endReasons.${row.endReason}`) : null,
        ].filter(Boolean);
        return parts.length > 0 ? parts.join(' · ') : '—';
      },
    },
    {
      id: 'actions',
      header: t('agent.contracts.columns.actions'),
      cell: (row) => (
        <span className="agent-row-actions">
          {contractActions(row).map((action) => (
            <button
              key={action}
              type="button"
              className={`button button--small ${action === 'accept' ? 'button--primary' : 'button--ghost'}`}
              onClick={() => onAction(row, action)}
              aria-label={t(`agent.contracts.actionOf.${action}`, {
                kind: t(`agent.contracts.kinds.${row.kind}`),
                account: counterpartOf(row).account,
              })}
            >
              {t(`agent.contracts.actions.${action}`)}
            </button>
          ))}
        </span>
      ),
    },
  ];
}

/** The caller's upline: from a contract with it when the list has one, else the transfer-to-upline read. */
function useMyUpline(side: Side, rows: readonly AgentContract[] | undefined) {
  const fromRow = side === 'mine' ? rows?.[0]?.upline : undefined;
  const read = useUpline(side === 'mine' && rows !== undefined && !fromRow);
  if (fromRow) return { id: fromRow.id, account: fromRow.account };
  const upline = read.data?.upline;
  return upline ? { id: upline.id, account: upline.username } : null;
}

/**
 * Contract requests: the caller's contracts with its upline ("My contracts": offers awaiting its answer
 * stand out, with Accept and Reject) and those it gave its downlines (with Terminate, and Withdraw for its
 * own pending offers), filtered by kind and state. New contracts are offered, or asked of the upline,
 * from here.
 */
export function ContractRequestsPage({ currency, topAgent }: { currency: Currency; topAgent: boolean }) {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const { search, update } = usePageSearch();
  const { query, side, kind, state } = contractQueryOf(search, topAgent);
  const flags = useContractFlags();
  const contracts = useContracts(query);
  const upline = useMyUpline(side, contracts.data?.items);
  const [modal, setModal] = useState<ContractTarget | null>(null);
  const [decision, setDecision] = useState<{ contract: AgentContract; action: ContractAction } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const money = moneyFormat(currency);
  if (!flags.data) return <SkeletonLines count={5} />;

  const columns = contractColumns({
    t,
    language: i18n.language,
    money,
    onAction: (contract, action) => setDecision({ contract, action }),
  });
  // A top agent is paid the merchant's rates: it has contracts with its downlines only.
  const tabs = [
    ...(topAgent ? [] : [{ value: 'mine' as const, label: t('agent.contracts.sides.mine') }]),
    { value: 'downlines' as const, label: t('agent.contracts.sides.downlines') },
  ];

  return (
    <div className="agent-page">
      <div className="agent-toolbar">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setModal({ side: 'downline', downline: null })}
        >
          <Icon name="users" size={16} />
          {t('agent.contracts.new')}
        </button>
        {side === 'mine' && upline ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setModal({ side: 'upline', upline })}
          >
            {t('agent.contracts.requestFromUpline', { account: upline.account })}
          </button>
        ) : null}
      </div>
      {topAgent ? <p className="agent-note">{t('agent.contracts.topAgentNote')}</p> : null}
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      <Tabs
        label={t('agent.contracts.sides.label')}
        tabs={tabs}
        value={side}
        onChange={(next) => update({ side: next === 'mine' ? null : next, pageNo: null })}
      >
        <div className="agent-page">
          <ContractFilters
            kind={kind}
            state={state}
            onChange={(patch) => update({ ...patch, pageNo: null })}
          />
          <ResultCount total={contracts.data?.total} />
          <DataTable<AgentContract>
            caption={t(`agent.contracts.caption.${side}`)}
            columns={columns}
            rows={contracts.data?.items}
            rowKey={(row) => String(row.id)}
            rowClassName={(row) => (isAwaitingMe(row) ? 'agent-row--awaiting' : undefined)}
            states={tableStates(contracts, errorText, {
              icon: 'users',
              title: t(`agent.contracts.empty.${side}`),
              text: t('agent.contracts.emptyText'),
            })}
            refreshing={contracts.isFetching}
            paging={pagingOf(contracts.data, (next) => update({ pageNo: next }))}
          />
        </div>
      </Tabs>
      {modal ? (
        <ContractModal
          target={modal}
          flags={flags.data}
          currency={currency}
          onClose={() => setModal(null)}
          onDone={(contract) => {
            setModal(null);
            setDone(t('agent.contracts.sent', { account: counterpartOf(contract).account }));
          }}
        />
      ) : null}
      {decision ? (
        <ContractDecisionDialog
          contract={decision.contract}
          action={decision.action}
          currency={currency}
          onClose={() => setDecision(null)}
          onDone={(contract, action) => {
            setDecision(null);
            setDone(
              t(`agent.contracts.decision.${action}.done`, { account: counterpartOf(contract).account }),
            );
          }}
        />
      ) : null}
    </div>
  );
}

/** The kind and state filters of the contract list. */
function ContractFilters({
  kind,
  state,
  onChange,
}: {
  kind: string | undefined;
  state: string | undefined;
  onChange: (patch: { kind?: string | null; state?: string | null }) => void;
}) {
  const { t } = useTranslation('agent');
  return (
    <div className="agent-filters">
      <FieldFrame label={t('agent.contracts.columns.kind')}>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={kind ?? ''}
            onChange={(event) => onChange({ kind: event.target.value || null })}
          >
            <option value="">{t('agent.contracts.allKinds')}</option>
            {contractKinds.map((option) => (
              <option key={option} value={option}>
                {t(`agent.contracts.kinds.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame label={t('agent.contracts.columns.state')}>
        {(control) => (
          <select
            {...control}
            className="form-field__input"
            value={state ?? ''}
            onChange={(event) => onChange({ state: event.target.value || null })}
          >
            <option value="">{t('agent.contracts.allStates')}</option>
            {contractStates.map((option) => (
              <option key={option} value={option}>
                {t(`agent.contracts.states.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}

export default ContractRequestsPage;
