import type { DepositStatus, OperatorDeposit } from '@portal/contracts';
import { opsPaymentCalls } from '../api/operator-calls';
import { ProofImage } from '../components/proof-image';
import { StatusBadge } from '../components/status-badge';
import { formatTime } from '../model/format';
import type { QueueDefinition } from '../model/queue';

/** Manual deposits to approve (credited once) or reject with a reason; the proof shows in the row. */
export const depositsQueue: QueueDefinition<OperatorDeposit, DepositStatus> = {
  id: 'deposits',
  statuses: ['pending', 'approved', 'rejected'],
  list: (api, query, signal) =>
    api(opsPaymentCalls.opsDeposits, {
      query: { page: query.page, pageSize: query.pageSize, status: query.status },
      signal,
    }),
  rowKey: (row) => row.id,
  describe: (row) => ({ account: row.username, amount: row.amount }),
  columns: (t, locale) => [
    { id: 'id', header: t('queue.columns.id'), cell: (row) => row.id },
    { id: 'account', header: t('queue.columns.account'), cell: (row) => row.username },
    { id: 'channel', header: t('queue.columns.channel'), cell: (row) => row.channelName },
    { id: 'amount', header: t('queue.columns.amount'), cell: (row) => row.amount, numeric: true },
    { id: 'reference', header: t('queue.columns.reference'), cell: (row) => row.reference ?? '—' },
    {
      id: 'proof',
      header: t('queue.columns.proof'),
      cell: (row) =>
        row.hasProof ? (
          <ProofImage call={opsPaymentCalls.opsDepositProof} id={row.id} account={row.username} />
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
  actions: (row) =>
    row.status === 'pending'
      ? [
          {
            id: 'approve',
            labelKey: 'actions.approve',
            tone: 'primary',
            permission: 'decideMoney',
            money: true,
            reason: 'none',
            run: (api) => api(opsPaymentCalls.opsDepositApprove, { params: { id: row.id } }),
          },
          {
            id: 'reject',
            labelKey: 'actions.reject',
            tone: 'danger',
            permission: 'decideMoney',
            money: true,
            reason: 'required',
            run: (api, _row, reason) =>
              api(opsPaymentCalls.opsDepositReject, { params: { id: row.id }, body: { reason } }),
          },
        ]
      : [],
};
