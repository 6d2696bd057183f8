import type { OperatorPointsRedeem, RedeemStatus } from '@portal/contracts';
import { opsPointsCalls } from '../api/operator-calls';
import { StatusBadge } from '../components/status-badge';
import { formatTime } from '../model/format';
import { decisionActions, type QueueDefinition } from '../model/queue';

/** Points redeems in process: approve posts the points and pays once, reject releases them; a remark either way. */
export const redeemsQueue: QueueDefinition<OperatorPointsRedeem, RedeemStatus> = {
  id: 'redeems',
  statuses: ['in_process', 'approved', 'rejected'],
  list: (api, query, signal) =>
    api(opsPointsCalls.opsPointsRedeems, {
      query: { page: query.page, pageSize: query.pageSize, status: query.status },
      signal,
    }),
  rowKey: (row) => row.reference,
  describe: (row) => ({ account: row.account, amount: row.amountRequirement }),
  columns: (t, locale) => [
    { id: 'reference', header: t('queue.columns.reference'), cell: (row) => row.reference },
    { id: 'account', header: t('queue.columns.account'), cell: (row) => row.account },
    { id: 'item', header: t('queue.columns.item'), cell: (row) => `${row.itemName} × ${row.units}` },
    { id: 'points', header: t('queue.columns.points'), cell: (row) => row.pointsRequirement, numeric: true },
    {
      id: 'amount',
      header: t('queue.columns.amount'),
      cell: (row) => row.amountRequirement ?? '—',
      numeric: true,
    },
    {
      id: 'delivery',
      header: t('queue.columns.delivery'),
      cell: (row) => [row.receivingAddress, row.phone].filter(Boolean).join(' · ') || '—',
    },
    {
      id: 'status',
      header: t('queue.columns.status'),
      cell: (row) => <StatusBadge status={row.status} reason={row.remark || null} />,
    },
    {
      id: 'appliedAt',
      header: t('queue.columns.createdAt'),
      cell: (row) => formatTime(row.appliedAt, locale),
    },
  ],
  actions: (row) =>
    row.status === 'in_process'
      ? decisionActions(
          (api, decision, remark) =>
            api(opsPointsCalls.opsPointsRedeemDecide, {
              params: { id: row.reference },
              body: { decision, remark },
            }),
          row.amountRequirement !== null,
        )
      : [],
};
