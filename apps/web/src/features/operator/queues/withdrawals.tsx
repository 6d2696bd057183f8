import type { OperatorWithdrawal, WithdrawalStatus } from '@portal/contracts';
import { opsPaymentCalls } from '../api/operator-calls';
import { ProofImage } from '../components/proof-image';
import { StatusBadge } from '../components/status-badge';
import { formatTime } from '../model/format';
import type { QueueAction, QueueDefinition } from '../model/queue';

type Row = OperatorWithdrawal;

function pendingActions(row: Row): QueueAction<Row>[] {
  return [
    {
      id: 'approve',
      labelKey: 'actions.disburse',
      tone: 'primary',
      permission: 'decideMoney',
      money: true,
      reason: 'none',
      run: (api) => api(opsPaymentCalls.opsWithdrawalApprove, { params: { id: row.id } }),
    },
    {
      id: 'reject',
      labelKey: 'actions.reject',
      tone: 'danger',
      permission: 'decideMoney',
      money: true,
      reason: 'required',
      run: (api, _row, reason) =>
        api(opsPaymentCalls.opsWithdrawalReject, { params: { id: row.id }, body: { reason } }),
    },
  ];
}

/** The player says the payout did not (fully) arrive: the missing part goes back to them. */
function returnAction(row: Row): QueueAction<Row> {
  return {
    id: 'return',
    labelKey: 'actions.returnMissing',
    tone: 'secondary',
    permission: 'decideMoney',
    money: true,
    reason: 'none',
    run: (api) => api(opsPaymentCalls.opsWithdrawalReturn, { params: { id: row.id } }),
  };
}

/** Withdrawals: pay out (disbursed) or reject with a reason; return the missing part of a claim. */
export const withdrawalsQueue: QueueDefinition<Row, WithdrawalStatus> = {
  id: 'withdrawals',
  statuses: [
    'pending',
    'not_received',
    'partially_received',
    'disbursed',
    'received',
    'all_received',
    'forced_received',
    'rejected',
    'returned',
  ],
  list: (api, query, signal) =>
    api(opsPaymentCalls.opsWithdrawals, {
      query: { page: query.page, pageSize: query.pageSize, status: query.status },
      signal,
    }),
  rowKey: (row) => row.id,
  describe: (row) => ({ account: row.username, amount: row.missingAmount ?? row.amount }),
  columns: (t, locale) => [
    { id: 'id', header: t('queue.columns.id'), cell: (row) => row.id },
    { id: 'account', header: t('queue.columns.account'), cell: (row) => row.username },
    { id: 'amount', header: t('queue.columns.amount'), cell: (row) => row.amount, numeric: true },
    {
      id: 'bank',
      header: t('queue.columns.bank'),
      cell: (row) => `${row.bankName} · ${row.accountNumber} · ${row.holderName}`,
    },
    {
      id: 'missing',
      header: t('queue.columns.missing'),
      numeric: true,
      cell: (row) => row.missingAmount ?? '—',
    },
    {
      id: 'proof',
      header: t('queue.columns.proof'),
      cell: (row) =>
        row.hasClaimProof ? (
          <ProofImage call={opsPaymentCalls.opsWithdrawalProof} id={row.id} account={row.username} />
        ) : (
          '—'
        ),
    },
    {
      id: 'status',
      header: t('queue.columns.status'),
      cell: (row) => <StatusBadge status={row.status} reason={row.rejectReason} />,
    },
    {
      id: 'createdAt',
      header: t('queue.columns.createdAt'),
      cell: (row) => formatTime(row.createdAt, locale),
    },
  ],
  actions: (row) => {
    if (row.status === 'pending') return pendingActions(row);
    if (row.status === 'not_received' || row.status === 'partially_received') return [returnAction(row)];
    return [];
  },
};
