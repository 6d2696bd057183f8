import type { AdjustmentStatus, BalanceAdjustment } from '@portal/contracts';
import { opsPlayerCalls } from '../api/operator-calls';
import { StatusBadge } from '../components/status-badge';
import { formatTime } from '../model/format';
import { decisionActions, type QueueDefinition } from '../model/queue';

/**
 * Balance adjustments above the merchant's threshold, waiting for a second operator (four eyes): approve
 * moves the money once, reject with a note. The server refuses the requester's own decision.
 */
export const adjustmentsQueue: QueueDefinition<BalanceAdjustment, AdjustmentStatus> = {
  id: 'adjustments',
  statuses: ['pending', 'applied', 'rejected'],
  list: (api, query, signal) =>
    api(opsPlayerCalls.opsAdjustments, {
      query: { page: query.page, pageSize: query.pageSize, status: query.status },
      signal,
    }),
  rowKey: (row) => row.id,
  describe: (row) => ({
    account: row.account,
    amount: row.direction === 'debit' ? `-${row.amount}` : row.amount,
  }),
  columns: (t, locale) => [
    { id: 'id', header: t('queue.columns.id'), cell: (row) => row.id },
    { id: 'account', header: t('queue.columns.account'), cell: (row) => row.account },
    {
      id: 'amount',
      header: t('queue.columns.amount'),
      numeric: true,
      cell: (row) => (row.direction === 'debit' ? `-${row.amount}` : `+${row.amount}`),
    },
    { id: 'reason', header: t('queue.columns.reason'), cell: (row) => row.reason },
    { id: 'requestedBy', header: t('queue.columns.requestedBy'), cell: (row) => row.requestedBy },
    {
      id: 'status',
      header: t('queue.columns.status'),
      cell: (row) => <StatusBadge status={row.status} reason={row.decisionNote} />,
    },
    {
      id: 'createdAt',
      header: t('queue.columns.createdAt'),
      cell: (row) => formatTime(row.createdAt, locale),
    },
  ],
  actions: (row) =>
    row.status === 'pending'
      ? decisionActions(
          (api, decision, note) =>
            api(opsPlayerCalls.opsAdjustmentDecide, { params: { id: row.id }, body: { decision, note } }),
          true,
        )
      : [],
};
